import type { KeyVariables } from '../../shared/auth'
import type { RateLimiter } from '../../shared/rate-limit/limiter'

export type Bindings = {
  CACHE: KVNamespace
  DB: D1Database
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  BASE_URL: string
  /** `true` enforces partner keys in `x-api-key` (DECISIONS.md "D: screening"). */
  REQUIRE_API_KEY?: string
  /** Screening provider (secrets). With both set, results are `verified`; otherwise mock. */
  SCREENING_PROVIDER_URL?: string
  SCREENING_PROVIDER_API_KEY?: string
  /** Milliseconds to wait for the provider; defaults to 8000. */
  SCREENING_PROVIDER_TIMEOUT_MS?: string
  /** Result e-mail: Cloudflare Email Service binding, or an HTTP provider (secrets). */
  EMAIL?: SendEmail
  EMAIL_FROM?: string
  EMAIL_API_URL?: string
  EMAIL_API_KEY?: string
}

export type AppEnv = { Bindings: Bindings; Variables: KeyVariables }
