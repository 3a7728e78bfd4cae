import { defaultErrorPolicy, DomainError, type ErrorPolicy, fromDomainError } from '../../shared/errors'

/**
 * The drop service answers request-shape errors as every service does by default.
 * `statuses`: the HTTP status of every DomainError code drop's domain and use cases throw.
 */
export const DROP_POLICY: ErrorPolicy = {
  ...defaultErrorPolicy,
  statuses: {
    INVALID_BODY: 400,
    AMBIGUOUS_BODY: 400,
    EMPTY_MARKDOWN: 400,
    INVALID_ENCODING: 400,
    INVALID_SIGNATURE: 400,
    INVALID_JSON: 400,
    PRO_REQUIRED: 403,
    DROP_NOT_FOUND: 404,
    PAYLOAD_TOO_LARGE: 413,
    UNSUPPORTED_FILE_TYPE: 415,
    NESTING_TOO_DEEP: 422,
    RENDERED_TOO_LARGE: 422,
    CHECKOUT_UNAVAILABLE: 502,
    SLUG_UNAVAILABLE: 503,
    WEBHOOK_NOT_CONFIGURED: 503,
  },
}

/** The answer an error becomes, for the pages that show it themselves (the paste form); others pass through. */
export function asApiError(error: unknown): unknown {
  return error instanceof DomainError ? fromDomainError(error, DROP_POLICY) : error
}
