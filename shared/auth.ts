import type { Context, Env, MiddlewareHandler } from 'hono'
import { defer } from './defer'
import { ApiError } from './errors'
import { clockOf } from './clock'
import { IsolateMemory } from './isolate-memory'
import { findActiveKeyByHash, touchKey } from './key-store'
import { looksLikeKey, sha256Hex, type ApiKeyRow } from './keys'

export type KeyVariables = { apiKey: ApiKeyRow | null }

type AuthOptions<E extends Env = Env> = {
  /** Key prefix, e.g. `drop_pro_`. A value with another prefix is refused without a lookup. */
  prefix: string
  /** Where the key travels. */
  from: 'bearer' | 'x-api-key'
  /** When false, a request without any key passes with `apiKey = null`; a bad key still fails. */
  required: boolean | ((c: Context) => boolean)
  /**
   * Opt-in: remember keys found ACTIVE for this many seconds in this isolate, so a busy key
   * skips the D1 read. A key revoked meanwhile is still accepted until its entry expires
   * (at most this long); unknown, revoked and malformed keys are never remembered. Entries
   * are keyed by the key's SHA-256, at most `cacheEntries` of them (oldest dropped first).
   * Off (every request reads D1) when unset.
   */
  cacheSeconds?: number
  /** Cap on remembered keys with `cacheSeconds` (default 1,000). */
  cacheEntries?: number
  /** Overrides the clock for the cache lifetime and last_used_at; by default the worker's `deps.now` (clockOf). */
  now?: (c: Context<E>) => Date
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
  options: AuthOptions<E>
): MiddlewareHandler<E> {
  const cache = options.cacheSeconds ? new IsolateMemory<ApiKeyRow>(options.cacheSeconds * 1000, options.cacheEntries ?? 1000) : null
  return async function apiKeyAuthMiddleware(c, next) {
    const raw = readKey(c, options.from)
    const required = typeof options.required === 'function' ? options.required(c) : options.required
    if (!raw) {
      if (required) throw unauthorized(options)
      c.set('apiKey', null)
      return next()
    }
    if (!looksLikeKey(raw, options.prefix)) throw unauthorized(options)
    const now = options.now?.(c) ?? clockOf(c)
    const hash = await sha256Hex(raw)
    let row = cache?.fresh(hash, now.getTime())?.value ?? null
    if (!row) {
      row = await findActiveKeyByHash(c.env.DB, hash)
      if (!row) throw unauthorized(options)
      cache?.remember(hash, row, now.getTime())
    }
    c.set('apiKey', row)
    // last_used_at is for people reading the dashboard: minute precision spares a D1 write
    // on nearly every request of a busy key.
    if (!row.last_used_at || now.getTime() - Date.parse(row.last_used_at) >= 60_000) {
      // The remembered row carries the new time, so its next uses do not write again.
      cache?.revise(hash, { ...row, last_used_at: now.toISOString() })
      await defer(c, touchKey(c.env.DB, row.id, now))
    }
    return next()
  }
}

function unauthorized(options: Pick<AuthOptions, 'prefix' | 'from'>): ApiError {
  const where = options.from === 'bearer' ? 'an `Authorization: Bearer <key>` header' : 'an `x-api-key` header'
  return new ApiError(
    401,
    'UNAUTHORIZED',
    `A valid API key (${options.prefix}…) is required in ${where}; this one is missing, unknown or revoked.`
  )
}
