import { cors } from 'hono/cors'
import { createApp } from '../../shared/app'
import type { AppEnv } from './env'
import { mountSeriesRoutes } from './routes/series'
import { mountBenchRoute } from './routes/bench'
import { scheduled } from './scheduled'

const app = createApp<AppEnv>({
  title: 'French electricity market data',
  version: '1.0.0',
  description:
    'Day-ahead prices and balancing reserves (FCR, aFRR, mFRR capacity and energy) for France, by quarter-hour, from ENTSO-E and RTE. Open, read-only, no key. Every value is the source value on its exact UTC quarter-hour; missing values are null.',
})

// Open data: any web page may read it (no credentials are involved).
app.use('/api/*', cors({ origin: '*', allowMethods: ['GET', 'HEAD'], exposeHeaders: ['ETag', 'Content-Disposition'], maxAge: 86400 }))
mountSeriesRoutes(app)
mountBenchRoute(app)

export { app }
export default { fetch: app.fetch, scheduled } satisfies ExportedHandler<AppEnv['Bindings']>
export { RateLimiter } from '../../shared/rate-limit/limiter'
