import { deliverBatch } from '../../../shared/webhooks/deliver'
import type { DeliveryMessage } from '../../../shared/webhooks/events'
import type { AuditDeps } from '../audit'
import type { Bindings } from '../env'
import { deliverAlertMail } from './outbox'
import { dispatchDueMonitors, runTickets, type RunTicket } from './runner'

/** Queue names as declared in wrangler.toml's [env.audit] consumers. */
export const WEBHOOK_QUEUE_NAME = 'audit-webhooks'
export const MONITOR_QUEUE_NAME = 'audit-monitor-runs'

/**
 * The worker's `scheduled` handler, every minute: enqueues the run tickets of the monitors due
 * (a bounded batch) and delivers the alert e-mail outbox.
 */
export function createScheduledHandler(deps: AuditDeps) {
  return async function scheduled(_controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
    const now = deps.now()
    ctx.waitUntil(dispatchDueMonitors(env, now).then((r) => console.log(`monitors: ${r.enqueued} enqueued of ${r.due} due`)))
    ctx.waitUntil(
      deliverAlertMail({ db: env.DB, settings: env, fetcher: deps.fetcher, now }).then((r) =>
        console.log(
          r.unsent_reason ? `alert mail: ${r.unsent_reason}` : `alert mail: ${r.sent} sent, ${r.retried} to retry, ${r.dead} dead`
        )
      )
    )
  }
}

/** The worker's `queue` handler: monitor run tickets, and signed webhook deliveries of monitor alerts. */
export function createQueueHandler(deps: AuditDeps) {
  return async function queue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
    if (batch.queue === MONITOR_QUEUE_NAME) {
      await runTickets(env, deps, batch as MessageBatch<RunTicket>)
      return
    }
    if (batch.queue !== WEBHOOK_QUEUE_NAME) {
      console.error(`queue ${batch.queue}: no consumer here; messages retried`)
      batch.retryAll()
      return
    }
    await deliverBatch(
      { db: env.DB, fetcher: deps.fetcher, now: deps.now, allowLocal: env.WEBHOOK_ALLOW_LOCAL === 'true' },
      batch as MessageBatch<DeliveryMessage>
    )
  }
}
