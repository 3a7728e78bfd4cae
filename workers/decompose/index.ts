import { createApp } from '../../shared/app'
import type { AppEnv } from './env'

const app = createApp<AppEnv>({
  title: 'Goal decomposition',
  version: '0.1.0',
  description: 'Turns a goal into a 14-day first cycle of daily actions and the plan beyond it.',
})

export default app
export { RateLimiter } from '../../shared/rate-limit/limiter'
