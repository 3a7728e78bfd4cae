import { createApp } from '../../shared/app'
import type { AppEnv } from './env'

const app = createApp<AppEnv>({
  title: 'HTTPS audit',
  version: '0.1.0',
  description: 'Grades the certificate, security headers and redirects of a domain, Observatory-style.',
})

export default app
export { RateLimiter } from '../../shared/rate-limit/limiter'
