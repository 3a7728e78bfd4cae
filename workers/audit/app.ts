import { createApp, provideDeps } from '../../shared/app'
import type { AppEnv, Deps } from './env'
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
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'Pro key: audit_pro_ followed by 32 characters.',
  })
  app.use('*', provideDeps(deps))
  app.route('/', checkRoutes)
  app.route('/', pageRoutes)
  app.route('/', monitorRoutes)
  app.route('/', badgeRoutes)
  return app
}
