import { publishEvent, type DeliveryMessage } from '../../../shared/webhooks/events'
import { TargetError } from '../../../shared/net/errors'
import { viewUrl, type AuditDeps } from '../audit'
import { checkDomain } from '../check-service'
import type { RateLimiter } from '../../../shared/rate-limit/limiter'
import { decideAlerts, snapshotOf, type PendingAlert, type Snapshot } from './alerts'
import { alertMail } from './mail'
import { DEFAULT_BATCH_SIZE, nextSlot, phaseOf, RUN_CONCURRENCY } from './schedule'
import * as store from './store'

export type MonitorEnv = {
  DB: D1Database
  CACHE: KVNamespace
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  WEBHOOK_QUEUE: Queue<DeliveryMessage>
  BASE_URL: string
  MONITOR_BATCH_SIZE?: string
}

export function batchSize(env: Pick<MonitorEnv, 'MONITOR_BATCH_SIZE'>): number {
  const n = Number(env.MONITOR_BATCH_SIZE)
  return Number.isInteger(n) && n > 0 && n <= 200 ? n : DEFAULT_BATCH_SIZE
}

/**
 * One cron invocation: takes at most `batchSize` due monitors (oldest first), moves each to its
 * next slot before running it (so an overlapping invocation cannot run it twice), and runs
 * them RUN_CONCURRENCY at a time through the same check as the API. Monitors left over stay
 * due and are taken first next minute: late, never skipped.
 */
export async function runDueMonitors(env: MonitorEnv, deps: AuditDeps): Promise<{ due: number; ran: number }> {
  const now = deps.now().getTime()
  const due = await store.dueMonitors(env.DB, now, batchSize(env))
  const claimed: store.MonitorRow[] = []
  for (const row of due) {
    if (await store.claimRun(env.DB, row, nextSlot(now, row.interval, phaseOf(row.id, row.interval)))) claimed.push(row)
  }
  const queue = [...claimed]
  const worker = async () => {
    for (let row = queue.shift(); row; row = queue.shift()) {
      try {
        await runMonitor(env, deps, row)
      } catch (err) {
        console.error('monitor run', row.id, err instanceof Error ? err.message : err)
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(RUN_CONCURRENCY, claimed.length) }, worker))
  return { due: due.length, ran: claimed.length }
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
  const { alerts, state } = decideAlerts(store.parseState(row), run, { on: store.parseOn(row), certExpiryDays: row.cert_expiry_days, domain: row.domain })
  const context = { monitor_id: row.id, domain: row.domain, checked_at: run.checked_at, view_url: viewUrl(env.BASE_URL, row.domain), history_url: `${viewUrl(env.BASE_URL, row.domain)}/history` }
  const mails = row.alert_email ? alerts.map((a) => ({ id: newId('mail_'), ...alertMail(row.alert_email!, a, context) })) : []
  if (!(await store.recordRun(env.DB, row, run, state, mails))) return
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
