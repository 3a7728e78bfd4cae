import { app } from './app'
import type { AppEnv } from './env'
import { scheduled } from './scheduled'

export { app }
export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<AppEnv['Bindings']>
export { RateLimiter } from '../../shared/rate-limit/limiter'
