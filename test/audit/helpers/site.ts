import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import type { HttpFetcher } from '../../../shared/http-fetcher'
import type { AuditDeps } from '../../../workers/audit/app'
import { makeApp } from '../app'
import type { Report } from '../../../workers/audit/schemas'
import { dohRoute, type Zone } from './doh'
import { recordedConnector, type Recorded } from './tls-flight'

/** A recorded answer for one URL, or how the request failed. */
export type Answer = { status?: number; headers?: Record<string, string>; body?: string } | { fail: 'timeout' | 'tls' | 'refused' | 'hang' }

export type World = {
  zone: Zone
  /**
   * Answers by URL; a function sees the request (e.g. to echo its Origin). A site's
   * /crossdomain.xml and /clientaccesspolicy.xml answer 404 unless listed.
   */
  pages: Record<string, Answer | ((req: Request) => Answer)>
  /** Raw server flights for the handshake reader, per host; missing hosts refuse the socket. */
  handshakes?: Record<string, Recorded>
  /** crt.sh answers: the JSON list and PEMs by id. */
  crtsh?: { json?: unknown[]; pem?: Record<number, string> }
}

const FAILURES = {
  timeout: () => new DOMException('The operation was aborted due to timeout', 'TimeoutError'),
  // What workerd reports when the peer's certificate fails validation (workers-sdk#4257).
  tls: () => new Error("TLS peer's certificate is not trusted; reason = certificate has expired"),
  refused: () => new Error('Network connection lost.'),
}

const POLICY_FILE = /^https?:\/\/[^/]+\/(?:crossdomain|clientaccesspolicy)\.xml$/

/**
 * The outbound side of a check, replayed: DoH answers from `zone`, site responses from
 * `pages`, crt.sh from `crtsh`. Anything else is a test bug and is recorded in `unexpected`
 * (and fails like a network error), so no test can reach the network.
 */
export function worldFetcher(world: World): HttpFetcher & { calls: string[]; unexpected: string[]; agents: Set<string> } {
  const [dohPattern, doh] = dohRoute(world.zone)
  const calls: string[] = []
  const unexpected: string[] = []
  const agents = new Set<string>()
  const fetcher = async (input: string | URL | Request, init?: RequestInit): Promise<Response> => {
    const req = new Request(input, init)
    if (dohPattern.test(req.url)) {
      const a = doh(req)
      return new Response(a.body, { status: a.status, headers: a.headers })
    }
    calls.push(req.url)
    agents.add(req.headers.get('user-agent') ?? '')
    if (req.url.startsWith('https://crt.sh/?q=')) return Response.json(world.crtsh?.json ?? [])
    const id = /^https:\/\/crt\.sh\/\?d=(\d+)$/.exec(req.url)?.[1]
    if (id && world.crtsh?.pem?.[Number(id)]) return new Response(world.crtsh.pem[Number(id)])
    const listed = world.pages[req.url]
    const answer = typeof listed === 'function' ? listed(req) : (listed ?? (POLICY_FILE.test(req.url) ? { status: 404 } : undefined))
    if (!answer) {
      unexpected.push(req.url)
      throw new Error(`no recorded response for ${req.url}`)
    }
    if ('fail' in answer) {
      if (answer.fail === 'hang') {
        // Never answers; gives up only when the caller's deadline aborts the request.
        return new Promise((_, reject) => req.signal.addEventListener('abort', () => reject(req.signal.reason)))
      }
      throw FAILURES[answer.fail]()
    }
    return new Response(answer.body ?? '', { status: answer.status ?? 200, headers: answer.headers })
  }
  return Object.assign(fetcher, { calls, unexpected, agents })
}

export type Harness = {
  request: (path: string, init?: RequestInit) => Promise<Response>
  check: (domain: string, init?: RequestInit) => Promise<{ res: Response; body: Report & { code?: string; error?: string } }>
  fetcher: ReturnType<typeof worldFetcher>
  clock: { now: Date }
}

let ipCounter = 0

/** The audit app wired to a replayed world, with a movable clock and its own client IP. */
export function harness(world: World, options: Partial<AuditDeps> = {}): Harness {
  const fetcher = worldFetcher(world)
  const clock = { now: new Date() }
  const ip = `198.51.100.${++ipCounter % 250}`
  const app = makeApp({
    fetcher,
    connectTls: recordedConnector(world.handshakes ?? {}),
    now: () => clock.now,
    handshakeTimeoutMs: 50,
    ...options,
  })
  const request = async (path: string, init: RequestInit = {}) => {
    const headers = new Headers(init.headers)
    if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', ip)
    const ctx = createExecutionContext()
    const res = await app.request(path, { ...init, headers }, env, ctx)
    await waitOnExecutionContext(ctx)
    return res
  }
  const check = async (domain: string, init?: RequestInit) => {
    const res = await request(`/api/v1/check?domain=${encodeURIComponent(domain)}`, init)
    return { res, body: (await res.json()) as Report & { code?: string; error?: string } }
  }
  return { request, check, fetcher, clock }
}

/** Headers of a page that does everything right (the ones this service's own pages send). */
export const STRONG_HEADERS = {
  'content-type': 'text/html; charset=utf-8',
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'content-security-policy':
    "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'",
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'no-referrer',
}

export const redirect = (status: number, location: string): Answer => ({ status, headers: { location }, body: '' })
