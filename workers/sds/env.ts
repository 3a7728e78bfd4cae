import type { RateLimiter } from '../../shared/rate-limit/limiter'

export type Bindings = {
  CACHE: KVNamespace
  DB: D1Database
  DOCUMENTS: R2Bucket
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  BASE_URL: string
  /** Secret: HMAC key for signed document links. */
  DOC_SIGNING_SECRET?: string
}

export type AppEnv = { Bindings: Bindings }
