import type { HttpFetcher } from '../../../shared/http-fetcher'
import { analyseCookies } from './checks/cookies'
import { analyseCors, CORS_PROBE_ORIGIN } from './checks/cors'
import { analyseCoep, analyseCoop, analyseCorp } from './checks/cross-origin'
import { analyseCsp } from './checks/csp'
import { analyseHsts, type HstsTransport } from './checks/hsts'
import { analyseReachability } from './checks/reachability'
import { analyseRedirects } from './checks/redirects'
import { isPreloaded } from './checks/preload'
import { analyseReferrerPolicy } from './checks/referrer-policy'
import { analyseSri } from './checks/sri'
import { analyseXcto } from './checks/xcto'
import { analyseXfo } from './checks/xfo'
import { daysRemaining, gradeCertificate, type Trust } from './cert/grade'
import { probeCertificate, type CertificateProbe } from './cert/probe'
import type { TcpConnector } from './cert/tls-reader'
import { followChain, formatHop, type Chain } from './retrieve/chain'
import { fetchPage, type FetchOutcome, type PageResponse } from './retrieve/page'
import { fetchPolicyFile } from './retrieve/policy-file'
import type { CertificateReport, Report } from '../schemas'
import { deviation, type Deviation } from './deviation'
import { SCORE_TABLE, SCORING_VERSION, score, type ResultId, type TestName } from './scoring'
import { resolveHost, type Resolution, type Resolver } from '../../../shared/net/dns'
import { assertPublicAddresses, validateHop } from '../../../shared/net/validate'

export type AuditDeps = {
  /** Every outbound HTTP request (DoH, the site, crt.sh) goes through this. */
  fetcher: HttpFetcher
  /** Raw TCP for the TLS handshake reader; null where sockets are unavailable. */
  connectTls: TcpConnector | null
  now: () => Date
  /** Names to addresses; DNS over HTTPS through `fetcher` when absent. */
  resolver?: Resolver
  /** Budget for following each redirect chain (the Observatory aborts at 10 s). */
  chainTimeoutMs?: number
  handshakeTimeoutMs?: number
  /** false only in the bench-only entry, so every fresh=1 request there is a full check. */
  freshCooldown?: boolean
}

export type AuditContext = { baseUrl: string }

/** Redirection results the Observatory has no counterpart for (a chain it would not grade). */
const UNFOLLOWED = new Set<ResultId>(['redirection-loop', 'redirection-too-many', 'redirection-blocked', 'redirection-broken'])
/** Tests whose result comes from the graded page's headers or body. */
const READ_FROM_PAGE: TestName[] = [
  'content-security-policy',
  'x-frame-options',
  'x-content-type-options',
  'referrer-policy',
  'subresource-integrity',
  'cross-origin-resource-policy',
  'cross-origin-opener-policy',
  'cross-origin-embedder-policy',
]

