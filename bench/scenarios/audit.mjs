// HTTPS audit benchmarks.
//
// Cached check: the path a user hits most (a report is cached for 5 minutes per domain). The
// report is seeded into the local KV state `npm run bench` uses, exactly as the worker stores
// it, so the scenario measures the worker (key lookup, rate-limit skip, KV read, JSON) and not
// the network. Measured twice: with a Pro key (one D1 key lookup, no limit) and without a key
// (the per-IP limit's Durable Object counts every answer, cached or not), each client address
// sending the 10 requests a minute it may.
//
// Uncached check, offline: the worker runs from bench/audit-offline-entry.ts, which sends every
// outbound request (DoH, http:// and https:// of the site, crt.sh) to the fixture server below
// on loopback. Each request is a full check (fresh=1); it is set against fetching the same two
// fixture pages straight from Node (the "raw fetch" scenario).
//
// Uncached check, live: needs the real network (DNS over HTTPS, the site over HTTP and HTTPS, a TLS
// handshake, maybe crt.sh). It runs only when BENCH_AUDIT_LIVE=<domain> is set (e.g.
// BENCH_AUDIT_LIVE=example.com npm run bench -- audit), with `fresh=1` so every request is a
// full check; its latency is then set against the raw time of fetching the same two URLs
// (http:// and https://) directly from Node, printed as a ratio on stderr.
import { execFileSync, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:http'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createServer as createTlsServer } from 'node:tls'
import { freePort } from '../../scripts/lib/ports.mjs'

const require = createRequire(import.meta.url)
const CACHED_DOMAIN = 'bench-cached.example.org'
const FIXTURE_DOMAIN = 'bench-fixture.example.org'
const STRONG = {
  'content-type': 'text/html; charset=utf-8',
  'strict-transport-security': 'max-age=63072000; includeSubDomains; preload',
  'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'no-referrer',
  'x-frame-options': 'DENY',
}

// Pages built against the HTML scan (issue 13), each at the 64 KiB the worker reads, served by
// hosts of their own under the fixture domain. The worker must stay linear on every one.
const MAX_HTML = 64 * 1024
const META_CSP = `<meta http-equiv="Content-Security-Policy" content="default-src 'none'">`
const HOSTILE_PAGES = {
  'unclosed <meta tags': '<meta '.repeat(MAX_HTML / 6),
  'one tag of 16k attributes': '<meta ' + 'a=b '.repeat(MAX_HTML / 4),
  'unterminated quoted attribute': '<meta http-equiv="Content-Security-Policy" content="' + 'x'.repeat(MAX_HTML),
  'comment openers': '<!--'.repeat(MAX_HTML / 4),
  'nested templates around a meta CSP': '<template>'.repeat(MAX_HTML / 10) + META_CSP,
  'meta CSP tags, all counted': META_CSP.repeat(MAX_HTML / META_CSP.length),
  'script tags (SRI scan)': '<script src="//cdn.example/x.js"></script>'.repeat(MAX_HTML / 40),
}
const { 'content-security-policy': _csp, ...NO_CSP } = STRONG
const hostileHost = (i) => `worst-${i}.${FIXTURE_DOMAIN}`
const hostileBody = (host) => {
  const i = Object.keys(HOSTILE_PAGES).findIndex((_, n) => hostileHost(n) === host)
  return i < 0 ? null : Object.values(HOSTILE_PAGES)[i]
}
// Uncached check against a real TLS server (issue 36): the worker's handshake reader and TLS
// assessment run over real sockets to this node:tls server on loopback, with a certificate
// made by the openssl CLI for this run (nothing committed).
const TLS_DOMAIN = `tls.${FIXTURE_DOMAIN}`
const isFixtureHost = (name) => name === FIXTURE_DOMAIN || name === TLS_DOMAIN || hostileBody(name) !== null

/** What the outside world answers, as recorded fixtures: DoH JSON, the site's two URLs, crt.sh. */
function fixtureAnswer(target) {
  const url = new URL(target)
  if (url.host === 'cloudflare-dns.com') {
    const name = url.searchParams.get('name')
    const aaaa = url.searchParams.get('type') === 'AAAA'
    const answer = isFixtureHost(name) && !aaaa ? [{ name, type: 1, TTL: 300, data: '93.184.215.14' }] : []
    return {
      status: 200,
      headers: { 'content-type': 'application/dns-json' },
      body: JSON.stringify({ Status: 0, Question: [{ name, type: aaaa ? 28 : 1 }], Answer: answer }),
    }
  }
  if (url.host === 'crt.sh') return { status: 200, headers: { 'content-type': 'application/json' }, body: '[]' }
  if (url.host === FIXTURE_DOMAIN && url.protocol === 'http:')
    return { status: 301, headers: { location: `https://${FIXTURE_DOMAIN}/` }, body: '' }
  if (url.host === FIXTURE_DOMAIN) return { status: 200, headers: STRONG, body: '<!doctype html><title>fixture</title><p>ok</p>' }
  if (url.host === TLS_DOMAIN && url.protocol === 'http:') return { status: 301, headers: { location: `https://${TLS_DOMAIN}/` }, body: '' }
  if (url.host === TLS_DOMAIN) return { status: 200, headers: STRONG, body: '<!doctype html><title>tls fixture</title><p>ok</p>' }
  if (hostileBody(url.host) !== null) {
    if (url.protocol === 'http:') return { status: 301, headers: { location: `https://${url.host}/` }, body: '' }
    return { status: 200, headers: NO_CSP, body: url.pathname === '/' ? hostileBody(url.host) : '' }
  }
  return { status: 404, headers: {}, body: 'no fixture' }
}

const fixtures = createServer((req, res) => {
  const target = new URL(req.url, 'http://x').searchParams.get('url') ?? ''
  const a = fixtureAnswer(target)
  res.writeHead(a.status, a.headers)
  res.end(a.body)
})
// Like every port the bench opens, inside BENCH_PORTS when it is set.
const fixturePort = await freePort()
await new Promise((resolve) => fixtures.listen(fixturePort, '127.0.0.1', resolve))
fixtures.unref()
const FIXTURE_ORIGIN = `http://127.0.0.1:${fixtures.address().port}`

function startTlsFixture() {
  const dir = mkdtempSync(join(tmpdir(), 'audit-bench-tls-'))
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '30',
        '-subj',
        `/CN=${TLS_DOMAIN}`,
        '-addext',
        `subjectAltName=DNS:${TLS_DOMAIN}`,
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' }
    )
    const server = createTlsServer(
      { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')), minVersion: 'TLSv1.2' },
      (socket) => socket.end()
    )
    server.on('tlsClientError', () => {})
    return server
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
const tlsFixture = startTlsFixture()
const tlsPort = await freePort()
await new Promise((resolve) => tlsFixture.listen(tlsPort, '127.0.0.1', resolve))
tlsFixture.unref()

/** Run the worker from the offline entry, pointed at the fixture server and the TLS fixture. */
export const main = 'bench/audit-offline-entry.ts'
export const vars = {
  BENCH_FIXTURE_ORIGIN: FIXTURE_ORIGIN,
  BENCH_TLS_FIXTURES: JSON.stringify({ [TLS_DOMAIN]: tlsFixture.address().port }),
}
const SCORING_VERSION = 3 // workers/audit/domain/scoring.ts; the cache key carries it

function cachedReport(baseUrl) {
  const now = new Date()
  const finding = (test, result, modifier, advice) => ({
    test,
    result,
    pass: modifier >= 0,
    modifier,
    counted: true,
    points: modifier,
    advice,
    deviation: null,
  })
  const report = {
    domain: CACHED_DOMAIN,
    checked_at: now.toISOString(),
    score: 'A+',
    score_numeric: 100,
    score_uncapped: 120,
    bonuses_counted: true,
    scoring_version: SCORING_VERSION,
    ssl: {
      checked: true,
      valid: true,
      issuer: "Let's Encrypt (R11)",
      issuer_dn: "C=US, O=Let's Encrypt, CN=R11",
      subject: `CN=${CACHED_DOMAIN}`,
      names: [CACHED_DOMAIN],
      expires_at: new Date(now.getTime() + 80 * 86_400_000).toISOString(),
      days_remaining: 80,
      key: { algorithm: 'EC', bits: 256 },
      signature_algorithm: 'sha256WithRSAEncryption',
      self_signed: false,
      grade: 'A',
      grade_reasons: [],
      source: 'tls-handshake',
      chain_length: 2,
      chain_complete: true,
      name_match: true,
      tls: {
        protocols: { tls1_0: false, tls1_1: false, tls1_2: true, tls1_3: true },
        preference_probe_suite: 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256',
        prefers_forward_secrecy: true,
        prefers_aead: true,
        weak_suites: { null_export_anon: false, rc4: false, triple_des: false, static_rsa: false },
        negotiated_version: 'TLS 1.2',
        negotiated_suite: 'TLS_ECDHE_ECDSA_WITH_AES_128_GCM_SHA256',
        ocsp_stapling: true,
      },
      caa: { present: true, name: CACHED_DOMAIN, issuers: ['letsencrypt.org'], iodef: false },
      error: null,
    },
    headers: {
      hsts: {
        present: true,
        value: 'max-age=63072000; includeSubDomains; preload',
        result: 'hsts-implemented-max-age-at-least-six-months',
        max_age: 63072000,
        include_subdomains: true,
        preload: true,
        preloaded: false,
      },
      csp: {
        present: true,
        value: "default-src 'none'; frame-ancestors 'none'",
        result: 'csp-implemented-with-no-unsafe-default-src-none',
        directives: { 'default-src': ["'none'"], 'frame-ancestors': ["'none'"] },
        report_only: null,
      },
      x_frame_options: { present: true, value: 'DENY', result: 'x-frame-options-implemented-via-csp' },
      x_content_type_options: { present: true, value: 'nosniff', result: 'x-content-type-options-nosniff' },
      referrer_policy: { present: true, value: 'no-referrer', result: 'referrer-policy-private' },
      cross_origin_resource_policy: { present: false, value: null, result: 'corp-not-implemented' },
      cross_origin_opener_policy: { present: false, value: null, result: 'coop-not-implemented' },
      cross_origin_embedder_policy: { present: false, value: null, result: 'coep-not-implemented' },
    },
    cookies: { result: 'cookies-not-found', items: [] },
    subresource_integrity: {
      result: 'sri-not-implemented-but-no-scripts-loaded',
      scripts: 0,
      external: 0,
      external_without_integrity: 0,
      insecure: [],
    },
    cors: {
      result: 'cross-origin-resource-sharing-not-implemented',
      allow_origin: null,
      allow_credentials: null,
      crossdomain_xml: 'absent',
      clientaccesspolicy_xml: 'absent',
    },
    redirects: {
      http_to_https: true,
      chain: [`http://${CACHED_DOMAIN}/ -> 301 -> https://${CACHED_DOMAIN}/`],
      final_url: `https://${CACHED_DOMAIN}/`,
      stopped: null,
      result: 'redirection-to-https',
    },
    graded_url: `https://${CACHED_DOMAIN}/`,
    graded_status: 200,
    findings: [
      finding('content-security-policy', 'csp-implemented-with-no-unsafe-default-src-none', 10, 'Nothing to do.'),
      finding('strict-transport-security', 'hsts-implemented-max-age-at-least-six-months', 0, 'Nothing to do.'),
      finding('redirection', 'redirection-to-https', 0, 'Nothing to do.'),
      finding('x-frame-options', 'x-frame-options-implemented-via-csp', 5, 'Nothing to do.'),
      finding('x-content-type-options', 'x-content-type-options-nosniff', 0, 'Nothing to do.'),
      finding('referrer-policy', 'referrer-policy-private', 5, 'Nothing to do.'),
      finding('cookies', 'cookies-not-found', 0, 'Nothing to do.'),
      finding('subresource-integrity', 'sri-not-implemented-but-no-scripts-loaded', 0, 'Nothing to do.'),
      finding('cross-origin-resource-sharing', 'cross-origin-resource-sharing-not-implemented', 0, 'Nothing to do.'),
      finding('cross-origin-resource-policy', 'corp-not-implemented', 0, 'Send same-origin.'),
      finding('cross-origin-opener-policy', 'coop-not-implemented', 0, 'Send same-origin.'),
      finding('cross-origin-embedder-policy', 'coep-not-implemented', 0, 'Send require-corp.'),
      finding('reachability', 'site-reachable-over-https', 0, 'The site answers over HTTPS.'),
    ],
    view_url: `${baseUrl}/check/${CACHED_DOMAIN}`,
  }
  // Fresh for an hour: longer than any bench run (the worker checks fresh_until itself).
  return { fresh_until: new Date(now.getTime() + 3_600_000).toISOString(), report }
}

function seed(key, value) {
  const state = process.env.WORKERS_STATE_DIR
  if (!state) throw new Error('audit bench: WORKERS_STATE_DIR is not set (run through npm run bench)')
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      [
        require.resolve('wrangler/bin/wrangler.js'),
        'kv',
        'key',
        'put',
        key,
        value,
        '--binding',
        'CACHE',
        '--env',
        'audit',
        '--local',
        '--persist-to',
        state,
        '--ttl',
        '3600',
      ],
      { env: { ...process.env, CI: 'true', WRANGLER_SEND_METRICS: 'false' }, stdio: ['ignore', 'pipe', 'pipe'] }
    )
    let err = ''
    child.stderr.on('data', (d) => (err += d))
    child.on('close', (code) => (code === 0 ? resolve() : reject(new Error(`seeding the audit cache failed: ${err}`))))
  })
}

