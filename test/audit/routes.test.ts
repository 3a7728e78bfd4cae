import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { SCORING_VERSION } from '../../workers/audit/domain/scoring'
import { makeCert, type MadeCert } from './helpers/certs'
import { redirect, harness, STRONG_HEADERS, type World } from './helpers/site'
import { record, serverFlight } from './helpers/tls-flight'

const BASE = env.BASE_URL as string
let ca: MadeCert
const flights: Record<string, Uint8Array> = {}

beforeAll(async () => {
  ca = await makeCert({ subject: "C=US, O=Let's Encrypt, CN=R11", notAfterDays: 1000, ca: true })
  const leaf = async (name: string, days: number, extra: Partial<Parameters<typeof makeCert>[0]> = {}) =>
    serverFlight([
      (await makeCert({ subject: `CN=${name}`, issuer: ca, names: [name, `www.${name}`], notAfterDays: days, ...extra })).der,
      ca.der,
    ])
  flights.good = await leaf('good-site.org', 80)
  flights.moz = await leaf('mozilla.org', 60)
  flights.expired = await leaf('expired-site.net', -5, { notBeforeDays: -95 })
  flights.self = serverFlight([
    (await makeCert({ subject: 'CN=selfsigned-site.io', names: ['selfsigned-site.io'], notAfterDays: 300 })).der,
  ])
})

const PUBLIC_A = ['93.184.215.14']

