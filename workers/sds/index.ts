import { liveFetcher, withTimeout } from '../../shared/http-fetcher'
import { createSdsApp } from './app'
import { createQueueHandler } from './queue'

const deps = { fetcher: withTimeout(liveFetcher, 4000), now: () => new Date() }
const app = createSdsApp(deps)

// The app (fetch, and request() for tests) with the queue consumer beside it.
export default Object.assign(app, { queue: createQueueHandler(deps) })
export { RateLimiter } from '../../shared/rate-limit/limiter'
