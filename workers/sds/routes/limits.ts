import { rateLimit } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'

/** 60 requests per minute per key, on every endpoint (spec, Limits). */
export const apiRateLimit = rateLimit<AppEnv>({
  scope: 'api',
  limit: 60,
  windowSeconds: 60,
  key: (c) => c.var.apiKey!.key_hash,
  markers: (c) => c.env.CACHE,
})
