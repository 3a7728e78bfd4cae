import { liveFetcher } from '../../shared/http-fetcher'
import { createMarketDataApp } from './app'
import type { AppEnv, Deps } from './env'
import { createScheduled } from './scheduled'

const liveDeps: Deps = { fetcher: liveFetcher, now: () => Date.now() }

export const app = createMarketDataApp(liveDeps)
export default { fetch: app.fetch, scheduled: createScheduled(liveDeps) } satisfies ExportedHandler<AppEnv['Bindings']>
export { RateLimiter } from '../../shared/rate-limit/limiter'
