import { connect } from 'cloudflare:sockets'
import { liveFetcher } from '../../shared/http-fetcher'
import { buildAuditApp } from './app'

const app = buildAuditApp({
  fetcher: liveFetcher,
  // Plain TCP: the handshake reader speaks TLS itself, up to the server's Certificate message.
  connectTls: (hostname, port) => connect({ hostname, port }, { secureTransport: 'off', allowHalfOpen: false }),
  now: () => new Date(),
})

export default app
export { RateLimiter } from '../../shared/rate-limit/limiter'
