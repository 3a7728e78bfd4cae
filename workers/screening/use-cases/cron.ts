import { rescore } from '../domain/screening/rescore'
import type { ScreeningPorts } from '../env'
import * as store from '../store'
import { rescorePorts } from './versions'

type Ports = Pick<ScreeningPorts, 'db' | 'now' | 'provider' | 'emit' | 'outbox'>

/**
 * Polls the provider for reports that were PENDING (issue 12 §4). A completed one becomes a
 * new version of the result, and the landlord gets the result e-mail again; one still
 * pending is left for the next run. A provider failure is logged and retried next run.
 */
export async function completePendingReports(ports: Ports): Promise<number> {
  let completed = 0
  for (const id of await store.pendingScreenings(ports.db, 20)) {
    const found = await store.screeningWithProperty(ports.db, id)
    if (!found) continue
    try {
      const updated = await rescore(rescorePorts(ports), found, { reason: 'report_completed', refreshReport: true })
      if (!updated) continue
      completed++
      await store.audit(ports.db, [id], 'report_completed', 'system', ports.now())
      await ports.outbox.queue('result', id, found.screening.landlordEmail)
    } catch (err) {
      console.warn(`screening ${id}: the pending report could not be completed yet: ${String(err)}`)
    }
  }
  return completed
}

/** Delivers what the outbox holds, in bounded batches, so a run's cost does not grow with the table. */
export async function deliverOutbox(ports: Pick<ScreeningPorts, 'outbox'>): Promise<void> {
  for (let batch = 0; batch < 8; batch++) {
    const outcome = await ports.outbox.deliverDue(25)
    if (outcome.claimed < 25) break
  }
}

/** Erases the personal data of screenings older than the retention period, 200 per run. */
export async function purgeExpired(ports: Pick<ScreeningPorts, 'db' | 'now'>, retentionDays: number): Promise<number> {
  const now = ports.now()
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000)
  const expired = await store.expiredScreenings(ports.db, cutoff, 200)
  for (const id of expired) await store.eraseScreening(ports.db, id, now)
  await store.audit(ports.db, expired, 'purged', 'system', now)
  return expired.length
}
