import type { KeyVariables } from '../../shared/auth'
import type { RateLimiter } from '../../shared/rate-limit/limiter'

export type Bindings = {
  CACHE: KVNamespace
  DB: D1Database
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  BASE_URL: string
}

export type AppEnv = { Bindings: Bindings; Variables: KeyVariables }
