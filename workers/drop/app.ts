import { createApp, provideDeps } from '../../shared/app'
import type { AppEnv, Deps } from './env'
import { DROP_POLICY } from './policy'
import { checkoutRoutes } from './routes/checkout'
import { cliRoutes } from './routes/cli'
import { historyRoutes } from './routes/history'
import { manageRoutes } from './routes/manage'
import { pasteRoutes } from './routes/paste'
import { publishRoutes } from './routes/publish'
import { viewRoutes } from './routes/view'
import { webhookRoutes } from './routes/webhook'

/** The drop service; `deps.fetcher` is the one door to Stripe, `deps.now` its clock (tests pass their own). */
export function createDropApp(deps: Deps) {
  const app = createApp<AppEnv>({
    title: 'Markdown drops',
    version: '1.0.0',
    description: 'Publish Markdown as a clean, safe, shareable page. Free drops last 7 days; Pro drops and upgraded drops are permanent.',
    policy: DROP_POLICY,
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearer', { type: 'http', scheme: 'bearer', description: 'Pro key: drop_pro_…' })
  app.use('*', provideDeps(deps))
  app.route('/', pasteRoutes)
  app.route('/', cliRoutes)
  app.route('/', publishRoutes)
  app.route('/', manageRoutes)
  app.route('/', checkoutRoutes)
  app.route('/', webhookRoutes)
  app.route('/', historyRoutes)
  app.route('/', viewRoutes)
  return app
}
