import { defaultErrorPolicy, type ErrorPolicy } from '../../shared/errors'

/**
 * DECISIONS.md "B": 400 INVALID_JSON / INVALID_BODY, 415 for another media type.
 * `statuses`: the HTTP status of every DomainError code the decompose use cases throw.
 */
export const policy: ErrorPolicy = {
  ...defaultErrorPolicy,
  statuses: {
    PLAN_NOT_FOUND: 404,
    CYCLE_OUT_OF_ORDER: 409,
  },
}
