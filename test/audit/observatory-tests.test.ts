import { describe, expect, it } from 'vitest'
import { analyseCookies } from '../../workers/audit/domain/checks/cookies'
import { isPreloaded, sortedLinesInclude } from '../../workers/audit/domain/checks/preload'
import type { ResultId } from '../../workers/audit/domain/scoring'
import { harness, redirect, STRONG_HEADERS, type Answer, type World } from './helpers/site'

/**
 * Every result of the cookies, SRI, CORS, CORP, COOP, COEP and preload tests, each from a site
 * replayed as the check meets it (DNS, both redirect chains, the page, the policy files).
 */
let n = 0
function site(
  options: {
    headers?: Record<string, string | null>
    body?: string
    httpHeaders?: Record<string, string>
    extra?: World['pages']
    host?: string
  } = {}
) {
  const domain = options.host ?? `obs-${++n}.org`
  const headers = Object.fromEntries(
    Object.entries({ ...STRONG_HEADERS, ...options.headers }).filter((e): e is [string, string] => e[1] !== null)
  )
  const world: World = {
    zone: { [domain]: { A: ['93.184.215.14'] } },
    pages: {
      [`http://${domain}/`]: { status: 301, headers: { location: `https://${domain}/`, ...options.httpHeaders } },
      [`https://${domain}/`]: { headers, body: options.body ?? '<!doctype html><title>x</title>' },
      ...options.extra,
    },
  }
  return { domain, world }
}

async function report(options: Parameters<typeof site>[0] = {}) {
  const { domain, world } = site(options)
  const h = harness(world)
  const { res, body } = await h.check(domain)
  expect(res.status).toBe(200)
  expect(h.fetcher.unexpected).toEqual([])
  return body
}

const finding = (body: Awaited<ReturnType<typeof report>>, result: ResultId) => body.findings.find((f) => f.result === result)

describe('cookies', () => {
  const cases: [ResultId, { headers?: Record<string, string | null>; httpHeaders?: Record<string, string> }][] = [
    ['cookies-not-found', {}],
    ['cookies-secure-with-httponly-sessions-and-samesite', { headers: { 'set-cookie': 'PHPSESSID=a; Secure; HttpOnly; SameSite=Lax' } }],
    ['cookies-secure-with-httponly-sessions', { headers: { 'set-cookie': 'PHPSESSID=a; Secure; HttpOnly' } }],
    ['cookies-without-secure-flag-but-protected-by-hsts', { headers: { 'set-cookie': 'theme=dark; SameSite=Lax' } }],
    ['cookies-session-without-secure-flag-but-protected-by-hsts', { headers: { 'set-cookie': 'sessionid=a; HttpOnly; SameSite=Lax' } }],
    ['cookies-without-secure-flag', { headers: { 'set-cookie': 'theme=dark; SameSite=Lax', 'strict-transport-security': null } }],
    ['cookies-session-without-secure-flag', { headers: { 'set-cookie': 'PHPSESSID=a; HttpOnly', 'strict-transport-security': null } }],
    ['cookies-samesite-flag-invalid', { headers: { 'set-cookie': 'theme=dark; Secure; SameSite=Sometimes' } }],
    ['cookies-anticsrf-without-samesite-flag', { headers: { 'set-cookie': 'csrftoken=x; Secure' } }],
    ['cookies-session-without-httponly-flag', { headers: { 'set-cookie': 'PHPSESSID=a; Secure; SameSite=Strict' } }],
  ]
  it.each(cases)('%s', async (result, options) => {
    const body = await report(options)
    expect(body.cookies.result).toBe(result)
    expect(finding(body, result)).toBeDefined()
  })

  it('counts a cookie set by the plain-HTTP redirect as not Secure, even with the flag', async () => {
    const body = await report({
      httpHeaders: { 'set-cookie': 'JSESSIONID=a; Secure; HttpOnly; SameSite=Lax' },
      headers: { 'strict-transport-security': null },
    })
    expect(body.cookies.result).toBe('cookies-session-without-secure-flag')
  })

  it('grades a flagless PHPSESSID on a site with HSTS B (70), as the Observatory does', async () => {
    const body = await report({ headers: { 'set-cookie': 'PHPSESSID=abc; path=/' } })
    expect(body.cookies.result).toBe('cookies-session-without-httponly-flag')
    expect(body).toMatchObject({ score: 'B', score_numeric: 70, bonuses_counted: false })
  })

  it('shows the bonuses of that report as "not counted" on the view page', async () => {
    const { domain, world } = site({ headers: { 'set-cookie': 'PHPSESSID=abc; path=/' } })
    const h = harness(world)
    await h.check(domain)
    const page = await (await h.request(`/check/${domain}`)).text()
    expect(page).toContain('not counted (+10)') // the CSP bonus
    expect(page).toContain('not counted (+5)')
    expect(page).toMatch(/Score <strong>70<\/strong>/)
  })

  it('lists a __Host- cookie that breaks its prefix rules without grading it', () => {
    const a = analyseCookies([{ header: '__Host-id=1; Secure; Path=/app', https: true }], true)
    expect(a.result).toBe('cookies-not-found')
    expect(a.cookies[0].rejected).toMatch(/__Host-/)
    expect(analyseCookies([{ header: '__Host-id=1; Secure; Path=/; SameSite=Lax', https: true }], true).result).toBe(
      'cookies-secure-with-httponly-sessions-and-samesite'
    )
    expect(analyseCookies([{ header: '__Secure-id=1; SameSite=Lax', https: true }], false).cookies[0].rejected).toMatch(/__Secure-/)
  })

  it('refuses SameSite=None without Secure', () => {
    expect(analyseCookies([{ header: 'a=1; SameSite=None', https: true }], true).result).toBe('cookies-samesite-flag-invalid')
  })
})

