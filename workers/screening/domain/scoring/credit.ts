/**
 * Credit and provider-score vocabulary shared by the providers and the VetScore model.
 */
export const CREDIT_BANDS = ['760_plus', '700_759', '640_699', '580_639', 'below_580'] as const
export type CreditBand = (typeof CREDIT_BANDS)[number]

export const RISK_FLAGS = ['clear', 'review', 'hit'] as const
export type RiskFlag = (typeof RISK_FLAGS)[number]

export function creditBand(score: number): CreditBand {
  if (score >= 760) return '760_plus'
  if (score >= 700) return '700_759'
  if (score >= 640) return '640_699'
  if (score >= 580) return '580_639'
  return 'below_580'
}

export const BAND_RANGE: Record<CreditBand, string> = {
  '760_plus': '760–850',
  '700_759': '700–759',
  '640_699': '640–699',
  '580_639': '580–639',
  below_580: '300–579',
}

/** FICO's published score ranges and their names (myFICO, "What is a good credit score"). */
export function creditLabel(score: number): string {
  if (score >= 800) return 'Exceptional'
  if (score >= 740) return 'Very Good'
  if (score >= 670) return 'Good'
  if (score >= 580) return 'Fair'
  return 'Poor'
}

/**
 * Provider (tenant-risk) scores are on the 350–850 scale TransUnion uses for ResidentScore.
 * The two lower cut-offs are the ones RentRedi publishes for ResidentScore decisions
 * (≥ 560 accept, 524–559 low accept or conditional, ≤ 523 decline); 650 separates a strong
 * score from a merely acceptable one.
 */
export function providerScoreLabel(score: number): string {
  if (score >= 650) return 'Strong'
  if (score >= 560) return 'Moderate'
  if (score >= 524) return 'Weak'
  return 'Poor'
}

/**
 * The key factors a credit-score disclosure may list: at most four, except that the number
 * of inquiries is added as a fifth when it is a key factor but not among the first four
 * (FCRA § 609(f)(1)(C) and (f)(9), 15 U.S.C. § 1681g(f); the adverse-action notice carries
 * them under § 615(a), 15 U.S.C. § 1681m(a)). Factors arrive most important first.
 */
export function keyFactorsForDisclosure(factors: readonly string[]): string[] {
  const cleaned = factors.map((f) => f.trim()).filter(Boolean)
  const firstFour = cleaned.slice(0, 4)
  const inquiries = cleaned.slice(4).find((f) => /inquir|enquir/i.test(f))
  return inquiries && !firstFour.some((f) => /inquir|enquir/i.test(f)) ? [...firstFour, inquiries] : firstFour
}
