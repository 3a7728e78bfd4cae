import type { ErrorPolicy } from '../../shared/errors'

/** Service A lists 422 for every body error, malformed JSON and wrong Content-Type included. */
export const SDS_POLICY: ErrorPolicy = {
  invalidJson: { status: 422, code: 'VALIDATION_ERROR' },
  invalidBody: { status: 422, code: 'VALIDATION_ERROR' },
  invalidQuery: { status: 422, code: 'VALIDATION_ERROR' },
  unsupportedMediaType: { status: 422, code: 'VALIDATION_ERROR' },
}
