import { describe, expect, it } from 'vitest'
import { analyseRedirects } from '../../workers/audit/domain/checks/redirects'
import { followChain, formatHop, MAX_REDIRECTS, type Chain, type ChainEnd } from '../../workers/audit/domain/retrieve/chain'
import type { FetchOutcome } from '../../workers/audit/domain/retrieve/page'

const page = (url: string, status = 200): ChainEnd => ({
  kind: 'response',
  response: { url, status, headers: {}, cookies: [], html: null },
})

/** A chain visiting `urls` in order (each redirecting to the next with `status`), ending on a 200. */
function chain(urls: string[], status = 301, end?: ChainEnd): Chain {
  const hops = urls.slice(1).map((to, i) => ({ from: urls[i], status, to }))
  return { start: urls[0], hops, end: end ?? page(urls.at(-1)!), responses: [] }
}

// After the Observatory's test/redirection.test.js, plus the chains it cannot express.
describe('redirection analyser', () => {
  it.each([
    ['proper redirection to HTTPS', chain(['http://mozilla.org/', 'https://mozilla.org/']), 'redirection-to-https', true],
    [
      'same host, then elsewhere',
      chain(['http://mozilla.org/', 'https://mozilla.org/', 'https://www.mozilla.org/en/']),
      'redirection-to-https',
      true,
    ],
    ['HTTPS on a port', chain(['http://mozilla.org/', 'https://mozilla.org:8443/']), 'redirection-to-https', true],
    ['no redirect at all', chain(['http://mozilla.org/']), 'redirection-missing', false],
    ['only to HTTP', chain(['http://mozilla.org/', 'http://www.mozilla.org/']), 'redirection-not-to-https', false],
    [
      'longer HTTP-only chain',
      chain(['http://mozilla.org/', 'http://www.mozilla.org/', 'http://www.mozilla.org/en/']),
      'redirection-not-to-https',
      false,
    ],
    [
      'HTTP first, HTTPS later',
      chain(['http://mozilla.org/', 'http://www.mozilla.org/', 'https://www.mozilla.org/']),
      'redirection-not-to-https-on-initial-redirection',
      false,
    ],
    // http_to_https wants the same registrable domain only (issue 20); the result wants the same host.
    ['first hop off host', chain(['http://mozilla.org/', 'https://www.mozilla.org/']), 'redirection-off-host-from-http', true],
    ['first hop to another site', chain(['http://mozilla.org/', 'https://www.firefox.com/']), 'redirection-off-host-from-http', false],
    ['302 and 307 count', chain(['http://mozilla.org/', 'https://mozilla.org/'], 307), 'redirection-to-https', true],
  ])('%s → %s', (_name, c, result, httpToHttps) => {
    expect(analyseRedirects(c)).toMatchObject({ result, http_to_https: httpToHttps })
  })

  it('passes when nothing listens on plain HTTP', () => {
    const c: Chain = {
      start: 'http://mozilla.org/',
      hops: [],
      end: { kind: 'failed', url: 'http://mozilla.org/', failure: { kind: 'network', message: 'refused' } },
      responses: [],
    }
    expect(analyseRedirects(c)).toEqual({ result: 'redirection-not-needed-no-http', http_to_https: false, destination: null })
  })

  it('fails a redirect into an untrusted certificate', () => {
    const c = chain(['http://a.com/', 'https://a.com/'], 301, {
      kind: 'failed',
      url: 'https://a.com/',
      failure: { kind: 'tls', message: "TLS peer's certificate is not trusted" },
    })
    expect(analyseRedirects(c).result).toBe('redirection-invalid-cert')
  })

  it.each<[string, ChainEnd, string]>([
    ['loop', { kind: 'loop', url: 'http://a.com/' }, 'redirection-loop'],
    ['too many', { kind: 'too-many' }, 'redirection-too-many'],
    ['blocked', { kind: 'blocked', url: 'http://10.0.0.1/', reason: 'private' }, 'redirection-blocked'],
    ['broken', { kind: 'failed', url: 'https://b.com/', failure: { kind: 'timeout', message: 'timed out' } }, 'redirection-broken'],
  ])('fails a chain that ends in a %s', (_name, end, result) => {
    expect(analyseRedirects(chain(['http://a.com/', 'https://b.com/'], 301, end)).result).toBe(result)
  })
})

