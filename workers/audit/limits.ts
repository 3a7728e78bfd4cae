import { apiKeyAuth } from '../../shared/auth'
import { KEY_SERVICES } from '../../shared/keys'
import { clientIp, type RateLimitOptions } from '../../shared/rate-limit/middleware'
import type { AppEnv } from './env'

/** How long a Pro key found active is trusted without asking D1 again (docs/audit.md, "What a cached check costs"). */
export const PRO_KEY_CACHE_SECONDS = 5
export const PRO_KEY_CACHE_ENTRIES = 1000

/**
 * `Authorization: Bearer audit_pro_…` identifies a Pro caller (DECISIONS.md); no key is fine.
 * Active keys are remembered per isolate for 5 s (the lead's decision for the cached-check
 * benchmark target): a revoked key is refused within 5 s, not at once. Unknown and revoked
 * keys are never remembered. The monitor routes (`requireKey`) and the monitor runs, which
 * join on api_keys, read D1 every time and stop at once.
 */
export const proKey = apiKeyAuth<AppEnv>({
  prefix: KEY_SERVICES.audit.prefix,
  from: 'bearer',
  required: false,
  cacheSeconds: PRO_KEY_CACHE_SECONDS,
  cacheEntries: PRO_KEY_CACHE_ENTRIES,
  now: (c) => c.var.deps.now(),
})

/** Spec: 10 requests per minute per IP address; Pro users are unlimited. */
export const CHECK_LIMIT = 10
export const CHECK_WINDOW_SECONDS = 60

/**
 * The anonymous check limit's scopes live in this many limiter objects, a hash of the client
 * address choosing one (docs/audit.md, "What a cached check costs"): most anonymous clients are
 * new, and a new client is then counted by a running object instead of one created for it.
 * 32 because one object serves about 1,000 calls a second (Cloudflare's Durable Objects FAQ),
 * so 32 carry tens of thousands of checks a second, and all of them are running after a few
 * dozen clients. A constant: another number moves every address to another object once.
 */
export const CHECK_LIMIT_SHARDS = 32

/** The limiter scope of the check limit, shared by the API (middleware) and the view page (use-cases/check-slot.ts). */
export const CHECK_SCOPE = 'audit-check'

/** The check limit (routes/check.ts); the view page takes slots of the same counter (use-cases/check-slot.ts). */
export const checkLimitOptions: RateLimitOptions<AppEnv> = {
  scope: CHECK_SCOPE,
  limit: CHECK_LIMIT,
  windowSeconds: CHECK_WINDOW_SECONDS,
  key: clientIp,
  shards: CHECK_LIMIT_SHARDS,
  markers: (c) => c.env.CACHE,
  skip: (c) => c.var.apiKey?.plan === 'pro',
}
