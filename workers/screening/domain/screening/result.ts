import type { CriminalScreening } from '../fair-housing/criminal'
import type { EvictionAssessment } from '../fair-housing/evictions'
import type { ProviderReport } from '../provider/types'
import type { AlternativeEvidence, VetScoreResult } from '../../schemas'
import type { CreditWaiver } from '../scoring/subsidy-credit'
import { SCORING_VERSION, type VetScore } from '../scoring/vetscore'

export const DEFAULT_APPLICANT_NAME = 'Applicant'

/**
 * The public VetScore result: the provider's findings that may be considered, side by side
 * with the score built from them. The criminal flag is not among them (criminalScreening).
 */
export function buildResult(input: {
  propertyId: string
  applicantName: string | null | undefined
  report: ProviderReport
  eviction: EvictionAssessment
  criminalScreening: CriminalScreening
  score: VetScore
  creditWaiver: CreditWaiver | null
  alternativeEvidence: AlternativeEvidence[]
}): VetScoreResult {
  const { report, score } = input
  const simulated = report.verificationStatus === 'mock'
  return {
    propertyId: input.propertyId,
    applicantName: input.applicantName || DEFAULT_APPLICANT_NAME,
    vetScore: score.vetScore,
    // Issue 12: a simulated result says so wherever a reader might stop reading.
    recommendation: simulated ? `${score.recommendation} (simulated data, not a real screening)` : score.recommendation,
    tierLabel: score.tierLabel,
    factors: score.factors,
    screeningSourceLabel: `${report.sourceLabel}; scored with ${SCORING_VERSION}`,
    verificationStatus: report.verificationStatus,
    screeningReportStatus: report.reportStatus,
    verifiedCreditScore: report.credit.score,
    verifiedCreditBand: report.credit.band,
    verifiedCreditLabel: report.credit.label,
    verifiedEvictionRisk: input.eviction.risk,
    verifiedCriminalRisk: 'review',
    criminalScreening: input.criminalScreening,
    providerScore: report.providerScore?.value ?? null,
    providerScoreLabel: report.providerScore?.label ?? null,
    creditNotScored: input.creditWaiver
      ? { basis: input.creditWaiver.basis, rule: input.creditWaiver.ruleId, law: input.creditWaiver.law, reason: input.creditWaiver.text }
      : null,
    alternativeEvidence: input.alternativeEvidence,
  }
}
