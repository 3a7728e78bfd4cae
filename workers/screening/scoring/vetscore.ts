import { BAND_RANGE, type CreditBand, type RiskFlag } from './credit'

/**
 * VetScore: a transparent first-pass score, 0–100. The whole model is written down in
 * docs/vetscore.md; change both together and bump SCORING_VERSION, which is stored with
 * every screening.
 *
 * Start at 100 and subtract capped points for four things only: affordability, credit
 * band, eviction record and provider score. Nothing else reaches the model: the input type
 * below holds no name, age, address or any other field that stands for a protected
 * characteristic (Fair Housing Act, 42 U.S.C. § 3604).
 */
export const SCORING_VERSION = 'vetscore-1.0'

export type ScoreInput = {
  monthlyRent: number
  monthlyIncome: number
  reportStatus: string
  credit: { score: number | null; band: CreditBand | null; label: string | null; keyFactors: string[] }
  eviction: RiskFlag
  criminal: RiskFlag
  providerScore: { value: number; label: string } | null
}

export type Tier = 'Excellent fit' | 'Good fit' | 'Fair fit' | 'Poor fit'
export type Recommendation =
  | 'Recommend approval'
  | 'Conditional approval: verify income and rental history'
  | 'Not recommended: below the approval threshold'
  | 'Individual review required'

export type Deduction = { component: 'affordability' | 'credit' | 'eviction' | 'provider_score'; points: number; text: string }

export type VetScore = {
  vetScore: number
  tierLabel: Tier
  recommendation: Recommendation
  factors: string[]
  deductions: Deduction[]
  reviewReasons: string[]
}

/**
 * Affordability: gross monthly income over rent. 3× is the common industry guideline, not
 * a legal rule; income means all lawful, verifiable income (wages, benefits, vouchers, child
 * support), as source-of-income laws and HUD's 2024 screening guidance require.
 * Thresholds are in tenths of the ratio so the comparison is exact in integers.
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
 * Eviction: only a confirmed record (`hit`) costs points. A possible match (`review`) is
 * not scored: HUD's 2024 tenant-screening guidance warns against records matched on name
 * alone and against counting filings the tenant won, so it goes to a person instead.
 */
export const EVICTION_POINTS: Record<RiskFlag, number> = { clear: 0, review: 0, hit: 25 }

/** Provider score steps, on the 350–850 scale (see scoring/credit.ts for the cut-offs). */
export const PROVIDER_STEPS = [
  { min: 650, points: 0 },
  { min: 560, points: 5 },
  { min: 524, points: 10 },
  { min: 0, points: 15 },
] as const

export const TIERS: { min: number; tier: Tier }[] = [
  { min: 85, tier: 'Excellent fit' },
  { min: 70, tier: 'Good fit' },
  { min: 50, tier: 'Fair fit' },
  { min: 0, tier: 'Poor fit' },
]

const ORDER: Deduction['component'][] = ['affordability', 'credit', 'eviction', 'provider_score']

export function scoreApplicant(input: ScoreInput): VetScore {
  const deductions: Deduction[] = []
  const reviewReasons: string[] = []
  const notes: string[] = []

  // Affordability
  const ratio = input.monthlyIncome / input.monthlyRent
  const step = AFFORDABILITY_STEPS.find((s) => input.monthlyIncome * 10 >= input.monthlyRent * s.minTenths)!
  const ratioText = `Income is ${floor2(ratio)}× the monthly rent`
  deductions.push({
    component: 'affordability',
    points: step.points,
    text:
      step.points === 0
        ? `${ratioText}, meeting the 3× guideline (0 points)`
        : `${ratioText}, below the 3× guideline (-${step.points} points)`,
  })

  // Credit
  const { credit } = input
  if (credit.band) {
    const points = CREDIT_POINTS[credit.band]
    const scoreText = credit.score !== null ? `Credit score ${credit.score}${credit.label ? ` (${credit.label})` : ''}` : 'Credit'
    deductions.push({
      component: 'credit',
      points,
      text: `${scoreText} is in the ${BAND_RANGE[credit.band]} band (${points === 0 ? '0 points' : `-${points} points`})`,
    })
  } else {
    // A thin file is not evidence of risk (HUD 2024 screening guidance); a person looks at
    // other evidence of ability to pay instead.
    reviewReasons.push('No credit file: credit is not scored; review other evidence of ability to pay')
  }

  // Eviction
  const evictionPoints = EVICTION_POINTS[input.eviction]
  if (input.eviction === 'hit') {
    deductions.push({ component: 'eviction', points: evictionPoints, text: `Eviction record reported by the provider (-${evictionPoints} points)` })
    reviewReasons.push('Eviction record: check the outcome and date before deciding (filings the tenant won must not count)')
  } else if (input.eviction === 'review') {
    reviewReasons.push('Possible eviction record needs confirmation: not scored')
  } else {
    deductions.push({ component: 'eviction', points: 0, text: 'No eviction record found (0 points)' })
  }

  // Provider score
  if (input.providerScore) {
    const p = PROVIDER_STEPS.find((s) => input.providerScore!.value >= s.min)!
    deductions.push({
      component: 'provider_score',
      points: p.points,
      text: `Provider score ${input.providerScore.value} (${input.providerScore.label}) (${p.points === 0 ? '0 points' : `-${p.points} points`})`,
    })
  } else {
    notes.push('No provider score returned (not scored)')
  }

  // Criminal history never moves the score: HUD Office of General Counsel guidance of
  // 2016-04-04 on criminal records (Fair Housing Act disparate impact) rules out blanket
  // bans and calls for an individualized assessment of nature, severity and recency.
  if (input.criminal !== 'clear') {
    reviewReasons.push(
      `Criminal record flag (${input.criminal}): not scored; an individualized assessment is required (HUD guidance, 2016)`
    )
  } else {
    notes.push('No criminal record flag (criminal history is never scored)')
  }

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
    factors: explain(deductions, credit.keyFactors, reviewReasons, notes),
    deductions,
    reviewReasons,
  }
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
  const sorted = [...deductions].sort(
    (a, b) => b.points - a.points || ORDER.indexOf(a.component) - ORDER.indexOf(b.component)
  )
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
