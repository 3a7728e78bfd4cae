import type { Context } from 'hono'
import { createApp, provideDeps } from '../../shared/app'
import { auditPorts, type AppEnv, type Deps } from './env'
import { AUDIT_POLICY } from './policy'
import { alertEmailRoutes } from './routes/alert-emails'
import { badgeRoutes } from './routes/badge'
import { checkRoutes } from './routes/check'
import { monitorRoutes } from './routes/monitors'
import { pageRoutes } from './routes/pages'

export type { AuditDeps } from './domain/audit'

/**
 * The audit app around its outbound dependencies: the HTTP fetcher, the TCP connector for the
 * TLS handshake reader and the clock. index.ts passes the live ones; tests pass fetchers that
 * replay recorded responses, so no test reaches the network.
 */
export function createAuditApp(deps: Deps) {
  const app = createApp<AppEnv>({
    title: 'HTTPS audit',
    version: '1.0.0',
    description:
      'Grades the certificate, security headers and redirects of a domain, after Mozilla’s HTTP Observatory. ' +
      'The same engine serves the JSON API and the interactive view at /check/<domain>. Scoring rules: /scoring.',
    policy: AUDIT_POLICY,
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'Pro key: audit_pro_ followed by 32 characters.',
  })
  app.use('*', provideDeps(deps))
  // The use cases' ports, built once per request from the bindings and these deps.
  app.use('*', async (c, next) => {
    c.set('ports', auditPorts(c.env, deps, deferOf(c)))
    await next()
  })
  app.route('/', checkRoutes)
  app.route('/', pageRoutes)
  app.route('/', monitorRoutes)
  app.route('/', badgeRoutes)
  app.route('/', alertEmailRoutes)
  return app
}

/** The runtime's waitUntil; without an ExecutionContext (app.request without one) the work just runs. */
function deferOf(c: Context): (work: Promise<unknown>) => void {
  try {
    const ctx = c.executionCtx
    return (work) => ctx.waitUntil(work)
  } catch {
    return (work) => void work.catch((err) => console.error('deferred work failed', err))
  }
}
