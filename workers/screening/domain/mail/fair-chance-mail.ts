import type { ApplicantNotice } from '../fair-chance/notice'
import type { ResultMail } from './result-mail'
import { safeText } from './safe-text'

/**
 * The applicant's notice of criminal-history records (issue 34 §1): a fixed template with the
 * records as the provider returned them (cut to safe text), whether each may be considered,
 * the rule's lookbacks and barred categories, the deadline and one signed link of ours.
 */
export function fairChanceMail(input: {
  to: string
  notice: ApplicantNotice
  propertyAddress: string
  url: string
  /** The same answer as a web page with a form (routes/applicant-response-page.ts). */
  pageUrl: string
  simulated: boolean
}): ResultMail {
  const n = input.notice
  const days = `${n.response.days} ${n.response.unit === 'business' ? 'business' : 'calendar'} days`
  const records = n.records.length
    ? n.records.map(
        (r, i) =>
          `${i + 1}. ${safeText(r.offence, 120)} (${r.level}, ${r.disposition.replaceAll('_', ' ')}, ${r.date})${r.mayConsider ? '' : ' - may NOT be considered'}: ${safeText(r.why, 200)}`
      )
    : ['None: the report found no criminal records.']
  const lines = [
    input.simulated ? 'SIMULATED: this notice uses simulated mock data, not a consumer report.' : null,
    input.simulated ? '' : null,
    `You received a conditional offer for ${safeText(input.propertyAddress, 120)}. The landlord then requested your criminal-history records.`,
    `Rule that applies: ${n.rule ? `${safeText(n.rule.name, 80)} (${safeText(n.rule.law ?? '', 200)}; confidence: ${n.rule.confidence})` : 'no state or local rule on file; HUD practice'}.`,
    '',
    'Records received:',
    ...records,
    '',
    n.lookbacks.length
      ? `Lookback periods: ${n.lookbacks.map((l) => `${safeText(l.offence, 60)} ${l.years} years`).join('; ')}${n.measuredFrom ? ` (from ${safeText(n.measuredFrom, 80)})` : ''}.`
      : 'No lookback period is on file for this place.',
    `Never considered: ${n.neverConsider.map((c) => safeText(c, 160)).join('; ')}.`,
    '',
    `You have until ${n.respondBy} (${days}; ${safeText(n.response.basis, 300)}) to show that a record is wrong or not yours, or to send evidence of rehabilitation or other mitigating information.`,
    `Answer on this page: ${input.pageUrl}`,
    `Or through the API (JSON): ${input.url}`,
    'The landlord may not withdraw the offer because of these records before an individualized assessment that considers your answer.',
  ].filter((l): l is string => l !== null)
  return {
    to: input.to,
    subject: input.simulated
      ? '[SIMULATED] Your criminal-history records and your right to respond'
      : 'Your criminal-history records and your right to respond',
    text: lines.join('\n'),
  }
}