async function rawFetchMs(domain) {
  const started = performance.now()
  await Promise.allSettled(
    [`http://${domain}/`, `https://${domain}/`].map((u) =>
      fetch(u, { redirect: 'manual', signal: AbortSignal.timeout(10_000) }).then((r) => r.arrayBuffer())
    )
  )
  return performance.now() - started
}

/**
 * Issue 13's worst cases, for `npm run bench -- worst-case`: a full uncached check (fresh=1,
 * Pro) of a site serving each hostile page, against the same check of the ordinary fixture
 * site. Both run offline against the loopback fixtures above.
 */
export async function worstCase({ createKey }) {
  const key = await createKey('audit', 'pro')
  const request = (domain) => ({
    method: 'GET',
    path: `/api/v1/check?domain=${domain}&fresh=1`,
    headers: { authorization: `Bearer ${key}` },
    body: undefined,
  })
  const typical = request(FIXTURE_DOMAIN)
  return Object.keys(HOSTILE_PAGES).map((name, i) => ({
    name: `GET /api/v1/check: page of ${name}`,
    typical,
    worst: request(hostileHost(i)),
  }))
}

export default async function scenarios({ baseUrl, createKey }) {
  const key = await createKey('audit', 'pro')
  const auth = { authorization: `Bearer ${key}` }
  await seed(`audit:v${SCORING_VERSION}:${CACHED_DOMAIN}`, JSON.stringify(cachedReport(baseUrl)))

  const probe = await fetch(`${baseUrl}/api/v1/check?domain=${CACHED_DOMAIN}`, { headers: auth })
  if (probe.status !== 200 || probe.headers.get('cache-status') !== 'audit; hit') {
    throw new Error(`audit bench: the seeded report is not served from the cache (${probe.status} ${await probe.text()})`)
  }

  // Anonymous callers as users meet the limit: each client address (RFC 2544's benchmarking
  // range, 198.18.0.0/15) sends 10 requests, the most one address may send in a minute.
  let sent = 0
  const anonymous = [
    {
      method: 'GET',
      path: `/api/v1/check?domain=${CACHED_DOMAIN}`,
      setupRequest: (req) => {
        const client = Math.floor(sent++ / 10)
        return {
          ...req,
          headers: { ...req.headers, 'cf-connecting-ip': `198.${18 + ((client >> 16) & 1)}.${(client >> 8) & 255}.${client & 255}` },
        }
      },
    },
  ]

  // Issue 20: a cached check's p50 within 2× of the cached view page's, measured as a pair in
  // alternating rounds (`versus`, scripts/bench.mjs).
  const VIEW = 'view page, cached report'
  const list = [
    { name: 'check, cached report (Pro key)', path: `/api/v1/check?domain=${CACHED_DOMAIN}`, headers: auth, versus: VIEW, target: 2 },
    { name: VIEW, path: `/check/${CACHED_DOMAIN}` },
    {
      name: 'check, cached report (no key, 10 requests per client address)',
      path: `/api/v1/check?domain=${CACHED_DOMAIN}`,
      requests: anonymous,
      versus: VIEW,
      target: 2,
    },
    { name: 'refused input (400, 10/min limit skipped by Pro)', path: '/api/v1/check?domain=127.0.0.1', headers: auth },
    // A full check every time: DoH ×2, http:// (301), https:// (200), crt.sh, all on loopback.
    {
      name: 'check, uncached (fresh=1, fixtures)',
      path: `/api/v1/check?domain=${FIXTURE_DOMAIN}&fresh=1`,
      headers: auth,
      amount: 400,
      connections: 4,
      reference: 'raw fetch of the same fixtures',
    },
    // The same full check, plus a TLS 1.2 read and the ClientHello probes over real sockets.
    {
      name: 'check, uncached against a TLS fixture (fresh=1, real handshakes)',
      path: `/api/v1/check?domain=${TLS_DOMAIN}&fresh=1`,
      headers: auth,
      amount: 100,
      connections: 2,
      reference: 'raw fetch of the same fixtures',
    },
    {
      name: 'raw fetch of the same fixtures',
      url: `${FIXTURE_ORIGIN}/fixture?url=${encodeURIComponent(`https://${FIXTURE_DOMAIN}/`)}`,
      amount: 400,
      connections: 4,
    },
  ]

  const live = process.env.BENCH_AUDIT_LIVE
  if (live) {
    const started = performance.now()
    const res = await fetch(`${baseUrl}/api/v1/check?domain=${encodeURIComponent(live)}&fresh=1`, { headers: auth })
    const checkMs = performance.now() - started
    const raw = await rawFetchMs(live)
    console.error(
      `audit bench: one uncached check of ${live}: ${Math.round(checkMs)} ms (HTTP ${res.status}); raw fetch of http:// and https://: ${Math.round(raw)} ms; ratio ${(checkMs / raw).toFixed(2)}×`
    )
    list.push({
      name: `check, uncached (fresh=1, live ${live})`,
      path: `/api/v1/check?domain=${encodeURIComponent(live)}&fresh=1`,
      headers: auth,
      amount: 20,
      connections: 2,
    })
  } else {
    console.error('audit bench: uncached check skipped (needs the network; set BENCH_AUDIT_LIVE=<domain> to run it)')
  }
  return list
}
