import type { EvictionAssessment } from '../fair-housing/evictions'
import { BAND_RANGE, type CreditBand } from './credit'
import type { CreditWaiver } from './subsidy-credit'

/**
 * VetScore v2: a transparent first-pass score, 0–100. The whole model is written down in
 * docs/vetscore.md; change both together and bump SCORING_VERSION, which is stored with
 * every screening.
 *
 * Start at 100 and subtract capped points for three things only: affordability (on the
 * tenant's share of the rent), credit (once) and eviction judgments that may count. The input
 * type holds no name, age, address, criminal history or any other field that stands for a
 * protected characteristic (Fair Housing Act, 42 U.S.C. § 3604): what is not here cannot move
 * the score.
 */
export const SCORING_VERSION = 'vetscore-2.1'

export type ScoreInput = {
  monthlyRent: number
  monthlyIncome: number
  /** Housing voucher or subsidy paid to the landlord, USD per month (0 without). */
  voucherAmount: number
  reportStatus: string
  credit: { score: number | null; band: CreditBand | null; label: string | null; keyFactors: string[] }
  eviction: EvictionAssessment
  /** Shown, never scored: it is built from the same credit and eviction data. */
  providerScore: { value: number; label: string } | null
  /** Set where credit may not be scored for this subsidised applicant (subsidy-credit.ts). */
  creditWaiver?: CreditWaiver | null
}

export type Tier = 'Excellent fit' | 'Good fit' | 'Fair fit' | 'Poor fit'
export type Recommendation =
  | 'Recommend approval'
  | 'Conditional approval: verify income and rental history'
  | 'Not recommended: below the approval threshold'
  | 'Individual review required'

export type Deduction = { component: 'affordability' | 'credit' | 'eviction'; points: number; text: string }

export type VetScore = {
  vetScore: number
  tierLabel: Tier
  recommendation: Recommendation
  factors: string[]
  deductions: Deduction[]
  reviewReasons: string[]
}

/**
 * Affordability: gross monthly income over the tenant's share of the rent (rent minus any
 * voucher). 3× is the common industry guideline, not a legal rule. Source-of-income laws
 * (California, NYC, DC, Portland among others, see the fair-chance data) require the test on
 * the tenant-paid portion only. Thresholds are in tenths of the ratio so the comparison is
 * exact in integers.
 */
export const AFFORDABILITY_STEPS = [
  { minTenths: 30, points: 0 },
  { minTenths: 25, points: 10 },
  { minTenths: 20, points: 20 },
  { minTenths: 0, points: 35 },
] as const

export const CREDIT_POINTS: Record<CreditBand, number> = {
  '760_plus': 0,
  '700_759': 5,
  '640_699': 10,
  '580_639': 18,
  below_580: 25,
}

/**
 * No credit file (a thin file) is neutral: the points of the middle band, neither the reward
 * of an 850 score nor the penalty of a poor one. It is not evidence of risk (HUD 2024 screening
 * guidance, followed as best practice).
 */
export const THIN_FILE_POINTS = CREDIT_POINTS['640_699']

/** One or more eviction judgments for the landlord inside the lookback. */
export const EVICTION_POINTS = 25

export const TIERS: { min: number; tier: Tier }[] = [
  { min: 85, tier: 'Excellent fit' },
  { min: 70, tier: 'Good fit' },
  { min: 50, tier: 'Fair fit' },
  { min: 0, tier: 'Poor fit' },
]

const ORDER: Deduction['component'][] = ['affordability', 'credit', 'eviction']

export function scoreApplicant(input: ScoreInput): VetScore {
  const deductions: Deduction[] = [affordability(input), credit(input.credit, input.creditWaiver ?? null), eviction(input.eviction)]
  const reviewReasons: string[] = []
  const notes: string[] = []

  const ev = input.eviction
  for (const r of ev.unresolved) {
    reviewReasons.push(`Eviction case filed ${r.filedOn} has no final outcome (${r.outcome}): not scored; check how it ended`)
  }
  if (ev.flagOnly)
    reviewReasons.push(
      'The provider flagged an eviction record without its filing date and outcome: not scored; ask the provider for the record'
    )
  if (ev.ignored > 0) {
    notes.push(
      ev.lookbackYears <= 0
        ? `${ev.ignored} eviction record(s) not considered: eviction records may not be used for this property`
        : `${ev.ignored} eviction record(s) not considered: dismissed, sealed, settled, won by the tenant or older than ${ev.lookbackYears} years`
    )
  }
  if (input.providerScore) {
    notes.push(
      `Provider score ${input.providerScore.value} (${input.providerScore.label}): shown, not scored (it repeats the credit and eviction data)`
    )
  }
  notes.push('Criminal history is not part of the score or the recommendation (see criminalScreening)')
  if (input.reportStatus !== 'COMPLETE') {
    reviewReasons.push(`Provider report status is ${input.reportStatus}: some checks may be missing`)
  }

  const total = deductions.reduce((sum, d) => sum + d.points, 0)
  const vetScore = Math.max(0, Math.min(100, 100 - total))
  const tierLabel = TIERS.find((t) => vetScore >= t.min)!.tier

  return {
    vetScore,
    tierLabel,
    recommendation: recommend(vetScore, reviewReasons),
    factors: explain(deductions, input.credit.keyFactors, reviewReasons, notes),
    deductions,
    reviewReasons,
  }
}

