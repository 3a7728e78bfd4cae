import { createApp, provideDeps } from '../../shared/app'
import type { AppEnv, Deps } from './env'
import { SDS_POLICY } from './policy'
import { bulkRoutes } from './routes/bulk'
import { documentRoutes } from './routes/documents'
import { generateRoutes } from './routes/generate'
import { rndRoutes } from './routes/rnd'
import { usageRoutes } from './routes/usage'
import { sdsWebhookRoutes } from './routes/webhooks'

/** The safety data sheet service; `deps` carries the clock and the one door to PubChem. */
export function createSdsApp(deps: Deps) {
  const app = createApp<AppEnv>({
    title: 'Safety data sheets',
    version: '1.0.0',
    description:
      'Generates draft GHS safety data sheets as DOCX: US (OSHA HazCom 29 CFR 1910.1200, GHS Rev. 7) and EU (REACH Annex II as amended by 2020/878, CLP), classified from the harmonised CLP Annex VI entries. Keys: `Authorization: Bearer sds_live_…`; 60 requests per minute per key.',
    policy: SDS_POLICY,
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', {
    type: 'http',
    scheme: 'bearer',
    description: 'API key: sds_live_ followed by 32 characters.',
  })
  app.use('*', provideDeps(deps))
  app.get('/', (c) => c.redirect('/docs', 302))
  app.route('/', generateRoutes)
  app.route('/', rndRoutes)
  app.route('/', usageRoutes)
  app.route('/', documentRoutes)
  app.route('/', bulkRoutes)
  app.route('/', sdsWebhookRoutes)
  return app
}
