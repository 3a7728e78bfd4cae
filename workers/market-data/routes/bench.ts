import { createRouter } from '../../../shared/app'
import type { AppEnv } from '../env'
import { SERIES_NAMES, type SeriesName } from '../domain/series'
import { readAllRaw } from '../store'
import { dayStartUtc, parseDay } from '../domain/time/paris'
import { FRANCE } from '../domain/zones'

/**
 * GET /_bench/d1?series=&start=&end= : the rows a series endpoint would serve (France), read
 * from D1 in a single query and sent as D1 returned them, with no grid, no formatting and no
 * streaming. It exists so `scripts/market-data/bench.mjs` can put the real endpoints'
 * latency next to "reading the same rows straight from D1". Off (404) unless the
 * BENCH_D1_BASELINE var is 'true', which only the local benchmark sets; not in OpenAPI.
 */
export const benchRoutes = createRouter<AppEnv>()

benchRoutes.get('/_bench/d1', async (c) => {
  if (c.env.BENCH_D1_BASELINE !== 'true') return c.notFound()
  const series = c.req.query('series') as SeriesName
  const start = c.req.query('start') ?? ''
  const end = c.req.query('end') ?? ''
  if (!SERIES_NAMES.includes(series) || parseDay(start) === null || parseDay(end) === null) return c.notFound()
  return c.json(await readAllRaw(c.env.DB, series, FRANCE.eic, dayStartUtc(start), dayStartUtc(end)))
})
