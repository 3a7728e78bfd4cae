import { apiKeyAuth } from '../../shared/auth'
import { KEY_SERVICES } from '../../shared/keys'
import { clientIp, rateLimit } from '../../shared/rate-limit/middleware'
import type { AppEnv } from './env'

/** `Authorization: Bearer audit_pro_…` identifies a Pro caller (DECISIONS.md); no key is fine. */
export const proKey = apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES.audit.prefix, from: 'bearer', required: false })

/** Spec: 10 requests per minute per IP address; Pro users are unlimited. */
export const CHECK_LIMIT = 10
export const CHECK_WINDOW_SECONDS = 60

export const checkRateLimit = rateLimit<AppEnv>({
  scope: 'audit-check',
  limit: CHECK_LIMIT,
  windowSeconds: CHECK_WINDOW_SECONDS,
  key: clientIp,
  markers: (c) => c.env.CACHE,
  skip: (c) => c.var.apiKey?.plan === 'pro',
})
