import { htmlDocument, markup, type Markup } from '../../../shared/html'
import type { Report } from '../schemas'
import { gradeTone } from './grade-tone'
import { GRADE_CHART, MINIMUM_SCORE_FOR_EXTRA_CREDIT, SCORE_TABLE, SCORING_VERSION, TESTS, type TestName } from '../domain/scoring'
import { badgeSnippet } from './history'
import { AUDIT_CSS } from './style'

// Every page here is built with `markup`, which escapes each interpolated value: report
// fields come from the audited site (header values, certificate names) and must never be
// markup of theirs.

/** The form to check a domain; plain GET to /check, so it works without JavaScript. */
export function checkForm(value = '', error?: string): Markup {
  return markup`<form class="check" method="get" action="/check" role="search">
<label for="domain">Domain to check</label>
<input id="domain" name="domain" type="text" inputmode="url" autocomplete="url" spellcheck="false" autocapitalize="none"
 required maxlength="253" placeholder="example.com" value="${value}"${error ? markup` aria-invalid="true" aria-describedby="domain-error"` : markup` aria-describedby="domain-hint"`}>
<button type="submit">Check</button>
${error ? markup`<p id="domain-error" class="error" role="alert">${error}</p>` : markup`<p id="domain-hint" class="muted">A bare hostname such as example.com or www.example.org: no https://, path or port.</p>`}
</form>`
}

function page(title: string, body: Markup): string {
  return htmlDocument({
    title,
    css: AUDIT_CSS,
    body: markup`<main>${body}
<footer>Graded with scoring rules v${SCORING_VERSION}, after Mozilla's HTTP Observatory: <a href="/scoring">how the score works</a> · <a href="/docs">API</a></footer>
</main>`,
  })
}

export function renderHomePage(options: { value?: string; error?: string } = {}): string {
  return page(
    options.error ? 'Check a domain (error) — HTTPS audit' : 'HTTPS audit',
    markup`<h1>HTTPS audit</h1>
<p>Grades a site's certificate, security headers and HTTP-to-HTTPS redirects, the way Mozilla's HTTP Observatory does.</p>
${checkForm(options.value, options.error)}`
  )
}

export function renderErrorPage(domain: string, message: string): string {
  return page(
    `Could not check ${domain} — HTTPS audit`,
    markup`<h1>Could not check <code>${domain}</code></h1>
<p class="error" role="alert">${message}</p>
<h2>Check another domain</h2>
${checkForm(domain)}`
  )
}

function gradeClass(grade: string): string {
  return `g-${gradeTone(grade)}`
}

const verdict = (pass: boolean) => (pass ? markup`<span class="pass">✓ Pass</span>` : markup`<span class="fail">✗ Fail</span>`)
const unknown = markup`<span class="muted">unknown</span>`
const signed = (n: number) => (n > 0 ? `+${n}` : String(n))
/** The points a finding added; a bonus under the threshold is shown with what it would have given. */
const points = (f: Report['findings'][number]) => (f.counted ? signed(f.points) : `not counted (${signed(f.modifier)})`)

/** A result that departs from the Observatory by design says so, with what the Observatory gives. */
function departure(d: Report['findings'][number]['deviation']): Markup | string {
  if (!d) return ''
  const theirs = d.observatory_result
    ? markup`The Observatory gives <code>${d.observatory_result}</code> here.`
    : markup`The Observatory has no such result.`
  return markup`<br><strong>Departs from the Observatory:</strong> ${theirs} ${d.reason}`
}

const yesNo = (v: boolean | null, yes: string, no: string) => (v === null ? `${yes}: unknown` : v ? yes : no)

function protocolsLine(p: Report['ssl']['tls']['protocols']): string {
  const names = [
    ['TLS 1.0', p.tls1_0],
    ['TLS 1.1', p.tls1_1],
    ['TLS 1.2', p.tls1_2],
    ['TLS 1.3', p.tls1_3],
  ] as const
  if (names.every(([, v]) => v === null)) return 'unknown (no TLS handshake was possible)'
  return names.map(([name, v]) => `${name} ${v === null ? '?' : v ? 'yes' : 'no'}`).join(', ')
}

function suitesLine(t: Report['ssl']['tls']): string {
  const weak = Object.entries({
    'NULL/export/anonymous': t.weak_suites.null_export_anon,
    RC4: t.weak_suites.rc4,
    '3DES': t.weak_suites.triple_des,
    'static RSA': t.weak_suites.static_rsa,
  })
    .filter(([, v]) => v)
    .map(([k]) => k)
  if (t.negotiated_suite === null && t.preference_probe_suite === null) return 'unknown'
  return [
    t.negotiated_suite ? `negotiated ${t.negotiated_suite}` : null,
    t.prefers_forward_secrecy === null ? null : t.prefers_forward_secrecy ? 'forward secrecy preferred' : 'no forward secrecy preferred',
    t.prefers_aead === null ? null : t.prefers_aead ? 'AEAD preferred' : 'CBC preferred over AEAD',
    weak.length ? `weak suites accepted: ${weak.join(', ')}` : 'no weak suites accepted',
  ]
    .filter(Boolean)
    .join('; ')
}

export function renderReportPage(report: Report): string {
  const { ssl, headers } = report
  const byTest = new Map(report.findings.map((f) => [f.test, f]))
  const headerRows = (
    [
      ['Strict-Transport-Security', headers.hsts, 'strict-transport-security'],
      ['Content-Security-Policy', headers.csp, 'content-security-policy'],
      ['X-Frame-Options', headers.x_frame_options, 'x-frame-options'],
      ['X-Content-Type-Options', headers.x_content_type_options, 'x-content-type-options'],
      ['Referrer-Policy', headers.referrer_policy, 'referrer-policy'],
      ['Cross-Origin-Resource-Policy', headers.cross_origin_resource_policy, 'cross-origin-resource-policy'],
      ['Cross-Origin-Opener-Policy', headers.cross_origin_opener_policy, 'cross-origin-opener-policy'],
      ['Cross-Origin-Embedder-Policy', headers.cross_origin_embedder_policy, 'cross-origin-embedder-policy'],
    ] as const
  ).map(([name, h, test]) => {
    const f = byTest.get(test as TestName)
    return markup`<tr><th scope="row">${name}</th><td>${h.present ? markup`<code>${h.value}</code>` : markup`<span class="muted">not sent</span>`}</td>
<td>${f ? markup`${verdict(f.pass)} <span class="muted">(${points(f)})</span>` : ''}</td><td>${f ? f.advice : ''}</td></tr>
`
  })

  const certificate = ssl.checked ? checkedCertificate(ssl) : uncheckedCertificate(ssl)
  return renderReport(report, headerRows, certificate)
}

/** No socket here: every TLS fact says so instead of showing what a stand-in fetch reported. */
function uncheckedCertificate(ssl: Report['ssl']): Markup {
  const notChecked = markup`<span class="muted">not checked</span>`
  return markup`<dl class="facts">
<dt>Trusted</dt><dd>${notChecked}</dd>
<dt>TLS grade</dt><dd>${notChecked} <span class="muted">(${ssl.grade_reasons.join('; ')})</span></dd>
<dt>Protocols</dt><dd>${notChecked}</dd>
<dt>Cipher suites</dt><dd>${notChecked}</dd>
<dt>Chain and stapling</dt><dd>${notChecked}</dd>
</dl>`
}

function checkedCertificate(ssl: Report['ssl']): Markup {
  return markup`<dl class="facts">
<dt>Trusted</dt><dd>${ssl.valid ? markup`<span class="pass">Yes</span>` : markup`<span class="fail">No</span>`}${ssl.error ? markup` <span class="muted">(${ssl.error})</span>` : ''}</dd>
<dt>TLS grade</dt><dd><strong>${ssl.grade}</strong>${ssl.grade_reasons.length ? `: ${ssl.grade_reasons.join('; ')}` : ''}</dd>
<dt>Issuer</dt><dd>${ssl.issuer ? ssl.issuer : unknown}</dd>
<dt>Expires</dt><dd>${ssl.expires_at ? markup`<time datetime="${ssl.expires_at}">${ssl.expires_at.slice(0, 10)}</time> (${ssl.days_remaining} days left)` : unknown}</dd>
<dt>Names</dt><dd>${ssl.names.length ? ssl.names.map((n, i) => markup`${i ? ', ' : ''}<code>${n}</code>`) : unknown}</dd>
<dt>Key</dt><dd>${ssl.key ? `${ssl.key.algorithm}${ssl.key.bits ? ` ${ssl.key.bits} bits` : ''}` : unknown}${ssl.signature_algorithm ? `, signed with ${ssl.signature_algorithm}` : ''}</dd>
<dt>Protocols</dt><dd>${protocolsLine(ssl.tls.protocols)}</dd>
<dt>Cipher suites</dt><dd>${suitesLine(ssl.tls)}</dd>
<dt>Chain and stapling</dt><dd>${yesNo(ssl.chain_complete, 'intermediates sent', 'intermediates missing')}; ${yesNo(ssl.tls.ocsp_stapling, 'OCSP stapled', 'no OCSP stapling')}; ${yesNo(ssl.name_match, 'covers this name', 'does not cover this name')}</dd>
<dt>CAA</dt><dd>${ssl.caa.present ? markup`${ssl.caa.issuers.join(', ') || 'no issuer allowed'} <span class="muted">(at ${ssl.caa.name})</span>` : ssl.caa.present === false ? 'none published' : unknown}</dd>
<dt>Source</dt><dd>${
    ssl.source === 'tls-handshake'
      ? 'the certificate the server sent in a TLS handshake'
      : ssl.source === 'certificate-transparency'
        ? 'Certificate Transparency logs (crt.sh): the newest unexpired certificate issued for this name, which may not be the one served'
        : 'none could be read'
  }</dd>
</dl>`
}

function renderReport(report: Report, headerRows: Markup[], certificate: Markup): string {
  const { redirects } = report
  const byTest = new Map(report.findings.map((f) => [f.test, f]))
  const chain = redirects.chain.length
    ? markup`<ol class="chain">${redirects.chain.map((hop) => markup`<li><code>${hop}</code></li>`)}</ol>`
    : markup`<p>No redirects from <code>http://${report.domain}/</code>.</p>`
  const redirectFinding = byTest.get('redirection')

  const findings = report.findings.map(
    (f) =>
      markup`<tr><th scope="row">${TESTS[f.test]}</th><td><code>${f.result}</code>${f.deviation ? markup` <span class="muted">(departs from the Observatory)</span>` : ''}</td><td>${verdict(f.pass)}</td><td>${points(f)}</td><td>${f.advice}${departure(f.deviation)}</td></tr>
`
  )

  const departures = report.findings.filter((f) => f.deviation).length
  return page(
    `${report.domain}: ${report.score} — HTTPS audit`,
    markup`<h1>HTTPS audit of <code>${report.domain}</code></h1>
<section class="summary" aria-label="Grade">
<div class="grade ${gradeClass(report.score)}" role="img" aria-label="Grade ${report.score}">${report.score}</div>
<p>Score <strong>${report.score_numeric}</strong> out of 100${report.score_uncapped > 100 ? ` (${report.score_uncapped} before the cap at 100)` : ''}.${departures > 0 ? markup` <a href="#findings">${departures} ${departures === 1 ? 'result departs' : 'results depart'} from the Observatory</a> by design.` : ''}<br>
Checked <time datetime="${report.checked_at}">${report.checked_at.replace('T', ' ').slice(0, 19)} UTC</time>.
${report.graded_url ? markup`<br>Headers read from <code>${report.graded_url}</code> (HTTP ${report.graded_status}).` : ''}</p>
</section>
<h2>Check another domain</h2>
${checkForm()}
<h2 id="certificate">Certificate</h2>
${certificate}
<h2 id="headers">Security headers</h2>
<table><caption class="muted">Each header, its value, the verdict with the points it adds or takes, and advice.</caption>
<thead><tr><th scope="col">Header</th><th scope="col">Value</th><th scope="col">Verdict</th><th scope="col">Advice</th></tr></thead>
<tbody>${headerRows}</tbody></table>
<h2 id="redirects">Redirects</h2>
<p>HTTP to HTTPS: ${redirects.http_to_https ? markup`<span class="pass">Yes</span>` : markup`<span class="fail">No</span>`}${redirectFinding ? ` — ${redirectFinding.advice}` : ''}</p>
${chain}
${redirects.stopped ? markup`<p class="muted">Stopped: ${redirects.stopped}</p>` : ''}
${badgeSnippet(report.view_url, report.domain)}
<h2 id="findings">All findings</h2>
<table><caption class="muted">Score = 100 plus the points, kept between 0 and 100; bonuses count only when the score without them is at least ${MINIMUM_SCORE_FOR_EXTRA_CREDIT}${report.bonuses_counted ? '' : ' (here it is not, so they are not counted)'}.</caption>
<thead><tr><th scope="col">Test</th><th scope="col">Result</th><th scope="col">Verdict</th><th scope="col">Points</th><th scope="col">Advice</th></tr></thead>
<tbody>${findings}</tbody></table>`
  )
}

