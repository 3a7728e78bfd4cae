import { connect } from 'cloudflare:sockets'
import { liveFetcher } from '../../shared/http-fetcher'
import { createAuditApp } from './app'
import type { Deps } from './env'
import { createQueueHandler } from './queue'
import { createScheduledHandler } from './scheduled'

const deps: Deps = {
  fetcher: liveFetcher,
  // Plain TCP: the handshake reader speaks TLS itself, up to the server's Certificate message.
  connectTls: (hostname, port) => connect({ hostname, port }, { secureTransport: 'off', allowHalfOpen: false }),
  now: () => new Date(),
}
const app = createAuditApp(deps)

// The app with the monitors' cron and the alert webhooks' queue consumer beside it.
export default Object.assign(app, { scheduled: createScheduledHandler(deps), queue: createQueueHandler(deps) })
export { RateLimiter } from '../../shared/rate-limit/limiter'
