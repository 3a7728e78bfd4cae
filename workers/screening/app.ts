import { createApp } from '../../shared/app'
import type { HttpFetcher } from '../../shared/http-fetcher'
import type { AppEnv } from './env'
import { policy } from './policy'
import { propertyRoutes } from './routes/properties'
import { scrapeRoutes } from './routes/scrape'
import { screeningRoutes } from './routes/screening'
import { screeningReadRoutes } from './routes/screenings'
import { criminalRoutes } from './routes/criminal'
import { embedRoutes } from './routes/embed'
import { fcraRoutes } from './routes/fcra'
import { versionRoutes } from './routes/versions'
import { screeningWebhookRoutes } from './routes/webhooks'

/** What the worker takes from outside: third-party HTTP and the clock (tests pass their own). */
export type Deps = { fetcher: HttpFetcher; now: () => Date }

export function createScreeningApp(deps: Deps) {
  const app = createApp<AppEnv>({
    title: 'Applicant screening',
    version: '1.0.0',
    description:
      'Screens rental applicants with a transparent, versioned VetScore (docs/vetscore.md) and collects rental ' +
      'leads from public sources. Every error body carries ok: false, error and code. Partner keys go in x-api-key.',
    policy,
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'partnerKey', { type: 'apiKey', in: 'header', name: 'x-api-key', description: 'Partner key: scrn_live_ followed by 32 characters.' })
  return app
    .route('/', screeningRoutes(deps))
    .route('/', screeningReadRoutes(deps))
    .route('/', criminalRoutes(deps))
    .route('/', fcraRoutes(deps))
    .route('/', versionRoutes(deps))
    .route('/', propertyRoutes(deps))
    .route('/', scrapeRoutes(deps))
    .route('/', embedRoutes(deps))
    .route('/', screeningWebhookRoutes(deps))
}
