import { createApp } from '../../shared/app'
import type { AppEnv } from './env'

const app = createApp<AppEnv>({
  title: 'Markdown drops',
  version: '0.1.0',
  description: 'Publishes Markdown as a clean, safe, shareable page.',
})

export default app
export { RateLimiter } from '../../shared/rate-limit/limiter'
