import { createApp } from '../../shared/app'
import type { AppEnv } from './env'
import { policy } from './policy'
import { registerDashboard } from './routes/dashboard'
import { registerDecompose } from './routes/decompose'

const app = createApp<AppEnv>({
  title: 'Goal decomposition',
  version: '1.0.0',
  description:
    'Turns a goal into a 14-day first cycle of daily actions and the plan beyond it. Keys (dcmp_…) are created by paid accounts at /dashboard.',
  policy,
})

registerDecompose(app)
registerDashboard(app)

export default app
export { RateLimiter } from '../../shared/rate-limit/limiter'
