import { describe, expect, it } from 'vitest'
import { SCORE_TABLE, type ResultId } from '../../workers/audit/domain/scoring'
import { harness, redirect, STRONG_HEADERS, type Answer, type World } from './helpers/site'

/**
 * Every result of the header tests (CSP, HSTS, X-Frame-Options, X-Content-Type-Options,
 * Referrer-Policy) and the redirection results not met elsewhere, each from a site replayed
 * as the check meets it. The analysers' own tables (csp.test.ts, hsts.test.ts …) cover the
 * parsing corners; this file proves each result reaches the report and its findings.
 */
let n = 0
const A = ['93.184.215.14']

async function withHeaders(headers: Record<string, string | null>, body = '<!doctype html><title>x</title>') {
  const domain = `res-${++n}.org`
  const merged = Object.fromEntries(Object.entries({ ...STRONG_HEADERS, ...headers }).filter((e): e is [string, string] => e[1] !== null))
  const world: World = {
    zone: { [domain]: { A } },
    pages: { [`http://${domain}/`]: redirect(301, `https://${domain}/`), [`https://${domain}/`]: { headers: merged, body } },
  }
  const { res, body: report } = await harness(world).check(domain)
  expect(res.status).toBe(200)
  return report
}

const HEADER_CASES: Array<[ResultId, Record<string, string | null>, string?]> = [
  ['csp-implemented-with-no-unsafe-default-src-none', {}],
  ['csp-implemented-with-no-unsafe', { 'content-security-policy': "default-src 'self'; object-src 'none'" }],
  ['csp-implemented-with-unsafe-inline-in-style-src-only', { 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" }],
  ['csp-implemented-with-insecure-scheme-in-passive-content-only', { 'content-security-policy': "default-src 'none'; img-src http:" }],
  ['csp-implemented-with-unsafe-eval', { 'content-security-policy': "default-src 'none'; script-src 'unsafe-eval'" }],
  ['csp-implemented-with-unsafe-inline', { 'content-security-policy': "default-src 'none'; script-src 'unsafe-inline'" }],
  ['csp-implemented-with-insecure-scheme', { 'content-security-policy': "default-src 'none'; script-src http://cdn.example.net" }],
  ['csp-implemented-but-duplicate-directives', { 'content-security-policy': "default-src 'none'; report-uri /a; report-uri /b" }],
  ['csp-header-invalid', { 'content-security-policy': "default-src 'none'; default-src 'self'" }],
  ['csp-not-implemented', { 'content-security-policy': null }],
  [
    'csp-not-implemented-but-reporting-enabled',
    { 'content-security-policy': null, 'content-security-policy-report-only': "default-src 'none'" },
  ],
  ['hsts-implemented-max-age-at-least-six-months', {}],
  ['hsts-implemented-max-age-less-than-six-months', { 'strict-transport-security': 'max-age=86400' }],
  ['hsts-not-implemented', { 'strict-transport-security': null }],
  ['hsts-header-invalid', { 'strict-transport-security': 'max-age=abc' }],
  ['x-frame-options-implemented-via-csp', { 'content-security-policy': "default-src 'none'; frame-ancestors 'none'" }],
  ['x-frame-options-sameorigin-or-deny', { 'content-security-policy': "default-src 'none'" }],
  [
    'x-frame-options-allow-from-origin',
    { 'content-security-policy': "default-src 'none'", 'x-frame-options': 'ALLOW-FROM https://a.example' },
  ],
  ['x-frame-options-not-implemented', { 'content-security-policy': "default-src 'none'", 'x-frame-options': null }],
  ['x-frame-options-header-invalid', { 'content-security-policy': "default-src 'none'", 'x-frame-options': 'DENY, DENY' }],
  ['x-content-type-options-nosniff', {}],
  ['x-content-type-options-not-implemented', { 'x-content-type-options': null }],
  ['x-content-type-options-header-invalid', { 'x-content-type-options': 'nosniff, nosniff' }],
  ['referrer-policy-private', {}],
  ['referrer-policy-not-implemented', { 'referrer-policy': null }],
  ['referrer-policy-unsafe', { 'referrer-policy': 'unsafe-url' }],
  ['referrer-policy-header-invalid', { 'referrer-policy': 'sometimes' }],
]

describe('header results, end to end', () => {
  it.each(HEADER_CASES)('%s', async (result, headers) => {
    const report = await withHeaders(headers)
    const found = report.findings.find((f) => f.result === result)
    expect(found).toMatchObject({ test: SCORE_TABLE[result].test, modifier: SCORE_TABLE[result].modifier })
  })

  it('counts a <meta> referrer policy in the head', async () => {
    const report = await withHeaders({ 'referrer-policy': null }, '<head><meta name="referrer" content="no-referrer"></head>')
    expect(report.headers.referrer_policy.result).toBe('referrer-policy-private')
  })
})

describe('redirection results, end to end', () => {
  async function chain(pages: Record<string, Answer>, extraZone: World['zone'] = {}) {
    const domain = Object.keys(pages)[0].split('/')[2]
    const world: World = {
      zone: { [domain]: { A }, ...extraZone },
      pages: { [`https://${domain}/`]: { headers: STRONG_HEADERS }, ...pages },
    }
    const { res, body } = await harness(world).check(domain)
    expect(res.status).toBe(200)
    return body.redirects
  }

  it('redirection-not-to-https-on-initial-redirection', async () => {
    const r = await chain(
      {
        'http://hop-http.org/': redirect(301, 'http://www.hop-http.org/'),
        'http://www.hop-http.org/': redirect(301, 'https://hop-http.org/'),
      },
      { 'www.hop-http.org': { A } }
    )
    expect(r).toMatchObject({ result: 'redirection-not-to-https-on-initial-redirection', http_to_https: false })
  })

  it('redirection-not-to-https', async () => {
    const r = await chain({
      'http://stays-http.org/': redirect(301, 'http://stays-http.org/home'),
      'http://stays-http.org/home': { status: 200 },
    })
    expect(r.result).toBe('redirection-not-to-https')
  })

  it('redirection-too-many', async () => {
    const pages: Record<string, Answer> = {}
    for (let i = 0; i < 12; i++) pages[`http://many-hops.org/${i === 0 ? '' : i}`] = redirect(302, `http://many-hops.org/${i + 1}`)
    expect((await chain(pages)).result).toBe('redirection-too-many')
  })

  it('redirection-broken', async () => {
    const r = await chain({
      'http://broken-hop.org/': redirect(301, 'https://broken-hop.org/next'),
      'https://broken-hop.org/next': { fail: 'refused' },
    })
    expect(r.result).toBe('redirection-broken')
  })
})
