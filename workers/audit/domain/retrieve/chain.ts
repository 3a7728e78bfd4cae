import type { FetchFailure, FetchOutcome, PageResponse } from './page'

// RFC 9110 §15.4: the redirect statuses a user agent follows automatically (300 and 304 are not).
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308])
// The Observatory follows at most 10 redirects (src/retriever/session.js MAX_REDIRECTS).
export const MAX_REDIRECTS = 10

export type Hop = { from: string; status: number; to: string }

/** How a chain ended. `response` is the only end with a page to grade. */
export type ChainEnd =
  | { kind: 'response'; response: PageResponse }
  | { kind: 'failed'; url: string; failure: FetchFailure }
  | { kind: 'loop'; url: string }
  | { kind: 'too-many' }
  | { kind: 'blocked'; url: string; reason: string }
  | { kind: 'bad-location'; location: string }

export type Chain = {
  start: string
  hops: Hop[]
  end: ChainEnd
  /** Every answer received, redirects included, in order. */
  responses: PageResponse[]
}

export type ChainDeps = {
  /** Fetches one URL without following redirects (memoised per audit, see audit.ts). */
  fetchOnce: (url: string) => Promise<FetchOutcome>
  /** Throws (any error with a message) when the hop's target must not be contacted. */
  validateHop: (url: URL) => Promise<void>
}

/**
 * Follows redirects by hand from `start`, validating every target before contacting it.
 * The start URL itself was validated by the caller.
 */
export async function followChain(start: string, deps: ChainDeps): Promise<Chain> {
  const hops: Hop[] = []
  const seen = new Set<string>([start])
  let url = start
  const responses: PageResponse[] = []
  const done = (end: ChainEnd): Chain => ({ start, hops, end, responses })
  for (;;) {
    const outcome = await deps.fetchOnce(url)
    if (!outcome.ok) return done({ kind: 'failed', url, failure: outcome.failure })
    const { response } = outcome
    responses.push(response)
    const location = response.headers.location
    if (!REDIRECT_STATUSES.has(response.status) || location === undefined) {
      return done({ kind: 'response', response })
    }
    let next: URL
    try {
      // RFC 9110 §10.2.2: Location may be relative to the request URL; fragments are dropped.
      next = new URL(location, url)
      next.hash = ''
    } catch {
      return done({ kind: 'bad-location', location: location.slice(0, 200) })
    }
    hops.push({ from: url, status: response.status, to: next.href })
    if (seen.has(next.href)) return done({ kind: 'loop', url: next.href })
    if (hops.length > MAX_REDIRECTS) return done({ kind: 'too-many' })
    try {
      await deps.validateHop(next)
    } catch (err) {
      return done({ kind: 'blocked', url: next.href, reason: (err as Error).message })
    }
    seen.add(next.href)
    url = next.href
  }
}

/** `<from_url> -> <status> -> <to_url>`, the chain format of the spec. */
export function formatHop(hop: Hop): string {
  return `${hop.from} -> ${hop.status} -> ${hop.to}`
}
