import { liveFetcher } from '../../shared/http-fetcher'
import { createDropApp } from './app'

export default createDropApp({ fetcher: liveFetcher, now: () => new Date() })
export { RateLimiter } from '../../shared/rate-limit/limiter'
