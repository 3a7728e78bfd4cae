import { connect } from 'cloudflare:sockets'
import { createAuditApp } from '../workers/audit/app'

// Benchmark-only entry (npm run bench -- audit): the production audit app, with every outbound
// request (DNS over HTTPS, the site, crt.sh) sent to the local fixture server the scenario
// starts, so an uncached check can be timed on a machine without outside network. The TLS
// handshakes go to the scenario's real TLS servers on loopback (BENCH_TLS_FIXTURES: JSON of host
// name → port); any other host's socket is refused, as a host without one would be. Never deployed.
type Env = { BENCH_FIXTURE_ORIGIN: string; BENCH_TLS_FIXTURES?: string }

let app: ReturnType<typeof createAuditApp> | undefined

function appFor(origin: string, tlsFixtures: Record<string, number>) {
  app ??= createAuditApp({
    fetcher: (input, init) => {
      const target = new Request(input, init)
      return fetch(`${origin}/fixture?url=${encodeURIComponent(target.url)}`, {
        method: target.method,
        headers: target.headers,
        redirect: 'manual',
        signal: init?.signal,
      })
    },
    connectTls: (host) => {
      const port = tlsFixtures[host]
      if (!port) throw new Error(`no TLS fixture for ${host}`)
      return connect({ hostname: '127.0.0.1', port }, { secureTransport: 'off', allowHalfOpen: false })
    },
    now: () => new Date(),
    // Each fresh=1 request is to be a full check here; the 60 s per-host cooldown would serve the cache.
    freshCooldown: false,
  })
  return app
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    return appFor(env.BENCH_FIXTURE_ORIGIN, JSON.parse(env.BENCH_TLS_FIXTURES ?? '{}')).fetch(request, env, ctx)
  },
}
export { RateLimiter } from '../shared/rate-limit/limiter'
