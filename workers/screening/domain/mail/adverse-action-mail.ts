import type { AdverseActionNotice, ApplicationStatement } from '../fcra/notice'
import type { ResultMail } from './result-mail'
import { safeText } from './safe-text'

const KEY_FACTOR = 'Credit key factor: '

/** Reason lines are our templates; the one part that is not (a provider's key factor) is cleaned. */
function reasonLine(reason: string): string {
  return reason.startsWith(KEY_FACTOR) ? `${KEY_FACTOR}${safeText(reason.slice(KEY_FACTOR.length), 120)}` : reason
}

/**
 * The adverse-action notice e-mailed to the applicant (issue 34 §3): a fixed template holding
 * the consumer-report part of FCRA § 615(a) (15 U.S.C. § 1681m(a)): the action, the agency's
 * name, address and toll-free phone, that it did not decide, the free copy within 60 days
 * (§ 612) and the dispute right (§ 611), and the credit score disclosure of § 609(f). The
 * application-based reasons follow as a separate statement. Caller and provider text (name,
 * address, key factors) goes through safeText; the mail has no link at all.
 */
export function adverseActionMail(input: { to: string; notice: AdverseActionNotice; statement: ApplicationStatement }): ResultMail {
  const n = input.notice
  const agency = n.consumerReportingAgency
  const score = n.creditScore.used
    ? [
        `Credit score used: ${n.creditScore.score} (scores range from ${n.creditScore.range.min} to ${n.creditScore.range.max}), dated ${n.creditScore.date}, provided by ${safeText(n.creditScore.source, 120)}.`,
        n.creditScore.keyFactors.length
          ? `Key factors that adversely affected the score: ${n.creditScore.keyFactors.map((f) => safeText(f, 120)).join('; ')}.`
          : 'No key factors were reported with the score.',
        n.creditScore.inquiriesIsKeyFactor ? 'The number of recent inquiries was one of the key factors.' : null,
      ]
    : [n.creditScore.statement]
  const lines = [
    n.simulated ? 'SIMULATED: this notice uses simulated mock data, not a consumer report.' : null,
    n.simulated ? '' : null,
    'ADVERSE ACTION NOTICE',
    `Date: ${n.date}`,
    `Applicant: ${safeText(n.applicantName, 60)}`,
    `Property: ${safeText(n.propertyAddress, 120)}`,
    '',
    n.action,
    '',
    'Consumer reporting agency that furnished the report:',
    safeText(agency.name, 120),
    agency.address ? safeText(agency.address, 200) : null,
    agency.phone ? `Toll-free: ${safeText(agency.phone, 40)}` : null,
    '',
    n.agencyDidNotDecide,
    n.rightToFreeCopy,
    n.rightToDispute,
    '',
    ...score,
    '',
    n.reasons.length ? 'Reasons from the consumer report:' : 'The consumer report gave no reason that cost points.',
    ...n.reasons.map((r) => `- ${reasonLine(r)}`),
    '',
    `Law: ${n.citations.join('; ')}.`,
    '',
    '----',
    'SEPARATE STATEMENT: reasons from your application',
    input.statement.note,
    ...(input.statement.reasons.length ? input.statement.reasons.map((r) => `- ${r}`) : ['- None.']),
  ].filter((l): l is string => l !== null)
  return {
    to: input.to,
    subject: n.simulated
      ? '[SIMULATED] Notice of adverse action on your rental application'
      : 'Notice of adverse action on your rental application',
    text: lines.join('\n'),
  }
}
