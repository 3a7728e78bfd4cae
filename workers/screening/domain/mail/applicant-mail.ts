import type { VetScoreResult } from '../../schemas'
import type { ResultMail } from './result-mail'
import { safeText } from './safe-text'

/**
 * The applicant's own copy of their result (issue 12 §2): a fixed template with one link of
 * ours, signed for this applicant, and their rights under the FCRA (free copy of the report
 * within 60 days of an adverse action, § 612; dispute with the agency, § 611).
 */
export function applicantMail(input: {
  to: string
  result: VetScoreResult
  propertyAddress: string
  url: string
  expiresAt: string
}): ResultMail {
  const r = input.result
  const mock = r.verificationStatus === 'mock'
  const lines = [
    mock ? 'SIMULATED RESULT: this screening used simulated mock data, not a consumer report.' : null,
    mock ? '' : null,
    `A landlord screened your rental application for ${safeText(input.propertyAddress, 120)}.`,
    `VetScore: ${r.vetScore}/100 (${r.tierLabel})`,
    '',
    `Your result: ${input.url}`,
    `This link is for you only and works until ${input.expiresAt.slice(0, 10)}.`,
    '',
    `Source: ${r.screeningSourceLabel}.`,
    'If a landlord takes adverse action based on a consumer report, you may get a free copy of the report from',
    'the consumer reporting agency within 60 days and dispute anything inaccurate or incomplete with it',
    '(Fair Credit Reporting Act, 15 U.S.C. 1681g, 1681i, 1681m).',
  ].filter((l): l is string => l !== null)
  return {
    to: input.to,
    subject: mock ? '[SIMULATED] Your rental screening result' : 'Your rental screening result',
    text: lines.join('\n'),
  }
}