describe('GET /api/v1/check: end to end with recorded responses', () => {
  it('grades a well-configured site A+ with the served certificate', async () => {
    const world: World = {
      zone: { 'good-site.org': { A: PUBLIC_A, AAAA: ['2606:2800:21f:cb07:6820:80da:af6b:8b2c'] } },
      pages: {
        'http://good-site.org/': redirect(301, 'https://good-site.org/'),
        'https://good-site.org/': { headers: STRONG_HEADERS, body: '<!doctype html><title>ok</title>' },
      },
      handshakes: { 'good-site.org': flights.good },
    }
    const h = harness(world)
    const { res, body } = await h.check('Good-Site.org.')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/application\/json/)
    expect(res.headers.get('ratelimit-limit')).toBe('10')
    expect(body).toMatchObject({
      domain: 'good-site.org',
      checked_at: h.clock.now.toISOString(),
      score: 'A+',
      score_numeric: 100,
      scoring_version: SCORING_VERSION,
      view_url: `${BASE}/check/good-site.org`,
      graded_url: 'https://good-site.org/',
      graded_status: 200,
      redirects: {
        http_to_https: true,
        chain: ['http://good-site.org/ -> 301 -> https://good-site.org/'],
        final_url: 'https://good-site.org/',
        stopped: null,
        result: 'redirection-to-https',
      },
      ssl: {
        valid: true,
        issuer: "Let's Encrypt (R11)",
        names: ['good-site.org', 'www.good-site.org'],
        grade: 'A',
        source: 'tls-handshake',
        chain_length: 2,
        key: { algorithm: 'EC', bits: 256 },
        error: null,
      },
      headers: {
        hsts: {
          present: true,
          value: STRONG_HEADERS['strict-transport-security'],
          max_age: 63072000,
          include_subdomains: true,
          preload: true,
          result: 'hsts-implemented-max-age-at-least-six-months',
        },
        csp: { present: true, result: 'csp-implemented-with-no-unsafe-default-src-none', report_only: null },
        x_frame_options: { present: true, value: 'DENY', result: 'x-frame-options-implemented-via-csp' },
        x_content_type_options: { present: true, value: 'nosniff', result: 'x-content-type-options-nosniff' },
        referrer_policy: { present: true, value: 'no-referrer', result: 'referrer-policy-private' },
      },
    })
    expect(body.ssl.days_remaining).toBeGreaterThanOrEqual(79)
    expect(body.ssl.expires_at).toMatch(/^\d{4}-\d\d-\d\dT/)
    expect(body.headers.csp.directives).toMatchObject({ 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] })
    expect(body.findings.map((f) => [f.test, f.modifier])).toEqual([
      ['content-security-policy', 10],
      ['strict-transport-security', 0],
      ['redirection', 0],
      ['x-frame-options', 5],
      ['x-content-type-options', 0],
      ['referrer-policy', 5],
      ['cookies', 0],
      ['subresource-integrity', 0],
      ['cross-origin-resource-sharing', 0],
      ['cross-origin-resource-policy', 0],
      ['cross-origin-opener-policy', 0],
      ['cross-origin-embedder-policy', 0],
      ['reachability', 0],
    ])
    // https://good-site.org/ is requested once by both chains (then once more with a foreign
    // Origin for the CORS test), plus the two CORS policy files; no crt.sh.
    expect(h.fetcher.calls).toEqual([
      'http://good-site.org/',
      'https://good-site.org/',
      'https://good-site.org/',
      'https://good-site.org/crossdomain.xml',
      'https://good-site.org/clientaccesspolicy.xml',
    ])
    expect(h.fetcher.unexpected).toEqual([])
    expect([...h.fetcher.agents]).toEqual([`Mozilla/5.0 (compatible; HTTPS-Audit/1.0; +${BASE}/scoring)`])
  })

  it('grades the headers mozilla.org served on 2026-01-12 (B+, like the Observatory)', async () => {
    // Header values and the redirect chain as captured in mdn/mdn-http-observatory's
    // test/fixtures/mozilla-org.json; the Observatory graded this capture B (75, with
    // tests this service does not run).
    const csp =
      "frame-src 'self' accounts.firefox.com js.stripe.com www.google-analytics.com www.googletagmanager.com www.youtube.com; script-src 'self' 'unsafe-eval' 'unsafe-inline' cdn.transcend.io js.stripe.com s.ytimg.com tagmanager.google.com transcend-cdn.com www.google-analytics.com www.googletagmanager.com www.mozilla.org www.youtube.com; form-action 'self' https://abdri3ttkb.execute-api.us-east-2.amazonaws.com https://accounts.firefox.com/ https://basket.mozilla.org; font-src 'self' www.mozilla.org; style-src 'self' 'unsafe-inline' cdn.transcend.io transcend-cdn.com www.mozilla.org; default-src 'self' *.mozilla.org; frame-ancestors 'none'; upgrade-insecure-requests; img-src 'self' blog.mozilla.org data: images.ctfassets.net www.google-analytics.com www.googletagmanager.com www.mozilla.org; object-src 'none'; media-src 'self' assets.mozilla.net videos.cdn.mozilla.net www.mozilla.org; base-uri 'none'"
    const page = {
      headers: {
        'content-type': 'text/html; charset=utf-8',
        'content-security-policy': csp,
        'strict-transport-security': 'max-age=31536000',
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
        'referrer-policy': 'strict-origin-when-cross-origin',
        'cross-origin-opener-policy': 'same-origin',
      },
      body: '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Mozilla</title></head><body></body></html>',
    }
    const h = harness({
      zone: { 'mozilla.org': { A: ['44.236.72.93', '44.236.48.31'] }, 'www.mozilla.org': { A: ['34.160.94.203'] } },
      pages: {
        'http://mozilla.org/': redirect(302, 'https://mozilla.org/'),
        'https://mozilla.org/': redirect(301, 'https://www.mozilla.org/'),
        'https://www.mozilla.org/': page,
      },
      handshakes: { 'mozilla.org': flights.moz },
    })
    const { body } = await h.check('mozilla.org')
    expect(body).toMatchObject({
      score: 'B+',
      score_numeric: 80,
      graded_url: 'https://www.mozilla.org/',
      redirects: {
        http_to_https: true,
        chain: ['http://mozilla.org/ -> 302 -> https://mozilla.org/', 'https://mozilla.org/ -> 301 -> https://www.mozilla.org/'],
      },
      headers: { csp: { result: 'csp-implemented-with-unsafe-inline' }, hsts: { max_age: 31536000, include_subdomains: false } },
    })
    // 100 - 20 (unsafe-inline) = 80 < 90: the XFO, Referrer-Policy and COOP bonuses do not count.
    const bonuses = body.findings.filter((f) => f.modifier > 0)
    expect(bonuses.map((f) => [f.test, f.counted, f.points])).toEqual([
      ['x-frame-options', false, 0],
      ['referrer-policy', false, 0],
      ['cross-origin-opener-policy', false, 0],
    ])
    expect(body).toMatchObject({ score_uncapped: 80, bonuses_counted: false })
  })

  it('reports a site without HTTPS', async () => {
    const h = harness({
      zone: { 'plain-site.com': { A: PUBLIC_A } },
      pages: {
        'http://plain-site.com/': { headers: { 'content-type': 'text/html', 'x-frame-options': 'SAMEORIGIN' }, body: '<html></html>' },
        'https://plain-site.com/': { fail: 'refused' },
      },
      handshakes: { 'plain-site.com': { refuse: 'connection refused' } },
    })
    const { res, body } = await h.check('plain-site.com')
    expect(res.status).toBe(200)
    // 100 - 25 (no CSP) - 20 (no HTTPS for HSTS) - 20 (no redirect) - 5 (no XCTO) = 30; the
    // XFO bonus does not count below 90.
    expect(body).toMatchObject({
      score: 'D',
      score_numeric: 30,
      graded_url: 'http://plain-site.com/',
      ssl: {
        valid: false,
        grade: 'F',
        source: 'none',
        issuer: null,
        expires_at: null,
        days_remaining: null,
        error: 'Network connection lost.',
      },
      redirects: { http_to_https: false, chain: [], result: 'redirection-missing' },
      headers: {
        hsts: { present: false, value: null, result: 'hsts-not-implemented-no-https' },
        x_frame_options: { present: true, value: 'SAMEORIGIN', result: 'x-frame-options-sameorigin-or-deny' },
      },
    })
    expect(body.findings.find((f) => f.test === 'reachability')?.result).toBe('site-reachable-over-http-only')
    // The handshake failed, so Certificate Transparency was asked.
    expect(h.fetcher.calls).toContain('https://crt.sh/?q=plain-site.com&output=json&exclude=expired')
  })

  it('marks a first redirect to another host', async () => {
    const h = harness({
      zone: { 'old-brand.com': { A: PUBLIC_A }, 'www.new-brand.com': { A: ['151.101.1.69'] } },
      pages: {
        'http://old-brand.com/': redirect(301, 'https://www.new-brand.com/'),
        'https://old-brand.com/': redirect(301, 'https://www.new-brand.com/'),
        'https://www.new-brand.com/': { headers: { ...STRONG_HEADERS, 'content-security-policy': "script-src 'self'; object-src 'none'" } },
      },
      handshakes: { 'old-brand.com': flights.good },
    })
    const { body } = await h.check('old-brand.com')
    expect(body.redirects).toMatchObject({
      http_to_https: false,
      result: 'redirection-off-host-from-http',
      chain: ['http://old-brand.com/ -> 301 -> https://www.new-brand.com/'],
      final_url: 'https://www.new-brand.com/',
    })
    // 100 - 5 (off host) = 95 >= 90, so the bonuses count: + 5 (CSP) + 5 (XFO) + 5 (referrer) = 110 → 100.
    expect(body).toMatchObject({ score: 'A+', score_numeric: 100, graded_url: 'https://www.new-brand.com/' })
    expect(body.findings.find((f) => f.test === 'redirection')).toMatchObject({ pass: false, modifier: -5 })
  })

  it('stops a redirect loop', async () => {
    const h = harness({
      zone: { 'loop-site.com': { A: PUBLIC_A } },
      pages: {
        'http://loop-site.com/': redirect(301, 'https://loop-site.com/'),
        'https://loop-site.com/': redirect(302, 'http://loop-site.com/'),
      },
      handshakes: { 'loop-site.com': flights.good },
    })
    const { res, body } = await h.check('loop-site.com')
    expect(res.status).toBe(200)
    expect(body.redirects).toEqual({
      // The first hop does go to HTTPS on the same site; the result says the chain loops.
      http_to_https: true,
      chain: ['http://loop-site.com/ -> 301 -> https://loop-site.com/', 'https://loop-site.com/ -> 302 -> http://loop-site.com/'],
      final_url: 'http://loop-site.com/',
      stopped: 'redirect loop back to http://loop-site.com/',
      result: 'redirection-loop',
    })
    expect(body.graded_url).toBe('https://loop-site.com/')
    expect(h.fetcher.calls.filter((u) => u.includes('loop-site.com/'))).toEqual(['http://loop-site.com/', 'https://loop-site.com/'])
  })

  it('reports a site that times out, and caches that only briefly', async () => {
    const h = harness(
      {
        zone: { 'slow-site.com': { A: PUBLIC_A } },
        pages: { 'http://slow-site.com/': { fail: 'hang' }, 'https://slow-site.com/': { fail: 'hang' } },
        handshakes: { 'slow-site.com': { hang: true } },
      },
      { chainTimeoutMs: 30 }
    )
    const { res, body } = await h.check('slow-site.com')
    expect(res.status).toBe(200)
    expect(body).toMatchObject({
      score: 'F',
      score_numeric: 0,
      graded_url: null,
      ssl: { valid: false, grade: 'F', source: 'none' },
      redirects: { chain: [], http_to_https: false, stopped: 'http://slow-site.com/ did not answer: timed out' },
    })
    expect(body.findings.find((f) => f.test === 'reachability')).toMatchObject({ result: 'site-unreachable', modifier: -100 })
    expect(body.ssl.error).toMatch(/timeout|aborted/i)

    // Cached for a minute, not five.
    h.clock.now = new Date(h.clock.now.getTime() + 30_000)
    expect((await h.check('slow-site.com')).res.headers.get('cache-status')).toBe('audit; hit')
    h.clock.now = new Date(h.clock.now.getTime() + 31_000)
    expect((await h.check('slow-site.com')).res.headers.get('cache-status')).toMatch(/miss/)
  })

  it('counts a fetch that fails with a timeout error the same way', async () => {
    const h = harness({
      zone: { 'down-site.com': { A: PUBLIC_A } },
      pages: { 'http://down-site.com/': { fail: 'timeout' }, 'https://down-site.com/': { fail: 'timeout' } },
    })
    const { body } = await h.check('down-site.com')
    expect(body).toMatchObject({ score: 'F', score_numeric: 0, redirects: { result: 'redirection-not-needed-no-http' } })
  })

  it('never follows a redirect to a private address', async () => {
    const h = harness({
      zone: { 'sneaky-site.com': { A: PUBLIC_A }, 'admin.sneaky-site.com': { A: ['10.0.0.7'] } },
      pages: {
        'http://sneaky-site.com/': redirect(302, 'http://admin.sneaky-site.com/'),
        'https://sneaky-site.com/': redirect(302, 'http://169.254.169.254/latest/meta-data/'),
      },
    })
    const { res, body } = await h.check('sneaky-site.com')
    expect(res.status).toBe(200)
    expect(body.redirects).toMatchObject({
      result: 'redirection-blocked',
      chain: ['http://sneaky-site.com/ -> 302 -> http://admin.sneaky-site.com/'],
      stopped: expect.stringContaining('10.0.0.7 (private)'),
    })
    expect(h.fetcher.calls.some((u) => u.includes('admin.sneaky-site.com') || u.includes('169.254'))).toBe(false)
    expect(h.fetcher.unexpected).toEqual([])
  })

  it('grades an expired certificate F and reads it from the handshake', async () => {
    const h = harness({
      zone: { 'expired-site.net': { A: PUBLIC_A } },
      pages: { 'http://expired-site.net/': redirect(301, 'https://expired-site.net/'), 'https://expired-site.net/': { fail: 'tls' } },
      handshakes: { 'expired-site.net': flights.expired },
    })
    const { body } = await h.check('expired-site.net')
    expect(body.ssl).toMatchObject({ valid: false, grade: 'F', source: 'tls-handshake', grade_reasons: [expect.stringMatching(/expired/)] })
    expect(body.ssl.days_remaining).toBeLessThan(0)
    expect(body.headers.hsts.result).toBe('hsts-invalid-cert')
    expect(body.redirects.result).toBe('redirection-invalid-cert')
  })

  it("reads the platform's 526 (invalid origin certificate) as an untrusted certificate", async () => {
    const h = harness({
      zone: { 'bad-chain.net': { A: PUBLIC_A } },
      pages: {
        'http://bad-chain.net/': redirect(301, 'https://bad-chain.net/'),
        'https://bad-chain.net/': {
          status: 526,
          headers: { server: 'cloudflare', 'content-type': 'text/html' },
          body: 'Invalid SSL certificate',
        },
      },
      handshakes: { 'bad-chain.net': flights.self },
    })
    const { body } = await h.check('bad-chain.net')
    expect(body.ssl).toMatchObject({ valid: false, grade: 'T', error: 'HTTP 526: the certificate is not valid' })
    expect(body.redirects.result).toBe('redirection-invalid-cert')
    expect(body.graded_url).toBe('http://bad-chain.net/')
  })

  it('grades a self-signed certificate T', async () => {
    const h = harness({
      zone: { 'selfsigned-site.io': { A: PUBLIC_A } },
      pages: { 'http://selfsigned-site.io/': { fail: 'refused' }, 'https://selfsigned-site.io/': { fail: 'tls' } },
      handshakes: { 'selfsigned-site.io': flights.self },
    })
    const { body } = await h.check('selfsigned-site.io')
    expect(body.ssl).toMatchObject({ valid: false, grade: 'T', self_signed: true, grade_reasons: ['the certificate is self-signed'] })
  })

  it('falls back to Certificate Transparency when the socket is refused', async () => {
    const { pem } = await makeCert({ subject: 'CN=proxied-site.com', issuer: ca, names: ['proxied-site.com'], notAfterDays: 50 })
    const h = harness({
      zone: { 'proxied-site.com': { A: ['104.16.132.229'] } },
      pages: {
        'http://proxied-site.com/': redirect(301, 'https://proxied-site.com/'),
        'https://proxied-site.com/': { headers: STRONG_HEADERS },
      },
      handshakes: { 'proxied-site.com': { refuse: 'proxy request failed, cannot connect to the specified address' } },
      crtsh: {
        json: [
          {
            id: 77,
            issuer_name: "C=US, O=Let's Encrypt, CN=R11",
            common_name: 'proxied-site.com',
            name_value: 'proxied-site.com',
            not_before: '2020-01-01T00:00:00',
            not_after: '2999-01-01T00:00:00',
          },
        ],
        pem: { 77: pem },
      },
    })
    const { body } = await h.check('proxied-site.com')
    expect(body.ssl).toMatchObject({
      valid: true,
      source: 'certificate-transparency',
      issuer: "Let's Encrypt (R11)",
      grade: 'A',
      self_signed: null,
    })
    expect(body.ssl.error).toMatch(/TLS handshake: .*cannot connect/)
  })

  it('treats a record-layer alert from a TLS-1.3-only server like a refused socket', async () => {
    const h = harness({
      zone: { 'modern-site.dev': { A: PUBLIC_A } },
      pages: { 'http://modern-site.dev/': { fail: 'refused' }, 'https://modern-site.dev/': { headers: STRONG_HEADERS } },
      handshakes: { 'modern-site.dev': new Uint8Array(record(21, [2, 70])) },
    })
    const { body } = await h.check('modern-site.dev')
    // Nothing could be read of the certificate: the grade says so instead of guessing A (issue 20).
    expect(body).toMatchObject({
      score: 'A+',
      ssl: { valid: true, source: 'none', grade: 'unknown' },
      redirects: { result: 'redirection-not-needed-no-http' },
    })
    expect(body.ssl.tls.protocols).toMatchObject({ tls1_2: false })
    expect(body.ssl.error).toMatch(/protocol_version/)
  })
})

