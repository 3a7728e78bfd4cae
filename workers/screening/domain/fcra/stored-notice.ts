import { DomainError } from '../../../../shared/errors'
import * as fc from '../../stores/fair-chance'
import * as store from '../../store'
import {
  adverseActionNotice,
  applicationStatement,
  type AdverseActionNotice,
  type Agency,
  type ApplicationStatement,
  type NoticeDecision,
} from './notice'

/**
 * The adverse-action notice of a stored screening as of `today`, from the decision the
 * landlord recorded and the report facts kept with the screening: what the download and the
 * e-mail to the applicant both give. Throws when there is no adverse action to give notice
 * of, or when a verified screening's agency is not configured (FCRA § 615(a)(3) needs it).
 */
export async function storedNotice(
  db: D1Database,
  agency: Agency | null,
  found: { screening: store.SavedScreening; property: store.PropertyRow },
  today: string
): Promise<{ notice: AdverseActionNotice; statement: ApplicationStatement }> {
  const { screening, property } = found
  const decided = await fc.decisionOf(db, screening.id)
  if (!decided) {
    throw new DomainError(
      'DECISION_REQUIRED',
      'Record what was decided first (POST /api/screenings/{id}/decision): the notice states that action.'
    )
  }
  if (decided.action === 'approved') {
    throw new DomainError(
      'NO_ADVERSE_ACTION',
      'The application was approved without conditions: there is no adverse action to give notice of.'
    )
  }
  if (screening.result.verificationStatus === 'verified' && !agency) {
    throw new DomainError(
      'NOT_CONFIGURED',
      "The notice needs the consumer reporting agency's name, address and toll-free phone: the operator must set SCREENING_PROVIDER_NAME, SCREENING_PROVIDER_ADDRESS and SCREENING_PROVIDER_PHONE."
    )
  }
  const hidden = await store.screeningPrivate(db, screening.id)
  const facts: store.ReportFacts = hidden?.report_json
    ? JSON.parse(hidden.report_json)
    : // Screenings saved before migration 0004 kept only the result.
      {
        sourceLabel: screening.result.screeningSourceLabel,
        verificationStatus: screening.result.verificationStatus,
        creditScore: screening.result.verifiedCreditScore,
        creditScoreDate: screening.createdAt.slice(0, 10),
        keyFactors: screening.result.factors.filter((f) => f.startsWith('Credit key factor: ')).map((f) => f.slice(19)),
        evictionRecords: null,
      }
  const notice = adverseActionNotice({
    screeningId: screening.id,
    result: screening.result,
    facts,
    propertyAddress: `${property.address}, ${property.city}, ${property.state} ${property.postal_code}`,
    agency,
    today,
    decision: JSON.parse(decided.decision_json) as NoticeDecision,
  })
  return { notice, statement: applicationStatement(screening.result) }
}

/** The agency as the operator configured it, or null while any of the three is missing. */
export function agencyFrom(config: { name?: string; address?: string; phone?: string }): Agency | null {
  const name = config.name?.trim()
  const address = config.address?.trim()
  const phone = config.phone?.trim()
  return name && address && phone ? { name, address, phone } : null
}
