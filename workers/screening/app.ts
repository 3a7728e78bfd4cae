import { createApp, provideDeps } from '../../shared/app'
import type { AppEnv, Deps } from './env'
import { policy } from './policy'
import { propertyRoutes } from './routes/properties'
import { scrapeRoutes } from './routes/scrape'
import { screeningRoutes } from './routes/screening'
import { screeningReadRoutes } from './routes/screenings'
import { criminalRoutes } from './routes/criminal'
import { fairChanceRoutes } from './routes/fair-chance'
import { applicantResponseRoutes } from './routes/applicant-response'
import { applicantResponsePageRoutes } from './routes/applicant-response-page'
import { partnerSettingsRoutes } from './routes/partner-settings'
import { partnerEmbedRoutes } from './routes/partner-embed'
import { embedRoutes } from './routes/embed'
import { fcraRoutes } from './routes/fcra'
import { versionRoutes } from './routes/versions'
import { screeningWebhookRoutes } from './routes/webhooks'

/** The applicant screening service; `deps` carries the clock and the one door to third-party HTTP. */
export function createScreeningApp(deps: Deps) {
  const app = createApp<AppEnv>({
    title: 'Applicant screening',
    version: '1.0.0',
    description:
      'Screens rental applicants with a transparent, versioned VetScore (docs/vetscore.md) and collects rental ' +
      'leads from public sources. Every error body carries ok: false, error and code. Partner keys go in x-api-key.',
    policy,
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'partnerKey', {
    type: 'apiKey',
    in: 'header',
    name: 'x-api-key',
    description: 'Partner key: scrn_live_ followed by 32 characters.',
  })
  app.use('*', provideDeps(deps))
  app.route('/', screeningRoutes)
  app.route('/', screeningReadRoutes)
  app.route('/', criminalRoutes)
  app.route('/', fairChanceRoutes)
  app.route('/', applicantResponseRoutes)
  app.route('/', applicantResponsePageRoutes)
  app.route('/', partnerSettingsRoutes)
  app.route('/', partnerEmbedRoutes)
  app.route('/', fcraRoutes)
  app.route('/', versionRoutes)
  app.route('/', propertyRoutes)
  app.route('/', scrapeRoutes)
  app.route('/', embedRoutes)
  app.route('/', screeningWebhookRoutes)
  return app
}
