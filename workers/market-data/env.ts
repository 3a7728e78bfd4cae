import type { RateLimiter } from '../../shared/rate-limit/limiter'

export type Bindings = {
  CACHE: KVNamespace
  DB: D1Database
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  BASE_URL: string
  /** Secret: ENTSO-E Transparency Platform security token. */
  ENTSOE_TOKEN?: string
  /** Secrets: RTE data API OAuth2 client credentials. */
  RTE_CLIENT_ID?: string
  RTE_CLIENT_SECRET?: string
  /** Local benchmarks only: 'true' enables GET /_bench/d1, the same rows read straight from D1. */
  BENCH_D1_BASELINE?: string
}

export type AppEnv = { Bindings: Bindings }
