import { liveFetcher, withTimeout } from '../../shared/http-fetcher'
import type { Bindings } from './env'
import { runScheduled } from './ingest/run'
import { kvTokenCache } from './store'

// A source that has not answered in 30 s is down; the next cron run will retry.
const UPSTREAM_TIMEOUT_MS = 30_000

/**
 * Cron (wrangler.toml: 12:15 and 16:15 UTC): fetch the next delivery day once published and
 * backfill any gap of the last week. Everything it does is in ingestion_log.
 */
export async function scheduled(controller: ScheduledController, env: Bindings, _ctx?: ExecutionContext): Promise<void> {
  const reports = await runScheduled({
    db: env.DB,
    fetcher: withTimeout(liveFetcher, UPSTREAM_TIMEOUT_MS),
    secrets: env,
    tokenCache: kvTokenCache(env.CACHE),
    now: () => new Date(controller.scheduledTime),
  })
  console.log(JSON.stringify({ cron: controller.cron, reports }))
}
