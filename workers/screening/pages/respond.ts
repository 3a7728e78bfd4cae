import { BASE_CSS, htmlDocument, markup } from '../../../shared/html'
import type { ApplicantNotice } from '../domain/fair-chance/notice'

export const RESPOND_CSS = `${BASE_CSS}
label{display:block;font-weight:600;margin-top:1rem}textarea,select,input{width:100%;font:inherit;padding:.4rem}
.error{color:#b42318;font-weight:600}button{margin-top:1rem;font:inherit;padding:.5rem 1rem}`

export const EVIDENCE_KINDS = {
  inaccurate_record: 'A record is wrong or not mine',
  rehabilitation: 'Evidence of rehabilitation',
  mitigating_information: 'Mitigating information',
  other: 'Other',
} as const

export type RespondForm = { statement?: string; kind?: string; description?: string }

/**
 * The applicant's answer page (issue 34 §1/§3): the notice as sent, and a plain form that
 * posts back here. Every value is escaped by markup``; the only authority is the signed
 * token in a hidden field (no cookie), and the route refuses cross-site posts.
 */
export function respondPage(a: {
  notice: ApplicantNotice
  token: string
  windowOpen: boolean
  answersLeft: number
  values?: RespondForm
  error?: string
}): string {
  const n = a.notice
  const v = a.values ?? {}
  const days = `${n.response.days} ${n.response.unit === 'business' ? 'business' : 'calendar'} days`
  const open = a.windowOpen && a.answersLeft > 0
  const body = markup`<main>
<h1>Your criminal-history records and your right to respond</h1>
<p>Rule that applies: ${n.rule ? markup`${n.rule.name} (${n.rule.law ?? ''}; confidence: ${n.rule.confidence})` : 'no state or local rule on file; HUD practice'}.</p>
<h2>Records received</h2>
${
  n.records.length
    ? markup`<ol>${n.records.map(
        (r) =>
          markup`<li>${r.offence} (${r.level}, ${r.disposition.replaceAll('_', ' ')}, ${r.date})${r.mayConsider ? '' : ' - may NOT be considered'}: ${r.why}</li>`
      )}</ol>`
    : markup`<p>None: the report found no criminal records.</p>`
}
<p>Never considered: ${n.neverConsider.join('; ')}.</p>
<p>Answer by <strong>${n.respondBy}</strong> (${days}; ${n.response.basis}).</p>
${
  open
    ? markup`<form method="post" action="/fair-chance/respond">
<input type="hidden" name="token" value="${a.token}">
${a.error ? markup`<p class="error" role="alert">${a.error}</p>` : ''}
<label for="statement">Your statement</label>
<textarea id="statement" name="statement" rows="8" maxlength="5000" required>${v.statement ?? ''}</textarea>
<label for="kind">Kind of evidence (optional)</label>
<select id="kind" name="kind"><option value="">None</option>${Object.entries(EVIDENCE_KINDS).map(
        ([value, label]) => markup`<option value="${value}"${v.kind === value ? markup` selected` : ''}>${label}</option>`
      )}</select>
<label for="description">Describe the evidence (optional)</label>
<textarea id="description" name="description" rows="4" maxlength="2000">${v.description ?? ''}</textarea>
<button type="submit">Send my answer to the landlord</button>
<p class="muted">${a.answersLeft} answer(s) left. The landlord sees your answer before any decision based on these records.</p>
</form>`
    : markup`<p>Answers are closed for this application (the landlord recorded a decision, or you sent the most answers allowed).</p>`
}
</main>`
  return htmlDocument({ title: 'Respond to your criminal-history records', body, css: RESPOND_CSS })
}

export function respondMessagePage(title: string, text: string): string {
  return htmlDocument({ title, body: markup`<main><h1>${title}</h1><p>${text}</p></main>`, css: RESPOND_CSS })
}
