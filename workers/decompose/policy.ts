import { defaultErrorPolicy, type ErrorPolicy } from '../../shared/errors'

/** DECISIONS.md "B": 400 INVALID_JSON / INVALID_BODY, 415 for another media type. */
export const policy: ErrorPolicy = defaultErrorPolicy
