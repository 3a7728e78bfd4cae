import type { RateLimiter } from '../../shared/rate-limit/limiter'
import type { Report } from './schemas'
import { SCORING_VERSION } from './domain/scoring'

/**
 * The only module touching this worker's storage. KV `CACHE` keys:
 *
 * - `audit:v<SCORING_VERSION>:<domain>` → CachedEntry (JSON). A report for 5 minutes; a failed
 *   check (site unreachable, name not found, not public) for 1 minute, so a fixed site is not
 *   stuck behind an old failure. The scoring version is in the key, so a rules change never
 *   serves a report graded under the old rules.
 * - `rl:*` → rate-limit "blocked" markers written by shared/rate-limit/middleware.ts.
 *
 * Durable Object `RATE_LIMITER`, scope `audit-fresh:<domain>`: one Pro `fresh` run per domain
 * per FRESH_COOLDOWN_SECONDS, decided by one object per domain, so it holds under concurrency.
 *
 * KV expiry is coarse and eventually consistent; `fresh_until` is checked against the
 * caller's clock too, which is also what lets tests move time forward.
 */
export const REPORT_TTL_SECONDS = 300
export const FAILURE_TTL_SECONDS = 60 // KV's minimum expirationTtl

export type CachedError = { status: 400 | 422; code: string; message: string }
export type CachedEntry = { fresh_until: string } & ({ report: Report } | { error: CachedError })

const key = (domain: string) => `audit:v${SCORING_VERSION}:${domain}`

export async function readCached(kv: KVNamespace, domain: string, now: Date): Promise<CachedEntry | null> {
  const entry = await kv.get<CachedEntry>(key(domain), 'json')
  return entry && Date.parse(entry.fresh_until) > now.getTime() ? entry : null
}

export async function cacheReport(kv: KVNamespace, report: Report, failed: boolean, now: Date): Promise<void> {
  const ttl = failed ? FAILURE_TTL_SECONDS : REPORT_TTL_SECONDS
  const entry: CachedEntry = { fresh_until: new Date(now.getTime() + ttl * 1000).toISOString(), report }
  await kv.put(key(report.domain), JSON.stringify(entry), { expirationTtl: ttl })
}

export async function cacheError(kv: KVNamespace, domain: string, error: CachedError, now: Date): Promise<void> {
  const entry: CachedEntry = { fresh_until: new Date(now.getTime() + FAILURE_TTL_SECONDS * 1000).toISOString(), error }
  await kv.put(key(domain), JSON.stringify(entry), { expirationTtl: FAILURE_TTL_SECONDS })
}

/** The Observatory's per-host cooldown between scans (its `api.cooldown`, 60 s). */
export const FRESH_COOLDOWN_SECONDS = 60

/** Claims the one fresh run of `domain` in this cooldown window; false when another has it. */
export async function claimFreshRun(
  limiter: DurableObjectNamespace<RateLimiter>,
  domain: string,
  now: Date
): Promise<{ allowed: boolean; retryAfterSeconds: number }> {
  const decision = await limiter.getByName(`audit-fresh:${domain}`).hit(now.getTime(), 1, FRESH_COOLDOWN_SECONDS * 1000)
  return { allowed: decision.allowed, retryAfterSeconds: Math.max(1, decision.resetSeconds) }
}
