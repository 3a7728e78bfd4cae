import type { ResponsePeriod } from '../fair-chance/deadline'
import type { ApplicantNotice } from '../fair-chance/notice'
import type { ReviewedRecord } from '../fair-chance/records'
import type { RiskFlag } from '../scoring/credit'
import type { AssessmentFactor, CriminalPolicy, JurisdictionRule } from './jurisdiction'

export type RuleRef = { id: string; name: string; law: string | null; confidence: string; officialUrl: string | null }

export type CriminalScreening = {
  status: 'deferred' | 'not_permitted' | 'completed'
  reason: string
  rule: RuleRef | null
}

export const HUD_NOTE =
  "HUD's 2016 criminal-records guidance and 2024 screening guidance were reported withdrawn in 2025; they are followed here as best practice, and state and local laws as law."

export function ruleRef(rule: JurisdictionRule | null): RuleRef | null {
  return rule ? { id: rule.id, name: rule.name, law: rule.law, confidence: rule.confidence, officialUrl: rule.officialUrl } : null
}

/**
 * The first step never uses or discloses criminal history (issue 12 §3): it is `deferred` to
 * a second step after a conditional offer, or `not_permitted` where the property's
 * jurisdiction forbids its use.
 */
export function firstStep(policy: CriminalPolicy): CriminalScreening {
  if (policy.use === 'not_permitted') {
    return {
      status: 'not_permitted',
      reason: `${policy.rule!.name} does not allow housing decisions based on criminal history (${policy.rule!.law}); it is never checked or shown for this property.`,
      rule: ruleRef(policy.rule),
    }
  }
  const where = policy.rule
    ? `${policy.rule.name} (${policy.rule.law})`
    : 'No state or local fair-chance rule is on file for this place; HUD practice'
  const unfound = policy.noRuleFound
    .map((n) => `${n.name}: no fair-chance housing rule was found in force (${n.sourcesChecked.length} sources checked: ${n.status}) `)
    .join('')
  return {
    status: 'deferred',
    reason:
      'Criminal records were not requested and are not part of the score or the recommendation. ' +
      unfound +
      `${where} ` +
      (policy.use === 'after_offer' ? 'requires' : 'calls for') +
      ' a conditional offer on all other criteria first; they are then requested on their own, the applicant gets them with time to answer, and an individualized assessment comes before any decision on them (POST /api/screenings/{id}/conditional-offer). ' +
      HUD_NOTE,
    rule: ruleRef(policy.rule),
  }
}

export type SecondStep = CriminalScreening & {
  finding: RiskFlag | null
  lookbacks: { offence: string; years: number }[]
  measuredFrom: string | null
  neverConsider: string[]
  /** The labels of the factors the individualized assessment must address. */
  individualizedAssessment: string[]
  assessmentFactors: AssessmentFactor[]
  records: ReviewedRecord[]
  applicantNotice: { sentOn: string; respondBy: string; response: ResponsePeriod; delivery: string | null } | null
  noRuleFound: CriminalPolicy['noRuleFound']
  limits: string
}

/**
 * After a conditional offer: where the law allows it, the records the separate criminal
 * request returned, each marked with whether it may be considered, and the notice the
 * applicant was sent; where it forbids it, `not_permitted` and nothing else.
 */
export function secondStep(state: { policy: CriminalPolicy; notice: ApplicantNotice | null; noticeDelivery: string | null }): SecondStep {
  const { policy, notice } = state
  const first = firstStep(policy)
  const rule = policy.rule
  if (first.status === 'not_permitted' || !notice) {
    return {
      ...first,
      finding: null,
      lookbacks: [],
      measuredFrom: null,
      neverConsider: rule?.criminal.prohibited ?? [],
      individualizedAssessment: [],
      assessmentFactors: [],
      records: [],
      applicantNotice: null,
      noRuleFound: policy.noRuleFound,
      limits: '',
    }
  }
  return {
    status: 'completed',
    reason:
      'A conditional offer was recorded and criminal records were requested on their own. A notice to the applicant with the ' +
      `records, what may never be considered and until ${notice.respondBy} to answer was queued for e-mail (the outbox retries ` +
      'until it is delivered). A denial or new conditions based on them needs an ' +
      'individualized assessment (POST /api/screenings/{id}/individualized-assessment) after that. ' +
      HUD_NOTE,
    rule: ruleRef(rule),
    finding: notice.finding,
    lookbacks: notice.lookbacks,
    measuredFrom: notice.measuredFrom,
    neverConsider: notice.neverConsider,
    individualizedAssessment: notice.assessmentFactors.map((f) => f.label),
    assessmentFactors: notice.assessmentFactors,
    records: notice.records,
    applicantNotice: { sentOn: notice.sentOn, respondBy: notice.respondBy, response: notice.response, delivery: state.noticeDelivery },
    noRuleFound: policy.noRuleFound,
    limits: 'Only records marked mayConsider may be weighed, and only in the individualized assessment; the others must be disregarded.',
  }
}