describe('subresource integrity', () => {
  const page = (scripts: string) => `<!doctype html><head><title>x</title>${scripts}</head><body></body>`
  const cases: [ResultId, { headers?: Record<string, string | null>; body?: string }][] = [
    ['sri-not-implemented-response-not-html', { headers: { 'content-type': 'application/json' }, body: '{}' }],
    ['sri-not-implemented-but-no-scripts-loaded', { body: page('<style>p{}</style>') }],
    // Inline scripts come from the page itself (the Observatory counts every <script>).
    ['sri-not-implemented-but-all-scripts-loaded-from-secure-origin', { body: page('<script>inline()</script>') }],
    ['sri-not-implemented-but-all-scripts-loaded-from-secure-origin', { body: page('<script src="/app.js"></script>') }],
    ['sri-implemented-and-all-scripts-loaded-securely', { body: page('<script src="/app.js" integrity="sha384-abc"></script>') }],
    [
      'sri-implemented-and-external-scripts-loaded-securely',
      { body: page('<script src="https://cdn.example.net/x.js" integrity="sha384-abc" crossorigin></script>') },
    ],
    ['sri-not-implemented-but-external-scripts-loaded-securely', { body: page('<script src="https://cdn.example.net/x.js"></script>') }],
    [
      'sri-implemented-but-external-scripts-not-loaded-securely',
      { body: page('<script src="//cdn.example.net/x.js" integrity="sha384-abc"></script>') },
    ],
    ['sri-not-implemented-and-external-scripts-not-loaded-securely', { body: page('<script src="http://cdn.example.net/x.js"></script>') }],
  ]
  it.each(cases)('%s', async (result, options) => {
    const body = await report(options)
    expect(body.subresource_integrity.result).toBe(result)
    expect(finding(body, result)).toBeDefined()
  })

  it('treats a script from a subdomain of the same registrable domain as the same site', async () => {
    const body = await report({ host: 'www.sri-site.org', body: page('<script src="https://static.sri-site.org/a.js"></script>') })
    expect(body.subresource_integrity).toMatchObject({
      result: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
      external: 0,
    })
  })

  it('grades an http:// script without SRI C (50)', async () => {
    const body = await report({ body: page('<script src="http://cdn.example.net/x.js"></script>') })
    expect(body).toMatchObject({ score: 'C', score_numeric: 50 })
    expect(body.subresource_integrity.insecure).toEqual(['http://cdn.example.net/x.js'])
  })
})