/** The scoring rules, rendered from the same table the grader uses. */
export function renderScoringPage(): string {
  const rows = Object.entries(SCORE_TABLE).map(
    ([result, rule]) =>
      markup`<tr><td>${TESTS[rule.test]}</td><td><code>${result}</code></td><td>${signed(rule.modifier)}</td><td>${rule.pass ? 'pass' : 'fail'}</td><td>${rule.advice}</td></tr>
`
  )
  const chart = GRADE_CHART.map(([min, grade]) => markup`<tr><td>${grade}</td><td>${min}</td></tr>`)
  return page(
    'How the score works — HTTPS audit',
    markup`<h1>How the score works</h1>
<p>Scoring rules version ${SCORING_VERSION}. The score starts at 100. Every test adds its result's modifier.
Bonuses (positive modifiers) count only when the score without them is at least ${MINIMUM_SCORE_FOR_EXTRA_CREDIT}; the total is kept between 0 and 100.</p>
<h2>Grades</h2>
<table><thead><tr><th scope="col">Grade</th><th scope="col">Lowest score</th></tr></thead><tbody>${chart}</tbody></table>
<h2>Modifiers</h2>
<table><thead><tr><th scope="col">Test</th><th scope="col">Result</th><th scope="col">Points</th><th scope="col">Verdict</th><th scope="col">Advice</th></tr></thead>
<tbody>${rows}</tbody></table>`
  )
}
