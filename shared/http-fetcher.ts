/**
 * The one door to third-party HTTP. Workers take a `Fetcher` instead of calling the global
 * `fetch`, so tests hand in a fetcher that replays recorded or documented responses while
 * production passes `globalThis.fetch`: the code under test is the production code.
 */
export type HttpFetcher = (input: string | URL | Request, init?: RequestInit) => Promise<Response>

export const liveFetcher: HttpFetcher = (input, init) => fetch(input, init)

/** Adds a timeout to a fetcher; aborts with a TimeoutError after `ms`. */
export function withTimeout(fetcher: HttpFetcher, ms: number): HttpFetcher {
  return (input, init) => fetcher(input, { ...init, signal: init?.signal ?? AbortSignal.timeout(ms) })
}

type Recorded = { status?: number; headers?: Record<string, string>; body: string }

/**
 * A fetcher for tests: answers from a table keyed by URL (exact, or a RegExp), and throws
 * for anything not recorded, so a test never reaches the network by accident.
 */
export function replayFetcher(
  routes: Array<[string | RegExp, Recorded | ((req: Request) => Recorded | Promise<Recorded>)]>
): HttpFetcher & { calls: string[] } {
  const calls: string[] = []
  const fetcher = async (input: string | URL | Request, init?: RequestInit) => {
    const req = new Request(input, init)
    calls.push(`${req.method} ${req.url}`)
    for (const [match, answer] of routes) {
      const hit = typeof match === 'string' ? req.url === match : match.test(req.url)
      if (!hit) continue
      const rec = typeof answer === 'function' ? await answer(req) : answer
      return new Response(rec.body, { status: rec.status ?? 200, headers: rec.headers })
    }
    throw new Error(`replayFetcher: no recorded response for ${req.method} ${req.url}`)
  }
  return Object.assign(fetcher, { calls })
}
