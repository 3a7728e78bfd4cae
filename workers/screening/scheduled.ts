import type { HttpFetcher } from '../../shared/http-fetcher'
import type { Bindings, Deps } from './env'
import { deliverDue, queueMail } from './domain/mail/outbox'
import { rescore } from './domain/screening/rescore'
import * as store from './store'
import { userAgent } from './domain/user-agent'

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
  const completed = await completePending(env, fetcher, now)
  for (let batch = 0; batch < 8; batch++) {
    const outcome = await deliverDue({ env, fetcher, now }, 25)
    if (outcome.claimed < 25) break
  }
  const cutoff = new Date(now.getTime() - retentionDays(env) * 86_400_000)
  const expired = await store.expiredScreenings(env.DB, cutoff, 200)
  for (const id of expired) await store.eraseScreening(env.DB, id, now)
  await store.audit(env.DB, expired, 'purged', 'system', now)
  return { purged: expired.length, completed }
}

/** The worker's `scheduled` handler: one cron run with the worker's fetcher and clock. */
export function createScheduledHandler(deps: Deps) {
  return async function scheduled(_controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(runCron(env, deps.fetcher, deps.now()))
  }
}

/**
 * Polls the provider for reports that were PENDING (issue 12 §4). A completed one becomes a
 * new version of the result, and the landlord gets the result e-mail again; one still
 * pending is left for the next run. A provider failure is logged and retried next run.
 */
async function completePending(env: Bindings, fetcher: HttpFetcher, now: Date): Promise<number> {
  let completed = 0
  for (const id of await store.pendingScreenings(env.DB, 20)) {
    const found = await store.screeningWithProperty(env.DB, id)
    if (!found) continue
    try {
      const updated = await rescore({ env, fetcher, now, userAgent: userAgent(env.BASE_URL) }, found, {
        reason: 'report_completed',
        refreshReport: true,
      })
      if (!updated) continue
      completed++
      await store.audit(env.DB, [id], 'report_completed', 'system', now)
      await queueMail({ env, fetcher, now }, 'result', id, found.screening.landlordEmail)
    } catch (err) {
      console.warn(`screening ${id}: the pending report could not be completed yet: ${String(err)}`)
    }
  }
  return completed
}