describe('GET /api/v1/check: errors', () => {
  const zone = { 'resolves-local.com': { A: ['127.0.0.1'] }, 'example.com': { A: PUBLIC_A } }

  it.each([
    ['/api/v1/check', 400, 'MISSING_DOMAIN'],
    ['/api/v1/check?domain=', 400, 'MISSING_DOMAIN'],
    ['/api/v1/check?domain=%20%20', 400, 'MISSING_DOMAIN'],
    ['/api/v1/check?domain=ftp://example.com', 400, 'INVALID_DOMAIN'],
    ['/api/v1/check?domain=https://example.com:8443/admin', 400, 'INVALID_DOMAIN'],
    ['/api/v1/check?domain=https://user@example.com/', 400, 'INVALID_DOMAIN'],
    ['/api/v1/check?domain=example.com:8080', 400, 'INVALID_DOMAIN'],
    ['/api/v1/check?domain=https://127.0.0.1/', 400, 'INVALID_DOMAIN'],
    ['/api/v1/check?domain=https://localhost/x', 400, 'DOMAIN_NOT_PUBLIC'],
    ['/api/v1/check?domain=http://resolves-local.com/', 400, 'DOMAIN_NOT_PUBLIC'],
    ['/api/v1/check?domain=127.0.0.1', 400, 'INVALID_DOMAIN'],
    ['/api/v1/check?domain=0x7f.1', 400, 'INVALID_DOMAIN'],
    ['/api/v1/check?domain=%5B%3A%3A1%5D', 400, 'INVALID_DOMAIN'],
    ['/api/v1/check?domain=exa%20mple.com', 400, 'INVALID_DOMAIN'],
    ['/api/v1/check?domain=localhost', 400, 'DOMAIN_NOT_PUBLIC'],
    ['/api/v1/check?domain=printer.local', 400, 'DOMAIN_NOT_PUBLIC'],
    ['/api/v1/check?domain=intranet', 400, 'DOMAIN_NOT_PUBLIC'],
    ['/api/v1/check?domain=resolves-local.com', 400, 'DOMAIN_NOT_PUBLIC'],
    ['/api/v1/check?domain=does-not-exist.com', 422, 'DOMAIN_NOT_FOUND'],
  ])('%s → %i %s', async (path, status, code) => {
    const h = harness({ zone, pages: {} })
    const res = await h.request(path)
    expect(res.status).toBe(status)
    const body = (await res.json()) as { error: string; code: string }
    expect(body.code).toBe(code)
    expect(body.error).toMatch(/\w+ \w+/)
    expect(h.fetcher.unexpected).toEqual([])
  })

  it('answers 503 DNS_UNAVAILABLE when the resolver is down, and does not cache it', async () => {
    const h = harness(
      { zone: {}, pages: {} },
      {
        fetcher: async () => {
          throw new TypeError('Network connection lost.')
        },
      }
    )
    for (let i = 0; i < 2; i++) {
      const { res, body } = await h.check('example.com')
      expect([res.status, body.code]).toEqual([503, 'DNS_UNAVAILABLE'])
    }
  })

  it('caches "not found" for a minute', async () => {
    const h = harness({ zone: {}, pages: {} })
    expect((await h.check('gone-site.com')).res.status).toBe(422)
    const asked = h.fetcher.calls.length
    const again = await h.check('gone-site.com')
    expect([again.res.status, again.body.code]).toEqual([422, 'DOMAIN_NOT_FOUND'])
    expect(h.fetcher.calls.length).toBe(asked)
  })

  it('never answers 500, whatever the domain parameter holds', async () => {
    const h = harness({ zone, pages: {} })
    const inputs = ['%00', '%FF%FE', 'a'.repeat(5000), '..', '.', '-', 'xn--', '%E2%80%AE', '💩.la', '%5B', 'a@b@c', '%0d%0aSet-Cookie:x=1']
    for (const input of inputs) {
      const res = await h.request(`/api/v1/check?domain=${input}`)
      expect([input, res.status < 500]).toEqual([input, true])
    }
  })
})