describe('CORS', () => {
  const echo =
    (credentials: boolean) =>
    (req: Request): Answer => ({
      headers: {
        ...STRONG_HEADERS,
        ...(req.headers.get('origin') ? { 'access-control-allow-origin': req.headers.get('origin')! } : {}),
        ...(credentials ? { 'access-control-allow-credentials': 'true' } : {}),
      },
      body: '<!doctype html>',
    })
  const xml = (body: string): Answer => ({ headers: { 'content-type': 'text/x-cross-domain-policy' }, body })

  it('cross-origin-resource-sharing-not-implemented', async () => {
    expect((await report()).cors).toMatchObject({
      result: 'cross-origin-resource-sharing-not-implemented',
      crossdomain_xml: 'absent',
      clientaccesspolicy_xml: 'absent',
    })
  })

  it('cross-origin-resource-sharing-implemented-with-public-access', async () => {
    const body = await report({ headers: { 'access-control-allow-origin': '*' } })
    expect(body.cors.result).toBe('cross-origin-resource-sharing-implemented-with-public-access')
  })

  it('cross-origin-resource-sharing-implemented-with-restricted-access', async () => {
    const body = await report({
      headers: { 'access-control-allow-origin': 'https://partner.example', 'access-control-allow-credentials': 'true' },
    })
    expect(body.cors.result).toBe('cross-origin-resource-sharing-implemented-with-restricted-access')
  })

  it('cross-origin-resource-sharing-implemented-with-universal-access: any Origin echoed with credentials, C (50)', async () => {
    const { domain, world } = site()
    world.pages[`https://${domain}/`] = echo(true)
    const { body } = await harness(world).check(domain)
    expect(body.cors).toMatchObject({
      result: 'cross-origin-resource-sharing-implemented-with-universal-access',
      allow_credentials: 'true',
    })
    expect(body).toMatchObject({ score: 'C', score_numeric: 50 })
  })

  it('counts an echoed Origin without credentials as restricted, as the Observatory does', async () => {
    const { domain, world } = site()
    world.pages[`https://${domain}/`] = echo(false)
    const { body } = await harness(world).check(domain)
    expect(body.cors.result).toBe('cross-origin-resource-sharing-implemented-with-restricted-access')
    expect(finding(body, 'cross-origin-resource-sharing-implemented-with-restricted-access')?.deviation).toBeNull()
  })

  it('marks Allow-Origin: null with credentials as a departure from the Observatory, in the JSON and on the page', async () => {
    const { domain, world } = site()
    world.pages[`https://${domain}/`] = {
      headers: { ...STRONG_HEADERS, 'access-control-allow-origin': 'null', 'access-control-allow-credentials': 'true' },
    }
    const h = harness(world)
    const { body } = await h.check(domain)
    expect(body).toMatchObject({ score: 'C', score_numeric: 50 })
    expect(finding(body, 'cross-origin-resource-sharing-implemented-with-universal-access')?.deviation).toEqual({
      observatory_result: 'cross-origin-resource-sharing-implemented-with-restricted-access',
      reason: expect.stringContaining('Origin: null'),
    })
    // Every other finding of that report agrees with the Observatory.
    expect(body.findings.filter((f) => f.deviation !== null)).toHaveLength(1)
    const html = await (await h.request(`/check/${domain}`)).text()
    expect(html).toContain('The Observatory gives <code>cross-origin-resource-sharing-implemented-with-restricted-access</code>')
  })

  it.each([
    ['crossdomain.xml', '<?xml version="1.0"?><cross-domain-policy><allow-access-from domain="*"/></cross-domain-policy>', 'universal'],
    [
      'crossdomain.xml',
      '<cross-domain-policy><allow-access-from domain="*.example.net"/><!-- <allow-access-from domain="*"/> --></cross-domain-policy>',
      'restricted',
    ],
    [
      'clientaccesspolicy.xml',
      '<access-policy><cross-domain-access><policy><allow-from><domain uri="*"/></allow-from></policy></cross-domain-access></access-policy>',
      'universal',
    ],
    [
      'clientaccesspolicy.xml',
      '<access-policy><cross-domain-access><policy><allow-from><domain uri="https://a.example"/></allow-from></policy></cross-domain-access></access-policy>',
      'restricted',
    ],
  ])('reads /%s (%#) as %s', async (file, text, level) => {
    const domain = `policy-${++n}.org`
    const body = await report({ host: domain, extra: { [`https://${domain}/${file}`]: xml(text) } })
    expect(body.cors[file === 'crossdomain.xml' ? 'crossdomain_xml' : 'clientaccesspolicy_xml']).toBe(level)
    expect(body.cors.result).toBe(`cross-origin-resource-sharing-implemented-with-${level}-access`)
  })

  it('ignores an HTML page answering for a policy file (soft 404)', async () => {
    const domain = `soft404-${++n}.org`
    const body = await report({
      host: domain,
      extra: {
        [`https://${domain}/crossdomain.xml`]: { headers: { 'content-type': 'text/html' }, body: '<allow-access-from domain="*">' },
      },
    })
    expect(body.cors.crossdomain_xml).toBe('absent')
  })
})

