import { createApp, provideDeps } from '../../shared/app'
import type { AppEnv, Deps } from './env'
import { policy } from './policy'
import { dashboardRoutes } from './routes/dashboard'
import { decomposeRoutes } from './routes/decompose'
import { deletePlanRoutes } from './routes/delete-plan'
import { planRoutes } from './routes/plan'

/** The goal decomposition service; `deps` carries the clock (tests pass their own). */
export function createDecomposeApp(deps: Deps) {
  const app = createApp<AppEnv>({
    title: 'Goal decomposition',
    version: '1.0.0',
    description:
      'Turns a goal into a 14-day first cycle of daily actions and the plan beyond it. Keys (dcmp_…) are created by paid accounts at /dashboard.',
    policy,
  })
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'A `dcmp_` key created in the dashboard (GET /dashboard) by an account on the paid plan.',
  })
  app.use('*', provideDeps(deps))
  app.route('/', decomposeRoutes)
  app.route('/', deletePlanRoutes)
  app.route('/', planRoutes)
  app.route('/', dashboardRoutes)
  return app
}