function affordability(input: ScoreInput): Deduction {
  const voucher = Math.min(input.voucherAmount, input.monthlyRent)
  const share = input.monthlyRent - voucher
  const shareText =
    voucher > 0 ? `the tenant's share of the rent ($${share} of $${input.monthlyRent} after a $${voucher} voucher)` : 'the monthly rent'
  if (share <= 0) {
    return { component: 'affordability', points: 0, text: 'The voucher covers the whole rent (0 points)' }
  }
  const step = AFFORDABILITY_STEPS.find((s) => input.monthlyIncome * 10 >= share * s.minTenths)!
  const ratioText = `Income is ${floor2(input.monthlyIncome / share)}× ${shareText}`
  return {
    component: 'affordability',
    points: step.points,
    text:
      step.points === 0
        ? `${ratioText}, meeting the 3× guideline (0 points)`
        : `${ratioText}, below the 3× guideline (-${step.points} points)`,
  }
}

function credit(c: ScoreInput['credit'], waiver: CreditWaiver | null): Deduction {
  if (waiver) {
    return {
      component: 'credit',
      points: 0,
      text: `Credit not scored: ${waiver.text} (0 points)`,
    }
  }
  if (!c.band) {
    return {
      component: 'credit',
      points: THIN_FILE_POINTS,
      text: `No credit file (thin file): scored neutrally, as the middle band (-${THIN_FILE_POINTS} points); not a sign of risk, other evidence of ability to pay may be considered`,
    }
  }
  const points = CREDIT_POINTS[c.band]
  const scoreText = c.score !== null ? `Credit score ${c.score}${c.label ? ` (${c.label})` : ''}` : 'Credit'
  return {
    component: 'credit',
    points,
    text: `${scoreText} is in the ${BAND_RANGE[c.band]} band (${points === 0 ? '0 points' : `-${points} points`})`,
  }
}

function eviction(ev: EvictionAssessment): Deduction {
  if (ev.counting.length > 0) {
    const dates = ev.counting.map((r) => r.filedOn).join(', ')
    return {
      component: 'eviction',
      points: EVICTION_POINTS,
      text: `Eviction judgment for the landlord within ${ev.lookbackYears} years (filed ${dates}) (-${EVICTION_POINTS} points)`,
    }
  }
  return { component: 'eviction', points: 0, text: 'No eviction judgment that may be considered (0 points)' }
}

export function recommend(vetScore: number, reviewReasons: string[]): Recommendation {
  if (reviewReasons.length > 0) return 'Individual review required'
  if (vetScore >= 70) return 'Recommend approval'
  if (vetScore >= 50) return 'Conditional approval: verify income and rental history'
  return 'Not recommended: below the approval threshold'
}

/**
 * The factor list reads like the reasons of an adverse-action notice: what cost the most
 * points first, each credit key factor right under the credit line, then what sends the
 * application to a person, then what cost nothing.
 */
function explain(deductions: Deduction[], keyFactors: string[], reviewReasons: string[], notes: string[]): string[] {
  const sorted = [...deductions].sort((a, b) => b.points - a.points || ORDER.indexOf(a.component) - ORDER.indexOf(b.component))
  const withKeyFactors = (list: Deduction[]) =>
    list.flatMap((d) => (d.component === 'credit' ? [d.text, ...keyFactors.map((k) => `Credit key factor: ${k}`)] : [d.text]))
  return [
    ...withKeyFactors(sorted.filter((d) => d.points > 0)),
    ...reviewReasons,
    ...withKeyFactors(sorted.filter((d) => d.points === 0)),
    ...notes,
  ]
}

function floor2(n: number): string {
  return (Math.floor(n * 100) / 100).toFixed(2)
}
