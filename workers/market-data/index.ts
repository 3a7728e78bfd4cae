import { liveFetcher } from '../../shared/http-fetcher'
import { createMarketDataApp } from './app'
import type { Bindings, Deps } from './env'
import { createScheduledHandler } from './scheduled'

const deps: Deps = { fetcher: liveFetcher, now: () => new Date() }
const app = createMarketDataApp(deps)

// The app (fetch, and request() for tests) with the cron beside it.
export default Object.assign(app, { scheduled: createScheduledHandler(deps) }) satisfies ExportedHandler<Bindings>
export { RateLimiter } from '../../shared/rate-limit/limiter'
