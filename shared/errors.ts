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

/**
 * What domain code throws: a code, a sentence and details, and no HTTP. Each worker maps its
 * codes to statuses in one table, its ErrorPolicy's `statuses` (the worker's `policy.ts`), and
 * `onError` answers a DomainError exactly like the ApiError that table makes of it. A code
 * missing from the table is a bug: a 500, logged.
 *
 * @example
 * throw new DomainError('DROP_NOT_FOUND', 'No drop has that slug, or it has expired.')
 */
export class DomainError extends Error {
  constructor(
    readonly code: string,
    message: string,
    readonly details: Record<string, unknown> = {}
  ) {
    super(message)
    this.name = 'DomainError'
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
  /** The HTTP status of each DomainError code this worker's domain throws. */
  statuses?: Readonly<Record<string, ContentfulStatusCode>>
}

export const defaultErrorPolicy: ErrorPolicy = {
  invalidJson: { status: 400, code: 'INVALID_JSON' },
  invalidBody: { status: 400, code: 'INVALID_BODY' },
  invalidQuery: { status: 400, code: 'INVALID_QUERY' },
  unsupportedMediaType: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
}

/**
 * The answer to a DomainError, from the worker's status table. Details become fields of the
 * error body; `retry_after_seconds` also becomes the Retry-After header.
 */
export function fromDomainError(err: DomainError, policy: ErrorPolicy): ApiError {
  const status = policy.statuses?.[err.code]
  if (status === undefined) return new ApiError(500, 'INTERNAL_ERROR', 'The request failed on our side.')
  const retry = err.details.retry_after_seconds
  const headers: Record<string, string> = typeof retry === 'number' ? { 'Retry-After': String(retry) } : {}
  return new ApiError(status, err.code, err.message, err.details, headers)
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
