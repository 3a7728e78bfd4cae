import { BASE_CSS, htmlDocument, markup } from '../../../shared/html'
import type { AdverseActionNotice, ApplicationStatement } from '../domain/fcra/notice'

export const NOTICE_CSS = `${BASE_CSS}
@media print{body{font-size:12pt}main{max-width:none;padding:0}.noprint{display:none}}
.simulated{border:2px solid #b42318;padding:.75rem;font-weight:600}`

/** The printable notice: every value escaped by hono/html; no scripts, no external resources. */
export function noticePage(n: AdverseActionNotice, statement: ApplicationStatement): string {
  const score = n.creditScore
  const body = markup`<main>
<h1>Notice of adverse action</h1>
${n.simulated ? markup`<p class="simulated">SIMULATED: this screening used simulated data, not a consumer report. Do not send this notice.</p>` : ''}
<p>Date: ${n.date}<br>To: ${n.applicantName}<br>Property: ${n.propertyAddress}</p>
<p>${n.action}</p>
<h2>The consumer reporting agency</h2>
<p>${n.consumerReportingAgency.name}${n.consumerReportingAgency.address ? markup`<br>${n.consumerReportingAgency.address}` : ''}${
    n.consumerReportingAgency.phone ? markup`<br>Toll-free: ${n.consumerReportingAgency.phone}` : ''
  }</p>
<p>${n.agencyDidNotDecide}</p>
<h2>Your rights</h2>
<p>${n.rightToFreeCopy}</p>
<p>${n.rightToDispute}</p>
<h2>Credit score</h2>
${
  score.used
    ? markup`<p>Your credit score: <strong>${score.score}</strong> (scores range from ${score.range.min} to ${score.range.max}), created on ${score.date}, provided by ${score.source}.</p>
${score.keyFactors.length > 0 ? markup`<p>Key factors that adversely affected the score:</p><ol>${score.keyFactors.map((f) => markup`<li>${f}</li>`)}</ol>` : markup`<p>The agency reported no key factors.</p>`}
${score.inquiriesIsKeyFactor ? markup`<p>The number of inquiries was a key factor.</p>` : ''}`
    : markup`<p>${score.statement}</p>`
}
${n.reasons.length > 0 ? markup`<h2>What the consumer report showed</h2><ul>${n.reasons.map((r) => markup`<li>${r}</li>`)}</ul>` : ''}
<footer>${n.citations.join('; ')}. Screening ${n.screeningId}.</footer>
${statement.reasons.length > 0 ? markup`<section><h2>Separate statement: reasons from your application</h2><p>${statement.note}</p><ul>${statement.reasons.map((r) => markup`<li>${r}</li>`)}</ul></section>` : ''}
</main>`
  return htmlDocument({ title: 'Notice of adverse action', body, css: NOTICE_CSS })
}
