import type { VetScoreResult } from '../../schemas'
import { safeText } from './safe-text'

export type ResultMail = { to: string; subject: string; text: string }

/** How a result e-mail lets its reader open the stored screening. */
export type ReadAccess =
  | { kind: 'link'; propertyUrl: string; screeningUrl: string; expiresAt: string }
  | { kind: 'partner'; screeningPath: string; propertyPath: string }

const NAME_MAX = 60
const ADDRESS_MAX = 120

/**
 * The result e-mail to the landlord: a fixed template. Its subject carries no caller text;
 * the applicant name and address are cleaned by safeText; the only links are ours (BASE_URL),
 * signed for this landlord. It carries the FCRA reminder because a landlord who denies, asks
 * for a co-signer or deposit, or raises the rent based even partly on a screening report
 * owes the applicant an adverse-action notice (FCRA § 615(a), 15 U.S.C. § 1681m(a)).
 */
export function resultMail(input: {
  to: string
  screeningId: string
  result: VetScoreResult
  propertyAddress: string
  access: ReadAccess
}): ResultMail {
  const r = input.result
  const mock = r.verificationStatus === 'mock'
  const lines = [
    mock ? 'SIMULATED RESULT: this screening used simulated mock data, not a consumer report. Do not base a decision on it.' : null,
    mock ? '' : null,
    `Applicant (as entered by the requester): ${safeText(r.applicantName, NAME_MAX) || 'Applicant'}`,
    `Property: ${safeText(input.propertyAddress, ADDRESS_MAX)}`,
    `Screening: ${input.screeningId}`,
    `VetScore: ${r.vetScore}/100 (${r.tierLabel})${mock ? ' (simulated)' : ''}`,
    `Recommendation: ${r.recommendation}`,
    '',
    'Why:',
    ...r.factors.map((f) => `- ${f}`),
    '',
    `Source: ${r.screeningSourceLabel} (${r.verificationStatus})`,
    '',
    ...accessLines(input.access),
    '',
    'If you deny, add conditions (co-signer, higher deposit) or raise the rent based in whole or in part',
    'on this screening, you must give the applicant an adverse-action notice under the Fair Credit Reporting',
    'Act (15 U.S.C. 1681m).',
    '',
    'You receive this because this address was given as the landlord for the screening. Links in this',
    'message only ever point to this service.',
  ].filter((l): l is string => l !== null)
  return {
    to: input.to,
    subject: mock ? '[SIMULATED] Your VetScore screening result' : 'Your VetScore screening result',
    text: lines.join('\n'),
  }
}

function accessLines(access: ReadAccess): string[] {
  if (access.kind === 'partner') {
    return [
      'Read this screening with your partner key (x-api-key):',
      `  GET ${access.screeningPath}`,
      `All applicants for this property, ranked: GET ${access.propertyPath}`,
    ]
  }
  return [
    `This result: ${access.screeningUrl}`,
    `All applicants for this property, ranked: ${access.propertyUrl}`,
    `These links are for you only and work until ${access.expiresAt.slice(0, 10)}. Do not forward them.`,
  ]
}
