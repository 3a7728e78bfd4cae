import type { ContentfulStatusCode } from 'hono/utils/http-status'

export type Issue = { path: string; message: string }

/**
 * The one error type every worker throws. `onError` (see `app.ts`) turns it into the
 * service's documented JSON body: `{ error, code, ...extra }`, plus `ok: false` where the
 * service's contract asks for it.
 *
 * @example
 * throw new ApiError(404, 'DROP_NOT_FOUND', 'No drop has that slug, or it has expired.')
 */
export class ApiError extends Error {
  constructor(
    readonly status: ContentfulStatusCode,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
    readonly headers: Record<string, string> = {}
  ) {
    super(message)
    this.name = 'ApiError'
  }
}

/** How a service answers the request-shape errors the platform detects for it. */
export type ErrorPolicy = {
  /** Body is not parseable JSON. */
  invalidJson: { status: ContentfulStatusCode; code: string }
  /** Body parsed but failed its schema. */
  invalidBody: { status: ContentfulStatusCode; code: string }
  /** Query string failed its schema. */
  invalidQuery: { status: ContentfulStatusCode; code: string }
  /** Body is not the declared Content-Type. */
  unsupportedMediaType: { status: ContentfulStatusCode; code: string }
  /** Fields every error body of this service carries (Service D: `{ ok: false }`). */
  bodyExtra?: Record<string, unknown>
}

export const defaultErrorPolicy: ErrorPolicy = {
  invalidJson: { status: 400, code: 'INVALID_JSON' },
  invalidBody: { status: 400, code: 'INVALID_BODY' },
  invalidQuery: { status: 400, code: 'INVALID_QUERY' },
  unsupportedMediaType: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
}

export function errorBody(err: ApiError, policy: ErrorPolicy): Record<string, unknown> {
  return { ...policy.bodyExtra, error: err.message, code: err.code, ...err.extra }
}

/** Turns zod issues into the documented `issues: [{ path, message }]` list. */
export function toIssues(zodIssues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string }>): Issue[] {
  return zodIssues.map((i) => ({
    path: i.path.map(String).join('.') || '(root)',
    message: i.message,
  }))
}
