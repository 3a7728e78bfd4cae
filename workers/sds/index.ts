import { liveFetcher, withTimeout } from '../../shared/http-fetcher'
import { createSdsApp } from './app'

export default createSdsApp({ fetcher: withTimeout(liveFetcher, 4000), now: () => new Date() })
export { RateLimiter } from '../../shared/rate-limit/limiter'
