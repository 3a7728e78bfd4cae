import type { HttpFetcher } from '../../shared/http-fetcher'
import type { Bindings } from './env'
import { deliverDue } from './mail/outbox'
import * as store from './store'

/** Two years: long enough for disputes and fair-housing complaints (HUD: one year to file). */
export const DEFAULT_RETENTION_DAYS = 730

export function retentionDays(env: Pick<Bindings, 'SCREENING_RETENTION_DAYS'>): number {
  const n = Number(env.SCREENING_RETENTION_DAYS)
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_RETENTION_DAYS
}

/**
 * The screening cron (wrangler.toml [env.screening] triggers): delivers the outbox, then
 * erases the personal data of screenings past the retention period. Each part works in
 * bounded batches, so a run's cost does not grow with the table.
 */
export async function runCron(env: Bindings, fetcher: HttpFetcher, now: Date): Promise<{ purged: number }> {
  for (let batch = 0; batch < 8; batch++) {
    const outcome = await deliverDue({ env, fetcher, now }, 25)
    if (outcome.claimed < 25) break
  }
  const cutoff = new Date(now.getTime() - retentionDays(env) * 86_400_000)
  const expired = await store.expiredScreenings(env.DB, cutoff, 200)
  for (const id of expired) await store.eraseScreening(env.DB, id, now)
  await store.audit(env.DB, expired, 'purged', 'system', now)
  return { purged: expired.length }
}
