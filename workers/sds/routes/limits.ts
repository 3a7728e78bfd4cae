import { rateLimit } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'

/**
 * 60 requests per minute per key, on every endpoint (spec, Limits). `RATE_LIMIT_PER_MINUTE` is
 * an operator override, used only by the benchmarks so that they measure generation, not 429s.
 */
export const apiRateLimit = rateLimit<AppEnv>({
  scope: 'api',
  limit: (c) => Number(c.env.RATE_LIMIT_PER_MINUTE) || 60,
  windowSeconds: 60,
  key: (c) => c.var.apiKey!.key_hash,
  markers: (c) => c.env.CACHE,
})