describe('Cross-Origin-Resource-Policy, -Opener-Policy, -Embedder-Policy', () => {
  const cases: [string, string | null, ResultId][] = [
    ['cross-origin-resource-policy', 'same-origin', 'corp-implemented-with-same-origin'],
    ['cross-origin-resource-policy', 'same-site', 'corp-implemented-with-same-site'],
    ['cross-origin-resource-policy', 'cross-origin', 'corp-implemented-with-cross-origin'],
    ['cross-origin-resource-policy', null, 'corp-not-implemented'],
    ['cross-origin-resource-policy', 'same-origin, same-site', 'corp-header-invalid'],
    ['cross-origin-opener-policy', 'same-origin; report-to="r"', 'coop-implemented-with-same-origin'],
    ['cross-origin-opener-policy', 'same-origin-allow-popups', 'coop-implemented-with-same-origin-allow-popups'],
    ['cross-origin-opener-policy', 'noopener-allow-popups', 'coop-implemented-with-noopener-allow-popups'],
    ['cross-origin-opener-policy', 'unsafe-none', 'coop-implemented-with-unsafe-none'],
    ['cross-origin-opener-policy', null, 'coop-not-implemented'],
    ['cross-origin-opener-policy', 'isolate', 'coop-header-invalid'],
    ['cross-origin-embedder-policy', 'require-corp', 'coep-implemented-with-require-corp'],
    ['cross-origin-embedder-policy', 'credentialless', 'coep-implemented-with-credentialless'],
    ['cross-origin-embedder-policy', 'unsafe-none', 'coep-implemented-with-unsafe-none'],
    ['cross-origin-embedder-policy', null, 'coep-not-implemented'],
    ['cross-origin-embedder-policy', 'require-corp, require-corp', 'coep-header-invalid'],
  ]
  it.each(cases)('%s: %s → %s', async (name, value, result) => {
    const body = await report({ headers: { [name]: value } })
    const key = name.replaceAll('-', '_') as 'cross_origin_resource_policy'
    expect(body.headers[key]).toMatchObject({ present: value !== null, result })
    expect(finding(body, result)).toBeDefined()
  })

  it('reports the sum past 100 when the isolation bonuses count', async () => {
    const body = await report({
      headers: {
        'cross-origin-resource-policy': 'same-origin',
        'cross-origin-opener-policy': 'same-origin',
        'cross-origin-embedder-policy': 'require-corp',
      },
    })
    expect(body).toMatchObject({ score_numeric: 100, score_uncapped: 150, bonuses_counted: true })
    expect(100 + body.findings.reduce((s, f) => s + f.points, 0)).toBe(body.score_uncapped)
  })
})

