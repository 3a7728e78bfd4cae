import type { VetScoreResult } from '../schemas'

export type ResultMail = { to: string; subject: string; text: string }

/**
 * The result e-mail to the landlord. It carries the FCRA reminder because a landlord who
 * denies, asks for a co-signer or deposit, or raises the rent based even partly on a
 * screening report owes the applicant an adverse-action notice (FCRA § 615(a),
 * 15 U.S.C. § 1681m(a)).
 */
export function resultMail(input: {
  to: string
  result: VetScoreResult
  propertyAddress: string
  rankingUrl: string
}): ResultMail {
  const r = input.result
  const mock = r.verificationStatus === 'mock'
  const lines = [
    `Applicant: ${r.applicantName}`,
    `Property: ${input.propertyAddress}`,
    `VetScore: ${r.vetScore}/100 (${r.tierLabel})`,
    `Recommendation: ${r.recommendation}`,
    '',
    'Why:',
    ...r.factors.map((f) => `- ${f}`),
    '',
    `Source: ${r.screeningSourceLabel} (${r.verificationStatus})`,
    mock ? 'This result uses simulated mock data: do not base a decision on it.' : null,
    '',
    `All applicants for this property, ranked: ${input.rankingUrl}`,
    '',
    'If you deny, add conditions (co-signer, higher deposit) or raise the rent based in whole or in part',
    'on this screening, you must give the applicant an adverse-action notice under the Fair Credit Reporting',
    'Act (15 U.S.C. 1681m). Criminal records flagged for review need an individualized assessment (HUD, 2016).',
  ].filter((l): l is string => l !== null)
  return {
    to: input.to,
    subject: `${mock ? '[MOCK] ' : ''}VetScore ${r.vetScore} for ${r.applicantName}: ${r.recommendation}`,
    text: lines.join('\n'),
  }
}
