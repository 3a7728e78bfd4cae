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
  reasons: string[]
  citations: string[]
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
    action:
      'Your rental application was denied, or approved only on conditions (a co-signer, a larger deposit or a higher rent), ' +
      'based in whole or in part on information in a consumer report.',
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
    reasons: result.factors.filter((f) => /\(-\d+ points\)$/.test(f)),
    citations: ['Fair Credit Reporting Act § 615(a), 15 U.S.C. § 1681m(a)', 'Fair Credit Reporting Act § 609(f), 15 U.S.C. § 1681g(f)'],
  }
}
