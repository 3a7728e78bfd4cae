import { ruleRef, type RuleRef } from '../fair-housing/criminal'
import { assessmentFactors, responsePeriod, type AssessmentFactor, type CriminalPolicy } from '../fair-housing/jurisdiction'
import type { RiskFlag } from '../scoring/credit'
import { respondBy, type ResponsePeriod } from './deadline'
import type { ReviewedRecord } from './records'

/** What the applicant is told once the records are in (stored as sent, shown to the landlord too). */
export type ApplicantNotice = {
  sentOn: string
  respondBy: string
  response: ResponsePeriod
  rule: RuleRef | null
  finding: RiskFlag
  records: ReviewedRecord[]
  lookbacks: { offence: string; years: number }[]
  measuredFrom: string | null
  neverConsider: string[]
  assessmentFactors: AssessmentFactor[]
  source: string
}

/**
 * What this service never lets be considered anywhere, whatever a rule lists (records.ts
 * marks such records mayConsider: false): HUD's 2016 guidance on arrests, and what every
 * rule on file bars.
 */
export const BARRED_EVERYWHERE = [
  'arrests that did not lead to a conviction, and pending cases (never considered by this service)',
  'sealed, expunged, pardoned, vacated or dismissed convictions, and diversion (never considered by this service)',
  'juvenile records (never considered by this service)',
  'violations that are not crimes (never considered by this service)',
]

export function applicantNotice(a: {
  policy: CriminalPolicy
  finding: RiskFlag
  records: ReviewedRecord[]
  sentOn: string
  source: string
}): ApplicantNotice {
  const rule = a.policy.rule
  const response = responsePeriod(rule)
  return {
    sentOn: a.sentOn,
    respondBy: respondBy(a.sentOn, response),
    response,
    rule: ruleRef(rule),
    finding: a.finding,
    records: a.records,
    lookbacks: rule?.criminal.lookbacks ?? [],
    measuredFrom: rule?.criminal.measuredFrom ?? null,
    neverConsider: [...(rule?.criminal.prohibited ?? []), ...BARRED_EVERYWHERE],
    assessmentFactors: assessmentFactors(rule),
    source: a.source,
  }
}