describe('HSTS preload list', () => {
  it('finds listed names and their subdomains, and nothing else', () => {
    expect(sortedLinesInclude('a\nb\nd', 'b')).toBe(true)
    expect(sortedLinesInclude('a\nb\nd', 'c')).toBe(false)
    expect(sortedLinesInclude('a\nb\nd', 'a')).toBe(true)
    expect(sortedLinesInclude('a\nb\nd', 'd')).toBe(true)
    expect(sortedLinesInclude('', 'a')).toBe(false)
    // Entries of Chromium's list (include_subdomains), a TLD entry, and names that are not on it.
    expect(isPreloaded('0-0.io')).toBe(true)
    expect(isPreloaded('www.0-0.io')).toBe(true)
    expect(isPreloaded('anything.dev')).toBe(true)
    expect(isPreloaded('not-preloaded-example-site.com')).toBe(false)
    expect(isPreloaded('0-0.iox')).toBe(false)
  })

  it('hsts-preloaded: a preloaded name without the header gets +5, not -20', async () => {
    const body = await report({ host: 'audit-test.dev', headers: { 'strict-transport-security': null } })
    expect(body.headers.hsts).toMatchObject({ present: false, preloaded: true, result: 'hsts-preloaded' })
    expect(finding(body, 'hsts-preloaded')).toMatchObject({ modifier: 5, counted: true })
  })

  it('redirection-all-redirects-preloaded: even a first hop to another host', async () => {
    const world: World = {
      zone: { 'app.dev': { A: ['93.184.215.14'] }, 'www.app.dev': { A: ['93.184.215.14'] } },
      pages: {
        'http://app.dev/': redirect(301, 'http://www.app.dev/'),
        'http://www.app.dev/': redirect(301, 'https://www.app.dev/'),
        'https://app.dev/': redirect(301, 'https://www.app.dev/'),
        'https://www.app.dev/': { headers: STRONG_HEADERS, body: '' },
      },
    }
    const { body } = await harness(world).check('app.dev')
    expect(body.redirects.result).toBe('redirection-all-redirects-preloaded')
  })
})

describe('http_to_https', () => {
  it('is true for http://example.com → https://www.example.com (same registrable domain), with the off-host result kept', async () => {
    const world: World = {
      zone: { 'bare-site.org': { A: ['93.184.215.14'] }, 'www.bare-site.org': { A: ['93.184.215.14'] } },
      pages: {
        'http://bare-site.org/': redirect(301, 'https://www.bare-site.org/'),
        'https://bare-site.org/': redirect(301, 'https://www.bare-site.org/'),
        'https://www.bare-site.org/': { headers: STRONG_HEADERS, body: '' },
      },
    }
    const { body } = await harness(world).check('bare-site.org')
    expect(body.redirects).toMatchObject({ http_to_https: true, result: 'redirection-off-host-from-http' })
  })

  it('is false when the first hop leaves the registrable domain (a private suffix counts: github.io)', async () => {
    const world: World = {
      zone: { 'me.github.io': { A: ['93.184.215.14'] }, 'other.github.io': { A: ['93.184.215.14'] } },
      pages: {
        'http://me.github.io/': redirect(301, 'https://other.github.io/'),
        'https://me.github.io/': { headers: STRONG_HEADERS, body: '' },
        'https://other.github.io/': { headers: STRONG_HEADERS, body: '' },
      },
    }
    const { body } = await harness(world).check('me.github.io')
    expect(body.redirects.http_to_https).toBe(false)
  })
})
