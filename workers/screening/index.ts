import { liveFetcher } from '../../shared/http-fetcher'
import { createScreeningApp } from './app'
import type { Bindings } from './env'
import { runCron } from './scheduled'

export const app = createScreeningApp({ fetcher: liveFetcher, now: () => new Date() })

export default {
  fetch: app.fetch,
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(runCron(env, liveFetcher, new Date()))
  },
} satisfies ExportedHandler<Bindings>
export { RateLimiter } from '../../shared/rate-limit/limiter'
