import type { RiskFlag } from '../scoring/credit'
import type { CriminalPolicy, JurisdictionRule } from './jurisdiction'

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
  return {
    status: 'deferred',
    reason:
      `Criminal history is not part of the score or the recommendation. ${where} ` +
      (policy.use === 'after_offer' ? 'requires' : 'calls for') +
      ' a conditional offer on all other criteria first, then an individualized assessment (POST /api/screenings/{id}/conditional-offer). ' +
      HUD_NOTE,
    rule: ruleRef(policy.rule),
  }
}

/** Individualized-assessment factors HUD names (2016 OGC guidance), plus the local lookbacks. */
export const ASSESSMENT_FACTORS = [
  'the nature of the offence and whether it bears on the safety of residents or property',
  'its severity',
  'how long ago it happened (recency), and the applicant’s age at the time',
  'evidence of rehabilitation: tenancy history since, employment, treatment, references',
  'any information the applicant gives to dispute or explain the record',
] as const

export type SecondStep = CriminalScreening & {
  finding: RiskFlag | null
  lookbacks: { offence: string; years: number }[]
  measuredFrom: string | null
  neverConsider: string[]
  individualizedAssessment: string[]
  limits: string
}

/** After a conditional offer: the finding, where the law allows it, with the assessment to do. */
export function secondStep(policy: CriminalPolicy, finding: RiskFlag): SecondStep {
  const first = firstStep(policy)
  const rule = policy.rule
  if (first.status === 'not_permitted') {
    return {
      ...first,
      finding: null,
      lookbacks: [],
      measuredFrom: null,
      neverConsider: rule?.criminal.prohibited ?? [],
      individualizedAssessment: [],
      limits: '',
    }
  }
  return {
    status: 'completed',
    reason:
      'A conditional offer was recorded. Before revoking it on criminal history, weigh the factors below for each record and give the applicant the records and a chance to respond. ' +
      HUD_NOTE,
    rule: ruleRef(rule),
    finding,
    lookbacks: rule?.criminal.lookbacks ?? [],
    measuredFrom: rule?.criminal.measuredFrom ?? null,
    neverConsider: rule?.criminal.prohibited.length
      ? rule.criminal.prohibited
      : ['arrests that did not lead to a conviction', 'sealed, expunged, pardoned or vacated convictions', 'juvenile records'],
    individualizedAssessment: [...ASSESSMENT_FACTORS],
    limits:
      'The provider reports a flag, not the offences, their dates or class: records outside the lookbacks above must be disregarded, and the records themselves must be obtained from the provider before any decision.',
  }
}
