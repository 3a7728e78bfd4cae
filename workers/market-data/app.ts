import { KEY_SERVICES } from '../../shared/keys'
import type { Context } from 'hono'
import { cors } from 'hono/cors'
import { ApiError } from '../../shared/errors'
import { createApp, provideDeps } from '../../shared/app'
import { apiKeyAuth } from '../../shared/auth'
import { blockedMarkerKey, clientIp, rateLimit } from '../../shared/rate-limit/middleware'
import type { AppEnv, Deps } from './env'
import { seriesRoutes } from './routes/series'
import { statusRoutes } from './routes/status'
import { discoveryRoutes } from './routes/discovery'
import { benchRoutes } from './routes/bench'
import { settledCache } from './routes/settled'
import { settledMemory } from './domain/recent-reads'
import { MARKET_DATA_POLICY } from './policy'

const LIMIT_SCOPE = 'api'

/** Requests a minute per client without a token, and per token (issue 22, "Access and scale"). */
export const ANONYMOUS_PER_MINUTE = 60
export const TOKEN_PER_MINUTE = 600

/** The market-data service; `deps.fetcher` is the one door to ENTSO-E and RTE, `deps.now` its clock (tests pass their own). */
export function createMarketDataApp(deps: Deps) {
  const app = createApp<AppEnv>({
    title: 'European electricity market data',
    policy: MARKET_DATA_POLICY,
    version: '2.0.0',
    description:
      'Day-ahead prices, total load (actual and day-ahead forecast) and actual generation per production type for every bidding zone (ENTSO-E), and the French balancing reserves (FCR, aFRR, mFRR capacity and energy; RTE), at the resolution the source published or on the quarter-hour / hourly grid, with the provenance of every value. Open without a key (60 requests a minute, a year per request); `Authorization: Bearer mkt_…` tokens get more and multi-year streamed ranges. Missing values are null.',
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'A market-data token, `mkt_` + 32 characters (optional).',
  })

  // Open data: any web page may read it (no credentials are involved).
  app.use(
    '/api/*',
    cors({
      origin: '*',
      allowMethods: ['GET', 'HEAD'],
      allowHeaders: ['Authorization', 'If-None-Match'],
      exposeHeaders: ['ETag', 'Content-Disposition', 'Warning', 'RateLimit-Limit', 'RateLimit-Remaining', 'RateLimit-Reset', 'Retry-After'],
      maxAge: 86400,
    })
  )
  app.use('*', provideDeps(deps))
  const limit = (c: Context<AppEnv>) => (c.var.apiKey ? TOKEN_PER_MINUTE : anonymousLimit(c.env))
  const key = (c: Context<AppEnv>) => (c.var.apiKey ? `key:${c.var.apiKey.id}` : `ip:${clientIp(c)}`)
  const limiterScope = (c: Context<AppEnv>) => `${LIMIT_SCOPE}:${key(c)}`
  // One app per isolate (index.ts), so this is the isolate's memory of the settled path's KV reads.
  const memory = settledMemory()
  // Settled days from the Cache API, before the limiter: not counted (docs/market-data.md).
  // Anonymous callers first of all (no token to look up); token holders once their token
  // is checked, so a bad token stays a 401.
  app.use('/api/*', settledCache({ callers: 'anonymous', limit, limiterScope, memory }))
  app.use('/api/*', apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES['market-data'].prefix, from: 'bearer', required: false }))
  app.use('/api/*', settledCache({ callers: 'token', limit, limiterScope, memory }))
  app.use(
    '/api/*',
    rateLimit<AppEnv>({
      scope: LIMIT_SCOPE,
      limit,
      windowSeconds: 60,
      key,
      markers: (c) => c.env.CACHE,
      now: (c) => c.var.deps.now(),
      // A refusal here is what the "blocked" marker now holds (same until): this isolate's
      // settled path refuses the client at once instead of after its memory's 5 s.
      onLimited: (c, error) => {
        const now = c.var.deps.now().getTime()
        const until = now + Number(error.extra.retry_after_seconds) * 1000
        memory.blocked.remember(blockedMarkerKey(limiterScope(c)), String(until), now)
        throw error
      },
    })
  )
  // Counted above as one request; an answer of several zones or years counts one per zone-year.
  // Each unit is one atomic hit of the same Durable Object, so the limit holds under
  // concurrency (a refused request may have used some of its units: they count, as a
  // refused request's work would).
  app.use('/api/*', async (c, next) => {
    c.set('charge', async (units) => {
      const scope = limiterScope(c)
      const max = limit(c)
      for (let i = 0; i < units; i++) {
        const now = c.var.deps.now().getTime()
        const decision = await c.env.RATE_LIMITER.getByName(scope).hit(now, max, 60_000)
        if (!decision.allowed) {
          const seconds = Math.max(1, decision.resetSeconds)
          throw new ApiError(
            429,
            'RATE_LIMITED',
            `Rate limit exceeded: ${max} requests allowed per window, and this request counts ${units + 1} (one per zone and year). Retry in ${seconds} seconds.`,
            { retry_after_seconds: seconds },
            {
              'Retry-After': String(seconds),
              'RateLimit-Limit': String(max),
              'RateLimit-Remaining': '0',
              'RateLimit-Reset': String(seconds),
            }
          )
        }
        c.header('RateLimit-Remaining', String(decision.remaining))
      }
    })
    return next()
  })
  app.route('/', seriesRoutes)
  app.route('/', statusRoutes)
  app.route('/', discoveryRoutes)
  app.route('/', benchRoutes)
  return app
}

/** Tests raise the anonymous limit (test-vars.json) except where they test it. */
function anonymousLimit(env: AppEnv['Bindings']): number {
  const n = Number(env.ANONYMOUS_PER_MINUTE)
  return Number.isInteger(n) && n > 0 ? n : ANONYMOUS_PER_MINUTE
}
