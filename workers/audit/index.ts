import { connect } from 'cloudflare:sockets'
import { liveFetcher } from '../../shared/http-fetcher'
import { buildAuditApp, type AuditDeps } from './app'
import { createQueueHandler, createScheduledHandler } from './monitor/handlers'

const deps: AuditDeps = {
  fetcher: liveFetcher,
  // Plain TCP: the handshake reader speaks TLS itself, up to the server's Certificate message.
  connectTls: (hostname, port) => connect({ hostname, port }, { secureTransport: 'off', allowHalfOpen: false }),
  now: () => new Date(),
}
const app = buildAuditApp(deps)

// The app with the monitors' cron and the alert webhooks' queue consumer beside it.
export default Object.assign(app, { scheduled: createScheduledHandler(deps), queue: createQueueHandler(deps) })
export { RateLimiter } from '../../shared/rate-limit/limiter'
