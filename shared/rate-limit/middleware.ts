import type { Context, MiddlewareHandler } from 'hono'
import { defer } from '../defer'
import { ApiError } from '../errors'
import { clockOf } from '../clock'
import { IsolateMemory } from '../isolate-memory'
import type { RateLimiter } from './limiter'

type LimiterEnv = {
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
}

export type RateLimitOptions<E extends { Bindings: LimiterEnv }> = {
  /** Names the limit inside the service, e.g. `publish`. Part of the DO scope. */
  scope: string
  /** Requests allowed per window; a function when it depends on the caller (plans). */
  limit: number | ((c: Context<E>) => number)
  windowSeconds: number
  /** Who is being limited: a key hash or the client IP. */
  key: (c: Context<E>) => string
  /** A KV namespace for the "already blocked" marker that spares the DO a call. */
  markers?: (c: Context<E>) => KVNamespace | undefined
  /**
   * Opt-in: answer a client the limiter refused from this isolate's memory of that refusal
   * ("blocked until T", from the limiter's own answer, same Retry-After) instead of reading
   * the KV marker before every Durable Object call. The DO call then waits for nothing, so a
   * service can run it beside its own reads. The marker is still written when `markers` is
   * set (other paths may read it). At most `maxEntries` clients are remembered (default
   * 10,000, the oldest dropped first); a client not remembered asks the Durable Object.
   */
  rememberBlocked?: { maxEntries?: number }
  /**
   * Spread this limit's scopes over this many limiter objects (by a hash of the scope), each
   * keeping the sliding logs of many scopes, instead of one object per scope. For per-client
   * limits, where most clients are new: a new client is counted by an object that is already
   * running instead of one created for it. Still exact: a scope lives in exactly one object,
   * which handles one call at a time. Changing the number moves scopes to other objects and
   * forgets their windows once, so it is a constant. Default: one object per scope.
   */
  shards?: number
  /** Skip limiting entirely for this request (e.g. an unlimited plan). */
  skip?: (c: Context<E>) => boolean
  /** Overrides the clock; by default the worker's `deps.now` (clockOf), the system clock without deps. */
  now?: (c: Context<E>) => Date
  /**
   * Answers a refused request itself instead of throwing the JSON 429: a person at a form
   * gets a page. Retry-After and the RateLimit-* headers are already set on `c`; the error
   * carries the message and `retry_after_seconds`.
   */
  onLimited?: (c: Context<E>, error: ApiError) => Response | Promise<Response>
}

// Every per-client limit keys on the one canonical client (IPv4, or IPv6 by /64).
export { clientIp } from './client'

/** KV key prefix for blocked-client markers: `rl:<scope>` → unix ms until which it is blocked. */
const MARKER_PREFIX = 'rl:'
// KV rejects an expirationTtl under 60 s.
const KV_MIN_TTL = 60

/**
 * Sliding-window rate limit enforced by the `RateLimiter` Durable Object.
 * Sets `RateLimit-Limit`, `RateLimit-Remaining` and `RateLimit-Reset` on every answer and
 * throws a 429 `RATE_LIMITED` ApiError (with `Retry-After` and `retry_after_seconds`) on excess.
 *
 * @example
 * app.use('/api/drop', rateLimit({ scope: 'publish', limit: 10, windowSeconds: 3600, key: clientIp }))
 */
export function rateLimit<E extends { Bindings: LimiterEnv }>(options: RateLimitOptions<E>): MiddlewareHandler<E> {
  // Scope → unix ms until which the limiter refuses it; a refusal never outlasts the window.
  const blocked = options.rememberBlocked
    ? new IsolateMemory<number>(options.windowSeconds * 1000, options.rememberBlocked.maxEntries ?? 10_000)
    : null
  return async function rateLimitMiddleware(c, next) {
    if (options.skip?.(c)) return next()
    const limit = typeof options.limit === 'function' ? options.limit(c) : options.limit
    const scope = `${options.scope}:${options.key(c)}`
    const now = (options.now?.(c) ?? clockOf(c)).getTime()
    const kv = options.markers?.(c)

    if (blocked) {
      const until = blocked.fresh(scope, now)?.value ?? 0
      if (until > now) return refuse(c, options, rateLimited(limit, Math.ceil((until - now) / 1000)))
    } else if (kv) {
      const until = Number(await kv.get(MARKER_PREFIX + scope))
      if (until > now) {
        return refuse(c, options, rateLimited(limit, Math.ceil((until - now) / 1000)))
      }
    }

    const decision = options.shards
      ? await c.env.RATE_LIMITER.getByName(`${options.scope}#${shardOf(scope, options.shards)}`).hit(
          now,
          limit,
          options.windowSeconds * 1000,
          scope
        )
      : await c.env.RATE_LIMITER.getByName(scope).hit(now, limit, options.windowSeconds * 1000)
    if (!decision.allowed) {
      blocked?.remember(scope, now + decision.resetSeconds * 1000, now)
      if (kv) {
        const until = now + decision.resetSeconds * 1000
        await defer(
          c,
          kv.put(MARKER_PREFIX + scope, String(until), {
            expirationTtl: Math.max(KV_MIN_TTL, decision.resetSeconds),
          })
        )
      }
      return refuse(c, options, rateLimited(limit, decision.resetSeconds))
    }
    setHeaders(c, limit, decision.remaining, decision.resetSeconds)
    await next()
    // Handlers may replace the response; keep the headers on whatever goes out.
    setHeaders(c, limit, decision.remaining, decision.resetSeconds)
  }
}

/** The KV key of the "blocked" marker of `scope`, for a service that reads it with other keys in one KV call. */
export function blockedMarkerKey(scope: string): string {
  return MARKER_PREFIX + scope
}

/**
 * For answers a service serves without asking the Durable Object (e.g. from its cache), with
 * the "blocked" marker already read (`blockedMarkerKey`): throws the same 429 while it stands.
 */
export function assertNotBlockedBy(marker: string | null, limit: number, now: number): void {
  const until = Number(marker)
  if (until > now) throw rateLimited(limit, Math.ceil((until - now) / 1000))
}

/** FNV-1a (32 bit) of the scope, modulo `shards`: stable across isolates and deploys, cheap, no I/O. */
export function shardOf(scope: string, shards: number): number {
  let h = 0x811c9dc5
  for (let i = 0; i < scope.length; i++) {
    h ^= scope.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return (h >>> 0) % shards
}

/** The 429: thrown as JSON, or handed to the route's own answer with its headers set. */
async function refuse<E extends { Bindings: LimiterEnv }>(c: Context<E>, options: RateLimitOptions<E>, error: ApiError): Promise<Response> {
  if (!options.onLimited) throw error
  for (const [name, value] of Object.entries(error.headers)) c.header(name, value)
  return options.onLimited(c, error)
}

function setHeaders(c: Context, limit: number, remaining: number, reset: number): void {
  c.header('RateLimit-Limit', String(limit))
  c.header('RateLimit-Remaining', String(remaining))
  c.header('RateLimit-Reset', String(reset))
}

function rateLimited(limit: number, retryAfter: number): ApiError {
  const seconds = Math.max(1, retryAfter)
  return new ApiError(
    429,
    'RATE_LIMITED',
    `Rate limit exceeded: ${limit} requests allowed per window. Retry in ${seconds} seconds.`,
    { retry_after_seconds: seconds },
    {
      'Retry-After': String(seconds),
      'RateLimit-Limit': String(limit),
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': String(seconds),
    }
  )
}
