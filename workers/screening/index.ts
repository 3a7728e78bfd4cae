import { liveFetcher } from '../../shared/http-fetcher'
import { createScreeningApp } from './app'

const app = createScreeningApp({ fetcher: liveFetcher, now: () => new Date() })

export default app
export { RateLimiter } from '../../shared/rate-limit/limiter'
