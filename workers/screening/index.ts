import { liveFetcher } from '../../shared/http-fetcher'
import { createScreeningApp } from './app'
import type { Bindings } from './env'
import { createQueueHandler } from './queue'
import { createScheduledHandler } from './scheduled'

const deps = { fetcher: liveFetcher, now: () => new Date() }
const app = createScreeningApp(deps)

// The app (fetch, and request() for tests) with the queue consumer and the cron beside it.
export default Object.assign(app, {
  // Webhook deliveries (screening-webhooks): signed, retried and logged by shared/webhooks.
  queue: createQueueHandler(deps),
  scheduled: createScheduledHandler(deps),
}) satisfies ExportedHandler<Bindings>
export { RateLimiter } from '../../shared/rate-limit/limiter'
