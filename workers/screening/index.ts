import { liveFetcher } from '../../shared/http-fetcher'
import { createScreeningApp } from './app'
import type { Bindings } from './env'
import { createQueueHandler } from './queue'
import { runCron } from './scheduled'

const deps = { fetcher: liveFetcher, now: () => new Date() }
export const app = createScreeningApp(deps)

export default {
  fetch: app.fetch,
  // Webhook deliveries (screening-webhooks): signed, retried and logged by shared/webhooks.
  queue: createQueueHandler(deps),
  scheduled(_controller, env, ctx) {
    ctx.waitUntil(runCron(env, liveFetcher, new Date()))
  },
} satisfies ExportedHandler<Bindings>
export { RateLimiter } from '../../shared/rate-limit/limiter'