/** The view URL handed out with every report (DECISIONS.md: built from BASE_URL only). */
export function viewUrl(baseUrl: string, domain: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/check/${domain}`
}

/** One resolver per audit: each name is asked once, however many redirect hops name it. */
function memoize(resolve: Resolver): Resolver {
  const seen = new Map<string, Promise<Resolution>>()
  return (name) => {
    let hit = seen.get(name)
    if (!hit) {
      hit = resolve(name)
      seen.set(name, hit)
    }
    return hit
  }
}

/**
 * Runs one complete check of `host`, a hostname already normalised (domainFromInput): the
 * public-address gate first (throws TargetError), then both redirect chains and the
 * certificate probe in parallel, then the analysers and the score.
 */
export async function runAudit(host: string, deps: AuditDeps, ctx: AuditContext): Promise<Report> {
  const resolver = memoize(deps.resolver ?? ((name) => resolveHost(deps.fetcher, name)))
  await assertPublicAddresses(host, resolver)
  const now = deps.now()
  const signal = AbortSignal.timeout(deps.chainTimeoutMs ?? 10_000)
  // Says who is asking, so a site owner seeing these requests can find out what they are.
  const userAgent = `Mozilla/5.0 (compatible; HTTPS-Audit/1.0; +${ctx.baseUrl.replace(/\/+$/, '')}/scoring)`

  // One request per URL per audit: the HTTP chain usually passes through https://<host>/.
  const pages = new Map<string, Promise<FetchOutcome>>()
  const fetchOnce = (url: string) => {
    let hit = pages.get(url)
    if (!hit) {
      hit = fetchPage(deps.fetcher, url, { signal, userAgent })
      pages.set(url, hit)
    }
    return hit
  }
  const chainDeps = { fetchOnce, validateHop: (url: URL) => validateHop(url, resolver) }
  const httpsStart = `https://${host}/`
  const [httpChain, httpsChain, probe] = await Promise.all([
    followChain(`http://${host}/`, chainDeps),
    followChain(httpsStart, chainDeps),
    probeCertificate(host, {
      connect: deps.connectTls,
      fetcher: deps.fetcher,
      now,
      signal: AbortSignal.timeout(8_000),
      handshakeTimeoutMs: deps.handshakeTimeoutMs,
    }),
  ])

  const httpsFirst = await fetchOnce(httpsStart)
  const trust: Trust = httpsFirst.ok ? 'trusted' : httpsFirst.failure.kind === 'tls' ? 'untrusted' : 'unreachable'
  const graded = gradedResponse(httpsChain, httpChain)
  const gradedHttps = graded?.url.startsWith('https:') ?? false
  const h = graded?.headers ?? {}
  const header = (name: string) => h[name] ?? null

  // CORS: the graded page once more with a foreign Origin, and the two policy files of its origin.
  const gradedOrigin = graded ? new URL(graded.url).origin : null
  const fetchOptions = { signal, userAgent }
  // Only a page is probed: a redirect (a loop, or a chain cut short) has no content to share.
  const gradedPage = graded && !(graded.status >= 300 && graded.status < 400)
  const [corsProbe, crossdomain, clientaccesspolicy] =
    gradedPage && gradedOrigin
      ? await Promise.all([
          fetchPage(deps.fetcher, graded!.url, { ...fetchOptions, origin: CORS_PROBE_ORIGIN }),
          fetchPolicyFile(deps.fetcher, `${gradedOrigin}/crossdomain.xml`, fetchOptions),
          fetchPolicyFile(deps.fetcher, `${gradedOrigin}/clientaccesspolicy.xml`, fetchOptions),
        ])
      : [null, null, null]

  const transport: HstsTransport = trust === 'untrusted' ? 'invalid-cert' : gradedHttps ? 'https' : 'no-https'
  const preloaded = isPreloaded(host)
  const hsts = analyseHsts(gradedHttps ? header('strict-transport-security') : null, transport, preloaded)
  const csp = analyseCsp({
    header: header('content-security-policy'),
    reportOnly: header('content-security-policy-report-only'),
    meta: graded?.html?.meta.csp,
    https: gradedHttps,
  })
  const xfo = analyseXfo(header('x-frame-options'), csp.frame_ancestors)
  const xcto = analyseXcto(header('x-content-type-options'))
  const referrer = analyseReferrerPolicy(header('referrer-policy'), graded?.html?.meta.referrer)
  const redirects = analyseRedirects(httpChain, isPreloaded)
  const reachability = analyseReachability(httpsFirst.ok, (await fetchOnce(`http://${host}/`)).ok)
  // Every answer on the way sets cookies; one URL answered once even when both chains pass it.
  const answers = new Set([...httpChain.responses, ...httpsChain.responses])
  const setCookies = [...answers].flatMap((r) => r.cookies.map((header) => ({ header, https: r.url.startsWith('https:') })))
  const hstsProtects = hsts.result === 'hsts-preloaded' || hsts.result === 'hsts-implemented-max-age-at-least-six-months'
  const cookies = analyseCookies(setCookies, hstsProtects)
  const sri = analyseSri(graded?.url ?? null, graded?.html ?? null)
  const probed = corsProbe?.ok ? corsProbe.response.headers : null
  const cors = await analyseCors({
    probe: probed && {
      allowOrigin: probed['access-control-allow-origin'] ?? null,
      allowCredentials: probed['access-control-allow-credentials'] ?? null,
    },
    crossdomain,
    clientaccesspolicy,
  })
  const corp = analyseCorp(header('cross-origin-resource-policy'))
  const coop = analyseCoop(header('cross-origin-opener-policy'))
  const coep = analyseCoep(header('cross-origin-embedder-policy'))
  const results: ResultId[] = [
    csp.result,
    hsts.result,
    redirects.result,
    xfo.result,
    xcto.result,
    referrer.result,
    cookies.result,
    sri.result,
    cors.result,
    corp.result,
    coop.result,
    coep.result,
    reachability.result,
  ]
  // Departures from the Observatory by design (data/deviations.ts), per test.
  const deviations: Partial<Record<TestName, Deviation | null>> = {
    'strict-transport-security': hsts.deviation,
    cookies: cookies.deviation,
    'subresource-integrity': sri.deviation,
    'cross-origin-resource-sharing': cors.deviation,
    redirection: UNFOLLOWED.has(redirects.result) ? deviation('redirection-unfollowed', redirects.result, null) : null,
    reachability: reachability.result === 'site-reachable-over-https' ? null : deviation('reachability', reachability.result, null),
  }
  if (trust === 'untrusted' && !gradedHttps) {
    // Headers read from plain HTTP because the certificate failed; the Observatory reads HTTPS.
    for (const result of results) {
      const test = SCORE_TABLE[result].test
      if (READ_FROM_PAGE.includes(test)) deviations[test] ??= deviation('invalid-certificate', result, null)
    }
  }
  const scored = score(results, deviations)

  const present = (name: string) => ({ present: header(name) !== null, value: header(name) })
  return {
    domain: host,
    checked_at: now.toISOString(),
    score: scored.grade,
    score_numeric: scored.score,
    score_uncapped: scored.uncapped,
    bonuses_counted: scored.bonuses_counted,
    scoring_version: SCORING_VERSION,
    ssl: deps.connectTls ? certificateReport(trust, httpsFirst, probe, now) : notChecked(certificateReport(trust, httpsFirst, probe, now)),
    headers: {
      hsts: {
        ...present('strict-transport-security'),
        result: hsts.result,
        max_age: hsts.max_age,
        include_subdomains: hsts.include_subdomains,
        preload: hsts.preload,
        preloaded,
      },
      csp: {
        ...present('content-security-policy'),
        result: csp.result,
        directives: csp.directives,
        report_only: header('content-security-policy-report-only'),
      },
      x_frame_options: { ...present('x-frame-options'), result: xfo.result },
      x_content_type_options: { ...present('x-content-type-options'), result: xcto.result },
      referrer_policy: { ...present('referrer-policy'), result: referrer.result },
      cross_origin_resource_policy: { ...present('cross-origin-resource-policy'), result: corp.result },
      cross_origin_opener_policy: { ...present('cross-origin-opener-policy'), result: coop.result },
      cross_origin_embedder_policy: { ...present('cross-origin-embedder-policy'), result: coep.result },
    },
    cookies: { result: cookies.result, items: cookies.cookies },
    subresource_integrity: sri,
    cors: {
      result: cors.result,
      allow_origin: cors.allow_origin,
      allow_credentials: probed?.['access-control-allow-credentials'] ?? null,
      crossdomain_xml: cors.crossdomain_xml,
      clientaccesspolicy_xml: cors.clientaccesspolicy_xml,
    },
    redirects: {
      http_to_https: redirects.http_to_https,
      chain: httpChain.hops.map(formatHop),
      final_url: redirects.destination,
      stopped: stopReason(httpChain),
      result: redirects.result,
    },
    graded_url: graded?.url ?? null,
    graded_status: graded?.status ?? null,
    findings: scored.findings,
    view_url: viewUrl(ctx.baseUrl, host),
  }
}