describe('following a chain', () => {
  type Answer = { status: number; location?: string } | 'timeout' | 'tls'
  function deps(answers: Record<string, Answer>, refused: string[] = []) {
    const asked: string[] = []
    const validated: string[] = []
    return {
      asked,
      validated,
      fetchOnce: async (url: string): Promise<FetchOutcome> => {
        asked.push(url)
        const a = answers[url]
        if (a === undefined) throw new Error(`unexpected request to ${url}`)
        if (a === 'timeout') return { ok: false, failure: { kind: 'timeout', message: 'timed out' } }
        if (a === 'tls') return { ok: false, failure: { kind: 'tls', message: 'certificate has expired' } }
        const headers: Record<string, string> = a.location === undefined ? {} : { location: a.location }
        return { ok: true, response: { url, status: a.status, headers, cookies: [], html: null } }
      },
      validateHop: async (url: URL) => {
        validated.push(url.href)
        if (refused.includes(url.hostname)) throw new Error(`${url.hostname} is private`)
      },
    }
  }

  it('follows relative and absolute Locations and records each hop', async () => {
    const d = deps({
      'http://a.com/': { status: 301, location: 'https://a.com/' },
      'https://a.com/': { status: 302, location: '/home#top' },
      'https://a.com/home': { status: 200 },
    })
    const c = await followChain('http://a.com/', d)
    expect(c.hops.map(formatHop)).toEqual(['http://a.com/ -> 301 -> https://a.com/', 'https://a.com/ -> 302 -> https://a.com/home'])
    expect(c.end).toMatchObject({ kind: 'response', response: { url: 'https://a.com/home', status: 200 } })
    expect(d.validated).toEqual(['https://a.com/', 'https://a.com/home'])
  })

  it('validates a hop before contacting it, and stops at a private target', async () => {
    const d = deps({ 'http://a.com/': { status: 302, location: 'http://internal.a.com/admin' } }, ['internal.a.com'])
    const c = await followChain('http://a.com/', d)
    expect(c.end).toMatchObject({ kind: 'blocked', url: 'http://internal.a.com/admin' })
    expect(d.asked).toEqual(['http://a.com/'])
    expect(c.hops).toHaveLength(1)
  })

  it('detects a loop', async () => {
    const d = deps({
      'http://a.com/': { status: 301, location: 'https://a.com/' },
      'https://a.com/': { status: 301, location: 'http://a.com/' },
    })
    const c = await followChain('http://a.com/', d)
    expect(c.end).toEqual({ kind: 'loop', url: 'http://a.com/' })
    expect(c.hops).toHaveLength(2)
    expect(c.responses.map((r) => [r.url, r.status])).toEqual([
      ['http://a.com/', 301],
      ['https://a.com/', 301],
    ])
  })

  it(`gives up after ${MAX_REDIRECTS} redirects`, async () => {
    const answers: Record<string, Answer> = {}
    for (let i = 0; i <= MAX_REDIRECTS + 1; i++) answers[`https://a.com/${i}`] = { status: 302, location: `/${i + 1}` }
    const d = deps(answers)
    const c = await followChain('https://a.com/0', d)
    expect(c.end).toEqual({ kind: 'too-many' })
    expect(d.asked).toHaveLength(MAX_REDIRECTS + 1)
  })

  it('follows exactly 10 redirects', async () => {
    const answers: Record<string, Answer> = {}
    for (let i = 0; i < MAX_REDIRECTS; i++) answers[`https://a.com/${i}`] = { status: 301, location: `/${i + 1}` }
    answers[`https://a.com/${MAX_REDIRECTS}`] = { status: 200 }
    const c = await followChain('https://a.com/0', deps(answers))
    expect(c.end.kind).toBe('response')
    expect(c.hops).toHaveLength(MAX_REDIRECTS)
  })

  it('treats 3xx without Location, 300 and 304 as final answers', async () => {
    for (const status of [300, 304, 301]) {
      const c = await followChain('http://a.com/', deps({ 'http://a.com/': { status } }))
      expect(c.end).toMatchObject({ kind: 'response', response: { status } })
    }
  })

  it('records where a chain broke off', async () => {
    const c = await followChain(
      'http://a.com/',
      deps({ 'http://a.com/': { status: 301, location: 'https://a.com/' }, 'https://a.com/': 'tls' })
    )
    expect(c.end).toMatchObject({ kind: 'failed', url: 'https://a.com/', failure: { kind: 'tls' } })
  })

  it('stops at an unusable Location', async () => {
    const c = await followChain('http://a.com/', deps({ 'http://a.com/': { status: 301, location: 'http://[::1' } }))
    expect(c.end).toEqual({ kind: 'bad-location', location: 'http://[::1' })
  })
})
