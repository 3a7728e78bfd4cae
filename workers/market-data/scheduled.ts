import { withTimeout } from '../../shared/http-fetcher'
import { ingestPorts, type Bindings, type Deps } from './env'
import { runCron } from './use-cases/ingest'

// A source that has not answered in 30 s is down; the run retries it with backoff.
const UPSTREAM_TIMEOUT_MS = 30_000

/**
 * The cron triggers of [env.market-data] in wrangler.toml (UTC):
 * - `*\/15 10-14 * * *`: every 15 minutes around the day-ahead publication (SDAC gate closure
 *   12:00 CET/CEST, results within the hour, Regulation 543/2013 art. 12(1)(d)) until
 *   tomorrow is in for every zone; it also fills reserve gaps during the day.
 * - `30 7-9 * * *`: RTE capacity tender results for D+1 (aFRR about 09:30 Paris).
 * - `5 *\/3 * * *`: corrections: re-fetch the last 7 days of every series whole.
 * Everything a run does is in ingestion_log (GET /api/status sums it up).
 */
export const CORRECTIONS_CRON = '5 */3 * * *'

/** The cron handler, with the worker's deps (index.ts hands it the live ones, like the app). */
export function createScheduledHandler(deps: Deps) {
  const fetcher = withTimeout(deps.fetcher, UPSTREAM_TIMEOUT_MS)
  return (controller: ScheduledController, env: Bindings, _ctx?: ExecutionContext) => scheduled(controller, env, { fetcher, now: deps.now })
}

async function scheduled(controller: ScheduledController, env: Bindings, deps: Deps): Promise<void> {
  const { reports, settledMarkers } = await runCron(ingestPorts(env, deps), controller.cron === CORRECTIONS_CRON ? 'corrections' : 'gaps')
  console.log(JSON.stringify({ cron: controller.cron, reports, settled_markers: settledMarkers }))
}
