import type { VetScoreResult } from '../../schemas'
import type { ReportFacts } from '../../store'

/** The consumer reporting agency as the operator configured it (FCRA § 615(a)(3)). */
export type Agency = { name: string; address: string; phone: string }

export type AdverseActionNotice = {
  simulated: boolean
  screeningId: string
  date: string
  applicantName: string
  propertyAddress: string
  action: string
  consumerReportingAgency: { name: string; address: string | null; phone: string | null }
  agencyDidNotDecide: string
  rightToFreeCopy: string
  rightToDispute: string
  creditScore:
    | {
        used: true
        score: number
        range: { min: number; max: number }
        date: string
        keyFactors: string[]
        inquiriesIsKeyFactor: boolean
        source: string
      }
    | { used: false; statement: string }
  /** Consumer-report reasons only (credit, eviction records): what § 615(a) is about. */
  reasons: string[]
  citations: string[]
}

/** What the landlord decided (POST /api/screenings/{id}/decision), as a notice states it. */
export type NoticeDecision = {
  action: 'approved' | 'approved_with_conditions' | 'denied'
  conditions?: { cosigner?: boolean; deposit?: number; rent?: number }
}

/** Reasons from the application itself (income against rent), kept out of the FCRA notice. */
export type ApplicationStatement = { reasons: string[]; note: string }

/** A factor line that comes from the consumer report (credit file, eviction records) and cost points. */
const REPORT_REASON = /^(Credit score|Credit |No credit file|Eviction judgment).*\(-\d+ points\)/

/** A factor line from the application (the income test) that cost points. */
const APPLICATION_REASON = /^Income is .*\(-\d+ points\)$/

export function actionText(d: NoticeDecision): string {
  if (d.action === 'denied') return 'Your rental application was denied, based in whole or in part on information in a consumer report.'
  const c = d.conditions ?? {}
  const terms = [
    c.cosigner ? 'a co-signer' : null,
    c.deposit !== undefined ? `a deposit of $${c.deposit}` : null,
    c.rent !== undefined ? `a monthly rent of $${c.rent}` : null,
  ].filter((t): t is string => t !== null)
  return `Your rental application was approved only on these conditions: ${terms.join('; ')}, based in whole or in part on information in a consumer report.`
}

export function applicationStatement(result: VetScoreResult): ApplicationStatement {
  return {
    reasons: result.factors.filter((f) => APPLICATION_REASON.test(f)),
    note: 'These reasons come from your application, not from a consumer report; they are listed apart from the adverse-action notice.',
  }
}

/** FICO-style scores run 300–850: the range the providers we speak to report (docs/screening-provider.md). */
export const CREDIT_SCORE_RANGE = { min: 300, max: 850 } as const

/**
 * The adverse-action notice a landlord must give when it denies, asks for a co-signer or a
 * larger deposit, or raises the rent based in whole or in part on a consumer report, with
 * every element of FCRA § 615(a) (15 U.S.C. § 1681m(a)): (1) notice of the action; (2) the
 * credit score disclosure of § 609(f)(1) (score, range, up to four key factors, five when
 * inquiries is one, date, who provided it); (3) the agency's name, address and toll-free
 * phone, and that the agency did not make the decision and cannot explain it; (4) the right
 * to a free copy within 60 days (§ 612) and to dispute with the agency (§ 611).
 */
export function adverseActionNotice(input: {
  screeningId: string
  result: VetScoreResult
  facts: ReportFacts
  propertyAddress: string
  agency: Agency | null
  today: string
  decision: NoticeDecision
}): AdverseActionNotice {
  const { result, facts } = input
  const simulated = result.verificationStatus === 'mock'
  const agency = simulated
    ? { name: 'None: this screening used simulated data (mock provider), not a consumer report', address: null, phone: null }
    : { name: input.agency!.name, address: input.agency!.address, phone: input.agency!.phone }
  const agencyName = simulated ? 'the consumer reporting agency' : agency.name
  const inquiries = facts.keyFactors.some((f) => /inquir|enquir/i.test(f))
  return {
    simulated,
    screeningId: input.screeningId,
    date: input.today,
    applicantName: result.applicantName,
    propertyAddress: input.propertyAddress,
    action: actionText(input.decision),
    consumerReportingAgency: agency,
    agencyDidNotDecide: `${agencyName} did not make this decision and is unable to provide you the specific reasons why it was made.`,
    rightToFreeCopy:
      `You have the right to obtain a free copy of your consumer report from ${agencyName} if you request it within 60 days ` +
      'of receiving this notice (15 U.S.C. § 1681j(b), § 1681m(a)(3)(A)).',
    rightToDispute:
      `You have the right to dispute directly with ${agencyName} the accuracy or completeness of any information in the ` +
      'report it furnished (15 U.S.C. § 1681i, § 1681m(a)(3)(B)).',
    creditScore:
      facts.creditScore === null
        ? { used: false, statement: 'No credit score was used: the consumer reporting agency holds no credit file for you.' }
        : {
            used: true,
            score: facts.creditScore,
            range: { ...CREDIT_SCORE_RANGE },
            date: facts.creditScoreDate,
            keyFactors: facts.keyFactors,
            inquiriesIsKeyFactor: inquiries,
            source: simulated ? 'simulated (mock provider)' : agency.name,
          },
    reasons: result.factors.filter((f) => REPORT_REASON.test(f) || f.startsWith('Credit key factor: ')),
    citations: ['Fair Credit Reporting Act § 615(a), 15 U.S.C. § 1681m(a)', 'Fair Credit Reporting Act § 609(f), 15 U.S.C. § 1681g(f)'],
  }
}
