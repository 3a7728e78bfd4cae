import { apiKeyAuth } from '../../shared/auth'
import { KEY_SERVICES } from '../../shared/keys'
import { clientIp, type RateLimitOptions } from '../../shared/rate-limit/middleware'
import type { AppEnv } from './env'

/** `Authorization: Bearer audit_pro_…` identifies a Pro caller (DECISIONS.md); no key is fine. */
export const proKey = apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES.audit.prefix, from: 'bearer', required: false })

/** Spec: 10 requests per minute per IP address; Pro users are unlimited. */
export const CHECK_LIMIT = 10
export const CHECK_WINDOW_SECONDS = 60

/** The check limit (routes/check.ts); the view page uses the same counter with a page for its 429 (onLimited). */
export const checkLimitOptions: RateLimitOptions<AppEnv> = {
  scope: 'audit-check',
  limit: CHECK_LIMIT,
  windowSeconds: CHECK_WINDOW_SECONDS,
  key: clientIp,
  markers: (c) => c.env.CACHE,
  skip: (c) => c.var.apiKey?.plan === 'pro',
}
