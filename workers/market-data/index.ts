import { createApp } from '../../shared/app'
import type { AppEnv } from './env'

const app = createApp<AppEnv>({
  title: 'French electricity market data',
  version: '0.1.0',
  description: 'Day-ahead prices and balancing reserves for France, by quarter-hour, from ENTSO-E and RTE.',
})

export default app
export { RateLimiter } from '../../shared/rate-limit/limiter'
