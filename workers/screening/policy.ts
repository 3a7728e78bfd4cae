import type { ContentfulStatusCode } from 'hono/utils/http-status'
import type { ErrorPolicy } from '../../shared/errors'
import type { FairChanceCode } from './domain/fair-chance/errors'

/** The HTTP answer to each refused fair-chance step (domain/fair-chance/errors.ts). */
export const FAIR_CHANCE_STATUS = {
  NO_CONDITIONAL_OFFER: 409,
  CRIMINAL_HISTORY_NOT_PERMITTED: 409,
  CRIMINAL_CHECK_IN_PROGRESS: 409,
  CRIMINAL_CHECK_NOT_RECEIVED: 409,
  RESPONSE_WINDOW_OPEN: 409,
  RESPONSE_WINDOW_CLOSED: 409,
  RESPONSE_LIMIT_REACHED: 409,
  ASSESSMENT_INCOMPLETE: 422,
  ASSESSMENT_ALREADY_RECORDED: 409,
  ASSESSMENT_REQUIRED: 409,
  CONTRADICTS_ASSESSMENT: 409,
  RECORD_NOT_CONSIDERABLE: 422,
  DECISION_ALREADY_RECORDED: 409,
  INVALID_CONDITIONS: 422,
  PROVIDER_TIMEOUT: 504,
  PROVIDER_UNAVAILABLE: 502,
} as const satisfies Record<FairChanceCode, ContentfulStatusCode>

/**
 * The answer to every other refusal the screening domain throws (access, provider, scoring,
 * the partner cap): one table, so no domain module knows HTTP.
 */
export const SCREENING_STATUS = {
  LINK_INVALID: 401,
  LINK_REVOKED: 410,
  LINK_EXPIRED: 410,
  SCREENING_NOT_FOUND: 404,
  NOT_CONFIGURED: 503,
  PROVIDER_NOT_CONFIGURED: 503,
  CONSENT_REQUIRED: 422,
  VALIDATION_ERROR: 422,
  PARTNER_DAILY_CAP_REACHED: 429,
  NOT_RESCORABLE: 409,
  RESCORE_CONFLICT: 409,
  DECISION_REQUIRED: 409,
  NO_ADVERSE_ACTION: 409,
  APPLICANT_DATA_ERASED: 409,
  NOTICE_NOT_FOUND: 404,
  PROPERTY_NOT_FOUND: 404,
  EMBED_NOT_CONFIGURED: 404,
  UNAUTHORIZED: 401,
  AMBIGUOUS_CITY: 422,
  UNKNOWN_CITY: 422,
} as const satisfies Record<string, ContentfulStatusCode>

/**
 * How Service D answers request-shape errors (DECISIONS.md, "D: screening"): 400
 * `INVALID_JSON`, 422 `VALIDATION_ERROR` with `issues`, and `ok: false` on every error body; domain refusals by FAIR_CHANCE_STATUS and SCREENING_STATUS.
 */
export const policy: ErrorPolicy = {
  invalidJson: { status: 400, code: 'INVALID_JSON' },
  invalidBody: { status: 422, code: 'VALIDATION_ERROR' },
  invalidQuery: { status: 422, code: 'VALIDATION_ERROR' },
  unsupportedMediaType: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  bodyExtra: { ok: false },
  statuses: { ...FAIR_CHANCE_STATUS, ...SCREENING_STATUS },
}
