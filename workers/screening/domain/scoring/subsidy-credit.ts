import data from '../../data/subsidy-credit.json'

/**
 * Whether credit is scored for an applicant with a rent subsidy (issue 34 §2). The rule is
 * data (data/subsidy-credit.json, each entry with its law and sources): California's Gov.
 * Code § 12955(o) as amended by SB 267 statewide, or the partner's own policy (HUD's 2024
 * screening guidance recommends it everywhere). Where it applies, credit costs no points and
 * the landlord weighs the applicant's alternative evidence of ability to pay instead.
 */
export type CreditWaiver = {
  basis: 'law' | 'partner_policy'
  ruleId: string
  law: string
  text: string
}

export const ALTERNATIVE_EVIDENCE_KINDS = data.alternativeEvidenceKinds as [string, ...string[]]

export function creditWaiver(input: { state: string; voucherAmount: number; partnerSkipsCredit: boolean }): CreditWaiver | null {
  if (input.voucherAmount <= 0) return null
  const rule = data.rules.find((r) => r.states.includes(input.state))
  if (rule) {
    return {
      basis: 'law',
      ruleId: rule.id,
      law: rule.law,
      text: `the applicant's rent is partly paid by a government subsidy, and ${rule.law} requires considering alternative evidence of ability to pay instead of credit history`,
    }
  }
  if (input.partnerSkipsCredit) {
    const p = data.partnerPolicy
    return {
      basis: 'partner_policy',
      ruleId: p.id,
      law: p.basis,
      text: "the applicant's rent is partly paid by a subsidy, and this landlord's policy is not to score credit for subsidised applicants",
    }
  }
  return null
}
