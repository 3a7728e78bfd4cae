import type { Context, MiddlewareHandler } from 'hono'
import { defer } from './defer'
import { ApiError } from './errors'
import { findActiveKey, touchKey } from './key-store'
import { looksLikeKey, type ApiKeyRow } from './keys'

export type KeyVariables = { apiKey: ApiKeyRow | null }

type AuthOptions = {
  /** Key prefix, e.g. `drop_pro_`. A value with another prefix is refused without a lookup. */
  prefix: string
  /** Where the key travels. */
  from: 'bearer' | 'x-api-key'
  /** When false, a request without any key passes with `apiKey = null`; a bad key still fails. */
  required: boolean | ((c: Context) => boolean)
}

export function readKey(c: Context, from: AuthOptions['from']): string | undefined {
  if (from === 'x-api-key') return c.req.header('x-api-key')?.trim() || undefined
  const header = c.req.header('authorization')
  if (!header) return undefined
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header)
  return match ? match[1] : header
}

/**
 * Resolves the caller's API key from D1 (by SHA-256 hash) into `c.var.apiKey`.
 * Unknown, malformed or revoked keys are a 401 `UNAUTHORIZED`.
 */
export function apiKeyAuth<E extends { Bindings: { DB: D1Database }; Variables: KeyVariables }>(
  options: AuthOptions
): MiddlewareHandler<E> {
  return async function apiKeyAuthMiddleware(c, next) {
    const raw = readKey(c, options.from)
    const required = typeof options.required === 'function' ? options.required(c) : options.required
    if (!raw) {
      if (required) throw unauthorized(options)
      c.set('apiKey', null)
      return next()
    }
    const row = looksLikeKey(raw, options.prefix) ? await findActiveKey(c.env.DB, raw) : null
    if (!row) throw unauthorized(options)
    c.set('apiKey', row)
    // last_used_at is for people reading the dashboard: minute precision spares a D1 write
    // on nearly every request of a busy key.
    const now = new Date()
    if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= 60_000) {
      await defer(c, touchKey(c.env.DB, row.id, now))
    }
    return next()
  }
}

function unauthorized(options: AuthOptions): ApiError {
  const where = options.from === 'bearer' ? 'an `Authorization: Bearer <key>` header' : 'an `x-api-key` header'
  return new ApiError(
    401,
    'UNAUTHORIZED',
    `A valid API key (${options.prefix}…) is required in ${where}; this one is missing, unknown or revoked.`
  )
}
