/**
 * Why a fair-chance step was refused. Mapped to an HTTP status in one table
 * (workers/screening/policy.ts, FAIR_CHANCE_STATUS, the policy's `statuses`).
 */
import { DomainError } from '../../../../shared/errors'

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

/** A DomainError whose code is one of the fair-chance refusals, so the table can be checked whole. */
export class FairChanceError extends DomainError {
  constructor(
    override readonly code: FairChanceCode,
    message: string,
    details: Record<string, unknown> = {}
  ) {
    super(code, message, details)
    this.name = 'FairChanceError'
  }
}