function certificateReport(trust: Trust, httpsFirst: FetchOutcome, probe: CertificateProbe, now: Date): CertificateReport {
  const facts = probe.facts
  const { grade, reasons } = gradeCertificate(trust, facts, now, {
    tls: probe.tls,
    chain_complete: probe.chain_complete,
    name_match: probe.name_match,
  })
  // The HTTPS failure matters most; otherwise say why the handshake gave no certificate.
  const error = !httpsFirst.ok
    ? httpsFirst.failure.message
    : probe.source !== 'tls-handshake' && probe.handshake_error
      ? `TLS handshake: ${probe.handshake_error}`
      : null
  return {
    checked: true,
    valid: trust === 'trusted',
    issuer: facts?.issuer_name || null,
    issuer_dn: facts?.issuer || null,
    subject: facts?.subject || null,
    names: facts?.names ?? [],
    expires_at: facts?.not_after ?? null,
    days_remaining: facts ? daysRemaining(facts, now) : null,
    key: facts && facts.key.algorithm !== 'unknown' ? facts.key : null,
    signature_algorithm: facts && facts.signature_algorithm !== 'unknown' ? facts.signature_algorithm : null,
    // Issuer equal to subject is only meaningful for the certificate actually served.
    self_signed: facts && probe.source === 'tls-handshake' ? facts.self_signed : null,
    grade,
    grade_reasons: reasons,
    source: probe.source,
    chain_length: probe.chain_length,
    chain_complete: probe.chain_complete,
    name_match: probe.name_match,
    tls: {
      ...probe.tls,
      negotiated_version: probe.negotiated?.version ?? null,
      negotiated_suite: probe.negotiated?.suite ?? null,
      ocsp_stapling: probe.ocsp_stapling,
    },
    caa: probe.caa,
    error,
  }
}

