import type { KeyVariables } from '../../shared/auth'
import type { HttpFetcher } from '../../shared/http-fetcher'
import type { RateLimiter } from '../../shared/rate-limit/limiter'
import type { Context } from 'hono'
import { storeOf } from './store'
import type { DropPorts } from './use-cases/ports'

export type Bindings = {
  DROPS: KVNamespace
  DB: D1Database
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  BASE_URL: string
  /** Secret: Stripe API key; when set, upgrades go through Stripe Checkout. */
  STRIPE_SECRET_KEY?: string
  /** Secret: Stripe webhook signing secret (whsec_...). */
  STRIPE_WEBHOOK_SECRET?: string
  /** Local development only: a built-in test checkout instead of Stripe. */
  DEV_CHECKOUT?: string
}

/** `fetcher` is the one door to Stripe; `now` the clock (expiry, burn, quotas). Tests pass their own. */
export type Deps = { fetcher: HttpFetcher; now: () => Date }

export type AppEnv = { Bindings: Bindings; Variables: KeyVariables & { deps: Deps } }

/** The ports of drop's use cases for one request: its stores, the service clock, its address. */
export function portsOf(c: Context<AppEnv>): DropPorts {
  return { store: storeOf(c.env), now: c.var.deps.now, baseUrl: c.env.BASE_URL }
}
