import { createApp } from '../../shared/app'
import type { AuditDeps } from './audit'
import type { AppEnv } from './env'
import { mountCheckRoute } from './routes/check'
import { mountPages } from './routes/pages'
import { mountMonitoring } from './routes/monitors'
import { mountBadge } from './routes/badge'

export type { AuditDeps } from './audit'

/**
 * The audit app around its outbound dependencies: the HTTP fetcher, the TCP connector for the
 * TLS handshake reader and the clock. index.ts passes the live ones; tests pass fetchers that
 * replay recorded responses, so no test reaches the network.
 */
export function buildAuditApp(deps: AuditDeps) {
  const app = createApp<AppEnv>({
    title: 'HTTPS audit',
    version: '1.0.0',
    description:
      'Grades the certificate, security headers and redirects of a domain, after Mozilla’s HTTP Observatory. ' +
      'The same engine serves the JSON API and the interactive view at /check/<domain>. Scoring rules: /scoring.',
  })
  mountCheckRoute(app, deps)
  mountPages(app, deps)
  mountMonitoring(app, deps)
  mountBadge(app, deps)
  return app
}
