import { createAuditApp } from '../workers/audit/app'

// Benchmark-only entry (npm run bench -- audit): the production audit app, with every outbound
// request (DNS over HTTPS, the site, crt.sh) sent to the local fixture server the scenario
// starts, so an uncached check can be timed on a machine without outside network. Never deployed.
type Env = { BENCH_FIXTURE_ORIGIN: string }

let app: ReturnType<typeof createAuditApp> | undefined

function appFor(origin: string) {
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
    connectTls: null,
    now: () => new Date(),
    // Each fresh=1 request is to be a full check here; the 60 s per-host cooldown would serve the cache.
    freshCooldown: false,
  })
  return app
}

export default {
  fetch(request: Request, env: Env, ctx: ExecutionContext) {
    return appFor(env.BENCH_FIXTURE_ORIGIN).fetch(request, env, ctx)
  },
}
export { RateLimiter } from '../shared/rate-limit/limiter'
