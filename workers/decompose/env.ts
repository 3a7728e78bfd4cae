import type { RateLimiter } from '../../shared/rate-limit/limiter'

export type Bindings = {
  CACHE: KVNamespace
  DB: D1Database
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  BASE_URL: string
  PLANNER?: string
}

export type AppEnv = { Bindings: Bindings }
