import { createDecomposeApp } from './app'
import type { Bindings, Deps } from './env'
import { createScheduledHandler } from './scheduled'

const deps: Deps = { now: () => new Date() }

// The app (fetch, and request() for tests) with the retention cron beside it.
export default Object.assign(createDecomposeApp(deps), { scheduled: createScheduledHandler(deps) }) satisfies ExportedHandler<Bindings>
export { RateLimiter } from '../../shared/rate-limit/limiter'
