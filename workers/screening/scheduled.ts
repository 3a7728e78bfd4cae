import type { HttpFetcher } from '../../shared/http-fetcher'
import { type Bindings, type Deps, screeningPorts } from './env'
import { completePendingReports, deliverOutbox, purgeExpired } from './use-cases/cron'

/** Two years: long enough for disputes and fair-housing complaints (HUD: one year to file). */
export const DEFAULT_RETENTION_DAYS = 730

export function retentionDays(env: Pick<Bindings, 'SCREENING_RETENTION_DAYS'>): number {
  const n = Number(env.SCREENING_RETENTION_DAYS)
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_RETENTION_DAYS
}

/**
 * The screening cron (wrangler.toml [env.screening] triggers): completes screenings whose
 * provider report was PENDING, delivers the outbox, then erases the personal data of
 * screenings past the retention period. Each part works in bounded batches, so a run's cost
 * does not grow with the table.
 */
export async function runCron(env: Bindings, fetcher: HttpFetcher, now: Date): Promise<{ purged: number; completed: number }> {
  const ports = screeningPorts(env, { fetcher, now: () => now })
  const completed = await completePendingReports(ports)
  await deliverOutbox(ports)
  const purged = await purgeExpired(ports, retentionDays(env))
  return { purged, completed }
}

/** The worker's `scheduled` handler: one cron run with the worker's fetcher and clock. */
export function createScheduledHandler(deps: Deps) {
  return async function scheduled(_controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(runCron(env, deps.fetcher, deps.now()))
  }
}