describe('GET /api/v1/check: cache, rate limit and Pro keys', () => {
  const world = (): World => ({
    zone: { 'cached-site.com': { A: PUBLIC_A } },
    pages: {
      'http://cached-site.com/': redirect(301, 'https://cached-site.com/'),
      'https://cached-site.com/': { headers: STRONG_HEADERS },
    },
  })

  it('serves a cached report for 5 minutes with its original checked_at', async () => {
    const h = harness(world())
    const first = await h.check('cached-site.com')
    expect(first.res.headers.get('cache-status')).toMatch(/fwd=miss/)
    const calls = h.fetcher.calls.length
    const checkedAt = first.body.checked_at

    h.clock.now = new Date(h.clock.now.getTime() + 4 * 60_000)
    const second = await h.check('CACHED-SITE.com')
    expect(second.res.headers.get('cache-status')).toBe('audit; hit')
    expect(second.body).toEqual(first.body)
    expect(h.fetcher.calls.length).toBe(calls)

    h.clock.now = new Date(h.clock.now.getTime() + 61_000)
    const third = await h.check('cached-site.com')
    expect(third.res.headers.get('cache-status')).toMatch(/miss/)
    expect(third.body.checked_at).toBe(h.clock.now.toISOString())
    expect(third.body.checked_at).not.toBe(checkedAt)
  })

  it('allows 10 requests a minute per IP, then 429 with Retry-After', async () => {
    const h = harness(world())
    const ip = { 'cf-connecting-ip': '203.0.113.200' }
    for (let i = 0; i < 10; i++) {
      const res = await h.request('/api/v1/check?domain=cached-site.com', { headers: ip })
      expect(res.status).toBe(200)
      expect(res.headers.get('ratelimit-remaining')).toBe(String(9 - i))
    }
    const res = await h.request('/api/v1/check?domain=cached-site.com', { headers: ip })
    expect(res.status).toBe(429)
    const body = (await res.json()) as { code: string; retry_after_seconds: number }
    expect(body.code).toBe('RATE_LIMITED')
    expect(body.retry_after_seconds).toBeGreaterThan(0)
    expect(res.headers.get('retry-after')).toBe(String(body.retry_after_seconds))
    expect(res.headers.get('ratelimit-limit')).toBe('10')
    // Another address is not affected.
    expect((await h.request('/api/v1/check?domain=cached-site.com', { headers: { 'cf-connecting-ip': '203.0.113.201' } })).status).toBe(200)
  })

  it('counts IPv6 clients by their /64: addresses of one /64 share the 10, the next /64 has its own', async () => {
    const h = harness(world())
    const from = (ip: string) => h.request('/api/v1/check?domain=cached-site.com', { headers: { 'cf-connecting-ip': ip } })
    for (let i = 1; i <= 10; i++) expect((await from(`2001:db8:a0:64::${i.toString(16)}`)).status).toBe(200)
    expect((await from('2001:db8:a0:64:ffff:ffff:ffff:ffff')).status).toBe(429)
    expect((await from('2001:0DB8:00A0:0064:0:0:0:1')).status).toBe(429)
    expect((await from('2001:db8:a0:65::1')).status).toBe(200)
  })

  it('counts refused requests too (they cost a lookup)', async () => {
    const h = harness(world())
    const ip = { 'cf-connecting-ip': '203.0.113.210' }
    for (let i = 0; i < 10; i++) expect((await h.request('/api/v1/check?domain=localhost', { headers: ip })).status).toBe(400)
    expect((await h.request('/api/v1/check?domain=localhost', { headers: ip })).status).toBe(429)
  })

  it('lifts the limit for a Pro key', async () => {
    const { issueTestKey } = await import('../helpers/keys')
    const { rawKey } = await issueTestKey(env.DB, 'audit', 'pro')
    const h = harness(world())
    const headers = { 'cf-connecting-ip': '203.0.113.220', authorization: `Bearer ${rawKey}` }
    for (let i = 0; i < 13; i++) {
      const res = await h.request('/api/v1/check?domain=cached-site.com', { headers })
      expect(res.status).toBe(200)
      expect(res.headers.get('ratelimit-limit')).toBeNull()
    }
  })

  it('re-runs a check past the cache with fresh=true, for Pro keys only', async () => {
    const { issueTestKey } = await import('../helpers/keys')
    const { rawKey } = await issueTestKey(env.DB, 'audit', 'pro')
    const h = harness(world())
    const { body: before } = await h.check('cached-site.com')
    const calls = h.fetcher.calls.length
    const refused = await h.request('/api/v1/check?domain=cached-site.com&fresh=true')
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as { code: string }).code).toBe('PRO_REQUIRED')
    const pro = { authorization: `Bearer ${rawKey}` }
    // Within 60 s of the last run, the Observatory's per-host cooldown serves the cached report.
    const early = await h.request('/api/v1/check?domain=cached-site.com&fresh=1', { headers: pro })
    expect(early.status).toBe(200)
    expect(early.headers.get('cache-status')).toBe('audit; hit')
    expect(h.fetcher.calls.length).toBe(calls)
    h.clock.now = new Date(Date.parse(before.checked_at) + 61_000)
    const res = await h.request('/api/v1/check?domain=cached-site.com&fresh=1', { headers: pro })
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-status')).toMatch(/miss/)
    expect(h.fetcher.calls.length).toBeGreaterThan(calls)
    expect((await h.request('/api/v1/check?domain=cached-site.com&fresh=maybe')).status).toBe(400)
  })

  it('runs one fresh check per host per 60 s, exactly, under parallel fresh=1 requests', async () => {
    const { issueTestKey } = await import('../helpers/keys')
    const { rawKey } = await issueTestKey(env.DB, 'audit', 'pro')
    const h = harness(world())
    h.clock.now = new Date(h.clock.now.getTime() + 3_600_000) // past any earlier test's runs of this host
    const pro = { authorization: `Bearer ${rawKey}` }
    const answers = await Promise.all(
      Array.from({ length: 6 }, () => h.request('/api/v1/check?domain=cached-site.com&fresh=1', { headers: pro }))
    )
    const statuses = answers.map((r) => `${r.status} ${r.headers.get('cache-status') ?? ''}`)
    // One full run; the others find no report yet (429 with Retry-After) or the new one (hit).
    expect(statuses.filter((s) => s.includes('miss'))).toHaveLength(1)
    for (const r of answers.filter((a) => a.status === 429)) {
      expect(r.headers.get('retry-after')).toMatch(/^\d+$/)
      expect(((await r.json()) as { code: string }).code).toBe('RATE_LIMITED')
    }
    h.clock.now = new Date(h.clock.now.getTime() + 61_000)
    const later = await h.request('/api/v1/check?domain=cached-site.com&fresh=1', { headers: pro })
    expect(later.headers.get('cache-status')).toMatch(/miss/)
  })

  // Issue 20 changed "at once" to "within 5 s" (the isolate remembers an active key that long;
  // pro-key-cache.test.ts): the clock moves past that before the request.
  it('refuses a revoked key with 401 within 5 s, also for a cached report', async () => {
    const { issueTestKey } = await import('../helpers/keys')
    const { rawKey, id } = await issueTestKey(env.DB, 'audit', 'pro')
    const h = harness(world())
    const pro = { authorization: `Bearer ${rawKey}` }
    await h.check('cached-site.com')
    const before = await h.request('/api/v1/check?domain=cached-site.com', { headers: pro })
    expect([before.status, before.headers.get('cache-status')]).toEqual([200, 'audit; hit'])
    // What `npm run admin -- keys revoke` runs.
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(new Date().toISOString(), id).run()
    h.clock.now = new Date(h.clock.now.getTime() + 5_000)
    const after = await h.request('/api/v1/check?domain=cached-site.com', { headers: pro })
    expect(after.status).toBe(401)
    expect(((await after.json()) as { code: string }).code).toBe('UNAUTHORIZED')
  })

  it('refuses an unknown or malformed key with 401 when the report is cached too', async () => {
    const h = harness(world())
    await h.check('cached-site.com')
    const anonymous = await h.request('/api/v1/check?domain=cached-site.com')
    expect([anonymous.status, anonymous.headers.get('cache-status')]).toEqual([200, 'audit; hit'])
    for (const authorization of [`Bearer audit_pro_${'y'.repeat(32)}`, 'Bearer not-a-key', `Bearer drop_pro_${'y'.repeat(32)}`]) {
      const res = await h.request('/api/v1/check?domain=cached-site.com', { headers: { authorization } })
      expect(res.status).toBe(401)
      expect(res.headers.get('cache-status')).toBeNull()
      expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED')
    }
  })

  it('refuses an unknown key with 401', async () => {
    const h = harness(world())
    const res = await h.request('/api/v1/check?domain=cached-site.com', {
      headers: { authorization: `Bearer audit_pro_${'x'.repeat(32)}` },
    })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED')
  })
})
