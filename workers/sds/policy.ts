import type { ErrorPolicy } from '../../shared/errors'

/**
 * Service A lists 422 for every body error, malformed JSON and wrong Content-Type included.
 * `statuses`: the HTTP status of every DomainError code the sds domain and use cases throw.
 */
export const SDS_POLICY: ErrorPolicy = {
  invalidJson: { status: 422, code: 'VALIDATION_ERROR' },
  invalidBody: { status: 422, code: 'VALIDATION_ERROR' },
  invalidQuery: { status: 422, code: 'VALIDATION_ERROR' },
  unsupportedMediaType: { status: 422, code: 'VALIDATION_ERROR' },
  statuses: {
    UNAUTHORIZED: 401,
    PLAN_REQUIRED: 402,
    SUBSCRIPTION_INACTIVE: 402,
    QUOTA_EXCEEDED: 402,
    STRUCTURE_TOO_LARGE: 413,
    VALIDATION_ERROR: 422,
    INVALID_CAS_NUMBER: 422,
    CHEMICAL_NOT_FOUND: 422,
    AMBIGUOUS_IDENTIFIER: 422,
    MIXTURE_NOT_SUPPORTED: 422,
    INVALID_STRUCTURE: 422,
    JOB_NOT_FOUND: 404,
    QUEUE_UNAVAILABLE: 503,
  },
}
