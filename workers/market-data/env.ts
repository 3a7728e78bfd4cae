import type { HttpFetcher } from '../../shared/http-fetcher'
import type { KeyVariables } from '../../shared/auth'
import type { RateLimiter } from '../../shared/rate-limit/limiter'
import type { IngestDeps } from './use-cases/ingest'
import { kvTokenCache } from './store'

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
  /** Tests and benchmarks only: anonymous requests a minute per client (default 60). */
  ANONYMOUS_PER_MINUTE?: string
}

/** The worker's outside dependencies, handed to handlers as `c.var.deps` (tests replace them). */
export type Deps = {
  fetcher: HttpFetcher
  now: () => Date
}

export type AppEnv = {
  Bindings: Bindings
  /** settled: set by routes/settled.ts when a settled answer missed the cache, for the route to fill it (key, and the marker to store with it). */
  /**
   * charge: counts `units` more requests against the caller's limit (a request for several
   * zones or years, docs/market-data.md "Access and limits"); throws the 429 when they do not fit.
   */
  Variables: KeyVariables & { deps: Deps; settled?: { key: Request; marker: string }; charge?: (units: number) => Promise<void> }
}

/**
 * The ports of the ingest stories (use-cases/ingest.ts), built from the bindings and the
 * worker's deps in one place; the cron passes them, tests build their own.
 */
export function ingestPorts(env: Bindings, deps: Deps): IngestDeps & { kv: KVNamespace } {
  return { db: env.DB, kv: env.CACHE, fetcher: deps.fetcher, secrets: env, tokenCache: kvTokenCache(env.CACHE), now: deps.now }
}
