/**
 * Why a fair-chance step was refused. Mapped to an HTTP status in one table
 * (workers/screening/policy.ts, FAIR_CHANCE_STATUS).
 */
export type FairChanceCode =
  | 'NO_CONDITIONAL_OFFER'
  | 'CRIMINAL_HISTORY_NOT_PERMITTED'
  | 'CRIMINAL_CHECK_IN_PROGRESS'
  | 'CRIMINAL_CHECK_NOT_RECEIVED'
  | 'RESPONSE_WINDOW_OPEN'
  | 'RESPONSE_WINDOW_CLOSED'
  | 'RESPONSE_LIMIT_REACHED'
  | 'ASSESSMENT_INCOMPLETE'
  | 'ASSESSMENT_ALREADY_RECORDED'
  | 'ASSESSMENT_REQUIRED'
  | 'CONTRADICTS_ASSESSMENT'
  | 'RECORD_NOT_CONSIDERABLE'
  | 'DECISION_ALREADY_RECORDED'
  | 'INVALID_CONDITIONS'
  | 'PROVIDER_TIMEOUT'
  | 'PROVIDER_UNAVAILABLE'

export class FairChanceError extends Error {
  constructor(
    readonly code: FairChanceCode,
    message: string,
    readonly details: Record<string, unknown> = {}
  ) {
    super(message)
    this.name = 'FairChanceError'
  }
}
