import { publishEvent, type DeliveryMessage } from '../../../../shared/webhooks/events'
import { TargetError } from '../../../../shared/net/errors'
import { viewUrl, type AuditDeps } from '../audit'
import { checkDomain } from '../check-service'
import type { RateLimiter } from '../../../../shared/rate-limit/limiter'
import { decideAlerts, snapshotOf, type PendingAlert, type Snapshot } from './alerts'
import { alertMail } from './mail'
import {
  DEFAULT_BATCH_SIZE,
  LOOKAHEAD_MS,
  MAX_BATCH_SIZE,
  slotAfterClaim,
  phaseOf,
  RETRY_DELAY_SECONDS,
  RUN_CONCURRENCY,
  SEND_BATCH,
} from './schedule'
import * as store from '../../monitor-store'

export type MonitorEnv = {
  DB: D1Database
  CACHE: KVNamespace
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  WEBHOOK_QUEUE: Queue<DeliveryMessage>
  MONITOR_QUEUE: Queue<RunTicket>
  BASE_URL: string
  MONITOR_BATCH_SIZE?: string
}

/** A queue message: run monitor `monitor_id` for its slot `slot` (epoch ms). Void once the slot is recorded or the monitor is gone. */
export type RunTicket = { monitor_id: string; slot: number }

export function batchSize(env: Pick<MonitorEnv, 'MONITOR_BATCH_SIZE'>): number {
  const n = Number(env.MONITOR_BATCH_SIZE)
  return Number.isInteger(n) && n > 0 && n <= MAX_BATCH_SIZE ? n : DEFAULT_BATCH_SIZE
}

/**
 * One cron invocation: takes at most `batchSize` monitors due within the next minute (oldest
 * first), moves each to its next slot in one transaction of conditional UPDATEs (so an
 * overlapping invocation cannot take it again), and sends one run ticket per monitor to the
 * monitor queue, delayed to the monitor's own second so the checks spread over the minute
 * instead of starting together. The queue consumer runs the checks. Monitors left over stay
 * due and are taken first next minute: late, never skipped.
 */
export async function dispatchDueMonitors(env: MonitorEnv, now: Date): Promise<{ due: number; enqueued: number }> {
  const t = now.getTime()
  const due = await store.dueMonitors(env.DB, t + LOOKAHEAD_MS, batchSize(env))
  const claims = due.map((row) => ({ row, next: slotAfterClaim(t, row.next_run_at, row.interval, phaseOf(row.id, row.interval)) }))
  const claimed = await store.claimSlots(env.DB, claims)
  let enqueued = 0
  for (let i = 0; i < claimed.length; i += SEND_BATCH) {
    const messages = claimed.slice(i, i + SEND_BATCH).map((row) => ({
      body: { monitor_id: row.id, slot: row.next_run_at } satisfies RunTicket,
      delaySeconds: Math.min(LOOKAHEAD_MS / 1000, Math.max(0, Math.ceil((row.next_run_at - t) / 1000))),
    }))
    try {
      await env.MONITOR_QUEUE.sendBatch(messages)
      enqueued += messages.length
    } catch (err) {
      // Their slot is taken: these monitors skip this run and keep their next slot.
      console.error(`monitors: ${messages.length} run tickets not enqueued: ${err instanceof Error ? err.message : err}`)
    }
  }
  return { due: due.length, enqueued }
}

/**
 * The monitor queue's consumer: runs each ticket still valid (the monitor exists, its key is
 * an active Pro key, the slot is not recorded yet) RUN_CONCURRENCY at a time; a void ticket
 * is acknowledged without running anything. A run that fails on our side is retried later.
 */
export async function runTickets(env: MonitorEnv, deps: AuditDeps, batch: MessageBatch<RunTicket>): Promise<{ ran: number; void: number }> {
  const queue = [...batch.messages]
  const counts = { ran: 0, void: 0 }
  const worker = async () => {
    for (let message = queue.shift(); message; message = queue.shift()) {
      try {
        const { monitor_id, slot } = message.body
        const row =
          typeof monitor_id === 'string' && Number.isSafeInteger(slot) ? await store.ticketMonitor(env.DB, monitor_id, slot) : null
        if (row) {
          await runMonitor(env, deps, row)
          counts.ran++
        } else counts.void++
        message.ack()
      } catch (err) {
        console.error('monitor run', message.body?.monitor_id, err instanceof Error ? err.message : err)
        message.retry({ delaySeconds: RETRY_DELAY_SECONDS })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(RUN_CONCURRENCY, queue.length) }, worker))
  return counts
}

async function check(env: MonitorEnv, deps: AuditDeps, domain: string): Promise<Snapshot> {
  const pending: Promise<unknown>[] = []
  try {
    const { report } = await checkDomain(domain, deps, env, (p) => pending.push(p))
    return snapshotOf(report)
  } catch (err) {
    const checked_at = deps.now().toISOString()
    if (err instanceof TargetError) {
      // The resolver being down is our problem, not the site's: recorded, never alerted.
      return { status: err.code === 'DNS_UNAVAILABLE' ? 'error' : 'failed', checked_at, error: err.message }
    }
    throw err
  } finally {
    await Promise.allSettled(pending)
  }
}

export async function runMonitor(env: MonitorEnv, deps: AuditDeps, row: store.MonitorRow): Promise<void> {
  const run = await check(env, deps, row.domain)
  const { alerts, state } = decideAlerts(store.parseState(row), run, {
    on: store.parseOn(row),
    certExpiryDays: row.cert_expiry_days,
    domain: row.domain,
  })
  const context = {
    monitor_id: row.id,
    domain: row.domain,
    checked_at: run.checked_at,
    view_url: viewUrl(env.BASE_URL, row.domain),
    history_url: `${viewUrl(env.BASE_URL, row.domain)}/history`,
  }
  const mails = row.alert_email ? alerts.map((a) => ({ id: newId('mail_'), ...alertMail(row.alert_email!, a, context) })) : []
  if (!(await store.recordRun(env.DB, row, newId('run_'), run, state, mails))) return
  await publishAll(env, row.owner_key_id, alerts, context, deps.now())
}

async function publishAll(env: MonitorEnv, owner: string, alerts: PendingAlert[], context: Record<string, string>, now: Date) {
  for (const alert of alerts) {
    await publishEvent({ db: env.DB, queue: env.WEBHOOK_QUEUE, now }, owner, alert.type, { ...context, ...alert.data })
  }
}

export function newId(prefix: string): string {
  return prefix + crypto.randomUUID().replace(/-/g, '')
}
