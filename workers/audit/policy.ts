import type { ContentfulStatusCode } from 'hono/utils/http-status'
import { ApiError, defaultErrorPolicy, DomainError, fromDomainError, type ErrorPolicy } from '../../shared/errors'
import { TargetError } from '../../shared/net/errors'

/**
 * The HTTP status of every refusal the audit's domain and use cases throw, in one table
 * (DECISIONS.md, "F: HTTPS audit"; docs/audit.md "Answers"): the API, the pages and the
 * monitor routes all answer from it.
 */
export const AUDIT_STATUS = {
  INVALID_DOMAIN: 400,
  DOMAIN_NOT_PUBLIC: 400,
  DOMAIN_NOT_FOUND: 422,
  DNS_UNAVAILABLE: 503,
  RATE_LIMITED: 429,
  INVALID_TOKEN: 400,
  TOKEN_EXPIRED: 410,
  EMAIL_CONFIRMATION_UNAVAILABLE: 503,
} as const satisfies Record<string, ContentfulStatusCode>

export type AuditErrorCode = keyof typeof AUDIT_STATUS

export const AUDIT_POLICY: ErrorPolicy = { ...defaultErrorPolicy, statuses: AUDIT_STATUS }

/** The status a refused target is answered with (pages render it; the API throws it). */
export function targetStatus(err: TargetError): (typeof AUDIT_STATUS)[TargetError['code']] {
  return AUDIT_STATUS[err.code]
}

/** A refusal as the API answers it: TargetError and DomainError through AUDIT_STATUS, anything else unchanged. */
export function asApiError(err: unknown): unknown {
  if (err instanceof TargetError) return new ApiError(AUDIT_STATUS[err.code], err.code, err.message)
  if (err instanceof DomainError) return fromDomainError(err, AUDIT_POLICY)
  return err
}
