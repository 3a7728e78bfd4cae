import { liveFetcher } from '../../shared/http-fetcher'
import { createMarketDataApp } from './app'
import type { AppEnv } from './env'
import { scheduled } from './scheduled'

export const app = createMarketDataApp({ fetcher: liveFetcher, now: () => Date.now() })
export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<AppEnv['Bindings']>
export { RateLimiter } from '../../shared/rate-limit/limiter'