/**
 * Where this runtime can open no TCP socket (the offline bench entry), no TLS fact was
 * checked: trust, grade, protocols, chain and stapling say "not checked" rather than repeat
 * what a fetch through a stand-in reported. Facts from Certificate Transparency stay, labelled.
 */
function notChecked(report: CertificateReport): CertificateReport {
  return {
    ...report,
    checked: false,
    valid: null,
    grade: 'unknown',
    grade_reasons: ['not checked: this runtime cannot open TCP sockets, so no TLS handshake was made'],
    chain_length: null,
    chain_complete: null,
    name_match: null,
    self_signed: null,
    error: null,
  }
}

function gradedResponse(https: Chain, http: Chain): PageResponse | null {
  const final = (c: Chain) => (c.end.kind === 'response' ? c.end.response : null)
  const lastHttps = (c: Chain) => c.responses.findLast((r) => r.url.startsWith('https:')) ?? null
  const f = final(https) ?? final(http)
  if (f?.url.startsWith('https:')) return f
  return lastHttps(https) ?? lastHttps(http) ?? f ?? https.responses.at(-1) ?? http.responses.at(-1) ?? null
}

function stopReason(chain: Chain): string | null {
  const { end } = chain
  switch (end.kind) {
    case 'response':
      return null
    case 'failed':
      return `${end.url} did not answer: ${end.failure.kind === 'timeout' ? 'timed out' : end.failure.message}`
    case 'loop':
      return `redirect loop back to ${end.url}`
    case 'too-many':
      return 'more than 10 redirects'
    case 'blocked':
      return `not followed to ${end.url}: ${end.reason}`
    case 'bad-location':
      return `unusable Location header: ${end.location}`
  }
}

/** A report is a "failure" (cached only briefly) when the site could not be reached at all. */
export function isFailureReport(report: Report): boolean {
  return report.findings.some((f) => f.result === 'site-unreachable')
}
