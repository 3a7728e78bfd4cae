import type { ErrorPolicy } from '../../shared/errors'

/**
 * How Service D answers request-shape errors (DECISIONS.md, "D: screening"): 400
 * `INVALID_JSON`, 422 `VALIDATION_ERROR` with `issues`, and `ok: false` on every error body.
 */
export const policy: ErrorPolicy = {
  invalidJson: { status: 400, code: 'INVALID_JSON' },
  invalidBody: { status: 422, code: 'VALIDATION_ERROR' },
  invalidQuery: { status: 422, code: 'VALIDATION_ERROR' },
  unsupportedMediaType: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
  bodyExtra: { ok: false },
}
