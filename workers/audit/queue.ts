import { deliverBatch } from '../../shared/webhooks/deliver'
import type { DeliveryMessage } from '../../shared/webhooks/events'
import type { AuditDeps } from './domain/audit'
import type { Bindings } from './env'
import { runTickets, type RunTicket } from './domain/monitor/runner'

/** Queue names as declared in wrangler.toml's [env.audit] consumers. */
export const WEBHOOK_QUEUE_NAME = 'audit-webhooks'
export const MONITOR_QUEUE_NAME = 'audit-monitor-runs'

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
