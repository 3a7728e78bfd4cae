import { TargetError } from '../../../shared/net/errors'
import { publishEvent } from '../../../shared/webhooks/events'
import { viewUrl } from '../domain/audit'
import { decideAlerts, snapshotOf, type PendingAlert, type Snapshot } from '../domain/monitor/alerts'
import { alertMail } from '../domain/monitor/mail'
import { batchSize, isRunTicket, newId, type RunTicket } from '../domain/monitor/runner'
import { LOOKAHEAD_MS, phaseOf, SEND_BATCH, slotAfterClaim } from '../domain/monitor/schedule'
import { reportCache, type AuditPorts } from '../env'
import * as store from '../monitor-store'
import { checkHost } from './check'

/**
 * One cron invocation: takes at most `batchSize` monitors due within the next minute (oldest
 * first), moves each to its next slot in one transaction of conditional UPDATEs (so an
 * overlapping invocation cannot take it again), and sends one run ticket per monitor to the
 * monitor queue, delayed to the monitor's own second so the checks spread over the minute
 * instead of starting together. The queue consumer runs the checks. Monitors left over stay
 * due and are taken first next minute: late, never skipped.
 */
export async function dispatchDueMonitors(
  ports: Pick<AuditPorts, 'db' | 'monitorQueue' | 'monitorBatchSize' | 'now'>
): Promise<{ due: number; enqueued: number }> {
  const t = ports.now().getTime()
  const due = await store.dueMonitors(ports.db, t + LOOKAHEAD_MS, batchSize(ports.monitorBatchSize))
  const claims = due.map((row) => ({ row, next: slotAfterClaim(t, row.next_run_at, row.interval, phaseOf(row.id, row.interval)) }))
  const claimed = await store.claimSlots(ports.db, claims)
  let enqueued = 0
  for (let i = 0; i < claimed.length; i += SEND_BATCH) {
    const messages = claimed.slice(i, i + SEND_BATCH).map((row) => ({
      body: { monitor_id: row.id, slot: row.next_run_at } satisfies RunTicket,
      delaySeconds: Math.min(LOOKAHEAD_MS / 1000, Math.max(0, Math.ceil((row.next_run_at - t) / 1000))),
    }))
    try {
      await ports.monitorQueue.sendBatch(messages)
      enqueued += messages.length
    } catch (err) {
      // Their slot is taken: these monitors skip this run and keep their next slot.
      console.error(`monitors: ${messages.length} run tickets not enqueued: ${err instanceof Error ? err.message : err}`)
    }
  }
  return { due: due.length, enqueued }
}

/**
 * One run ticket: runs the monitor while the ticket is still valid (the monitor exists, its key
 * is an active Pro key, the slot is not recorded yet); a void ticket runs nothing. Throws when
 * the run fails on our side (the consumer retries it later).
 */
export async function runTicket(ports: AuditPorts, ticket: unknown): Promise<'ran' | 'void'> {
  const row = isRunTicket(ticket) ? await store.ticketMonitor(ports.db, ticket.monitor_id, ticket.slot) : null
  if (!row) return 'void'
  await runMonitor(ports, row)
  return 'ran'
}

/** The same check as GET /api/v1/check (a report cached in the last 5 minutes is reused), as a snapshot. */
async function check(ports: AuditPorts, domain: string): Promise<Snapshot> {
  const pending: Promise<unknown>[] = []
  // A cache view of its own: another run of the batch may have just stored this domain's report.
  const own = { ...ports, reports: reportCache(ports.kv, ports.now), defer: (work: Promise<unknown>) => void pending.push(work) }
  try {
    const { report } = await checkHost(own, domain)
    return snapshotOf(report)
  } catch (err) {
    const checked_at = ports.now().toISOString()
    if (err instanceof TargetError) {
      // The resolver being down is our problem, not the site's: recorded, never alerted.
      return { status: err.code === 'DNS_UNAVAILABLE' ? 'error' : 'failed', checked_at, error: err.message }
    }
    throw err
  } finally {
    await Promise.allSettled(pending)
  }
}

export async function runMonitor(ports: AuditPorts, row: store.MonitorRow): Promise<void> {
  const run = await check(ports, row.domain)
  const { alerts, state } = decideAlerts(store.parseState(row), run, {
    on: store.parseOn(row),
    certExpiryDays: row.cert_expiry_days,
    domain: row.domain,
  })
  const context = {
    monitor_id: row.id,
    domain: row.domain,
    checked_at: run.checked_at,
    view_url: viewUrl(ports.baseUrl, row.domain),
    history_url: `${viewUrl(ports.baseUrl, row.domain)}/history`,
  }
  // Written only while the address is confirmed by this key (recordRun checks it in the same batch).
  const mails = row.alert_email ? alerts.map((a) => ({ id: newId('mail_'), ...alertMail(row.alert_email!, a, context) })) : []
  if (!(await store.recordRun(ports.db, row, newId('run_'), run, state, mails))) return
  await publishAll(ports, row.owner_key_id, alerts, context)
}

async function publishAll(ports: AuditPorts, owner: string, alerts: PendingAlert[], context: Record<string, string>) {
  for (const alert of alerts) {
    await publishEvent({ db: ports.db, queue: ports.webhookQueue, now: ports.now() }, owner, alert.type, { ...context, ...alert.data })
  }
}
