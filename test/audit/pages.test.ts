import { describe, expect, it } from 'vitest'
import { SCORE_TABLE } from '../../workers/audit/domain/scoring'
import { harness, redirect, STRONG_HEADERS, type World } from './helpers/site'

const world = (): World => ({
  zone: { 'view-site.com': { A: ['93.184.215.14'] }, 'weak-site.com': { A: ['93.184.215.15'] } },
  pages: {
    'http://view-site.com/': redirect(301, 'https://view-site.com/'),
    'https://view-site.com/': { headers: STRONG_HEADERS },
    'http://weak-site.com/': { headers: { 'content-type': 'text/html', 'x-frame-options': '<b>evil</b>' }, body: '<html></html>' },
    'https://weak-site.com/': { fail: 'refused' },
  },
})

function expectStrictPage(res: Response): void {
  expect(res.headers.get('content-type')).toMatch(/^text\/html/)
  const csp = res.headers.get('content-security-policy') ?? ''
  expect(csp).toContain("default-src 'none'")
  expect(csp).toContain("form-action 'self'")
  expect(csp).toMatch(/style-src 'sha256-/)
  expect(csp).not.toMatch(/script-src|unsafe/)
}

describe('view pages', () => {
  it('shows the report of /check/<domain> with a form to check another domain', async () => {
    const h = harness(world())
    const res = await h.request('/check/view-site.com')
    expect(res.status).toBe(200)
    expectStrictPage(res)
    const html = await res.text()
    expect(html).toMatch(/^<!doctype html>\n<html lang="en">/)
    expect(html).toContain('<h1>HTTPS audit of <code>view-site.com</code></h1>')
    expect(html).toContain('aria-label="Grade A+"')
    expect(html).toMatch(/<form class="check" method="get" action="\/check"/)
    expect(html).toContain('<label for="domain">')
    expect(html).toContain('<code>http://view-site.com/ -&gt; 301 -&gt; https://view-site.com/</code>')
    expect(html).toContain('<th scope="row">Strict-Transport-Security</th>')
    expect(html).toContain(SCORE_TABLE['referrer-policy-private'].advice)
    expect(html).not.toMatch(/<script|\son\w+=|style="/i)
  })

  it('is the same check as the API (one audit, then the cache)', async () => {
    const h = harness(world())
    const api = await h.check('view-site.com')
    const calls = h.fetcher.calls.length
    const page = await (await h.request('/check/view-site.com')).text()
    expect(h.fetcher.calls.length).toBe(calls)
    expect(page).toContain(`Score <strong>${api.body.score_numeric}</strong>`)
    expect(api.body.view_url.endsWith('/check/view-site.com')).toBe(true)
  })

  it('escapes whatever a site sends', async () => {
    const html = await (await harness(world()).request('/check/weak-site.com')).text()
    expect(html).toContain('&lt;b&gt;evil&lt;/b&gt;')
    expect(html).not.toContain('<b>evil</b>')
  })

  it('sends the form to /check/<normalised domain>', async () => {
    const h = harness(world())
    const res = await h.request('/check?domain=+View-Site.COM.+')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/check/view-site.com')
    // A pasted URL: its host, without scheme, path, query or fragment.
    const url = await h.request(`/check?domain=${encodeURIComponent(' https://View-Site.com./login?next=/#top ')}`)
    expect(url.status).toBe(303)
    expect(url.headers.get('location')).toBe('/check/view-site.com')
  })

  it.each([
    ['/check?domain=', 400, 'Enter a domain'],
    ['/check?domain=http://127.0.0.1/', 400, 'is an IP address'],
    ['/check?domain=https://view-site.com:8443/', 400, 'port 443'],
    ['/check/localhost', 400, 'loopback'],
    ['/check/nowhere-site.com', 422, 'does not exist'],
  ])('%s answers %i with the reason and the form', async (path, status, text) => {
    const res = await harness(world()).request(path)
    expect(res.status).toBe(status)
    expectStrictPage(res)
    const html = await res.text()
    expect(html).toContain(text)
    expect(html).toContain('<form class="check"')
    expect(html).toContain('role="alert"')
  })

  it('limits new checks from the page like the API, as a page', async () => {
    const h = harness({ zone: {}, pages: {} })
    const headers = { 'cf-connecting-ip': '203.0.113.230' }
    for (let i = 0; i < 10; i++) await h.request(`/check/site-${i}.com`, { headers })
    const res = await h.request('/check/site-99.com', { headers })
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    expectStrictPage(res)
    expect(await res.text()).toContain('Rate limit exceeded')
  })

  it('shows a cached report without counting it; only new checks count against the limit', async () => {
    // A name no other test checks, so its first view is a new check here.
    const host = 'counted-view.com'
    const h = harness({
      zone: { [host]: { A: ['93.184.215.14'] } },
      pages: { [`http://${host}/`]: redirect(301, `https://${host}/`), [`https://${host}/`]: { headers: STRONG_HEADERS } },
    })
    const headers = { 'cf-connecting-ip': '203.0.113.231' }
    expect((await h.request(`/check/${host}`, { headers })).status).toBe(200) // a new check: 1 of 10
    for (let i = 0; i < 12; i++) expect((await h.request(`/check/${host}`, { headers })).status).toBe(200)
    // Nine more new checks fit (names that do not resolve: each still runs a check), the tenth does not.
    for (let i = 0; i < 9; i++) expect((await h.request(`/check/unlisted-${i}.com`, { headers })).status).toBe(422)
    expect((await h.request('/check/unlisted-99.com', { headers })).status).toBe(429)
  })

  it('serves the home page and the scoring rules', async () => {
    const h = harness(world())
    const home = await h.request('/')
    expectStrictPage(home)
    expect(await home.text()).toContain('<input id="domain" name="domain"')
    const rules = await (await h.request('/scoring')).text()
    for (const id of Object.keys(SCORE_TABLE)) expect(rules).toContain(`<code>${id}</code>`)
  })
})
