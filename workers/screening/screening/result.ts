import type { ProviderReport } from '../provider/types'
import type { VetScoreResult } from '../schemas'
import { SCORING_VERSION, type VetScore } from '../scoring/vetscore'

export const DEFAULT_APPLICANT_NAME = 'Applicant'

/** The public VetScore result: the provider's findings side by side with the score built from them. */
export function buildResult(input: {
  propertyId: string
  applicantName: string | null | undefined
  report: ProviderReport
  score: VetScore
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
    verifiedEvictionRisk: report.eviction,
    verifiedCriminalRisk: report.criminal,
    providerScore: report.providerScore?.value ?? null,
    providerScoreLabel: report.providerScore?.label ?? null,
  }
}
