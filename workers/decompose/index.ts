import { createDecomposeApp } from './app'

export default createDecomposeApp({ now: () => new Date() })
export { RateLimiter } from '../../shared/rate-limit/limiter'
