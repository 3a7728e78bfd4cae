import { deliverBatch } from '../../../shared/webhooks/deliver'
import type { DeliveryMessage } from '../../../shared/webhooks/events'
import type { AuditDeps } from '../audit'
import type { Bindings } from '../env'
import { runDueMonitors } from './runner'

/** Queue name as declared in wrangler.toml's [env.audit] consumers. */
export const WEBHOOK_QUEUE_NAME = 'audit-webhooks'

/** The worker's `scheduled` handler: one bounded batch of due monitor runs per cron tick. */
export function createScheduledHandler(deps: AuditDeps) {
  return async function scheduled(_controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
    ctx.waitUntil(runDueMonitors(env, deps).then((r) => console.log(`monitors: ${r.ran} run of ${r.due} due`)))
  }
}

/** The worker's `queue` handler: signed webhook deliveries of monitor alerts. */
export function createQueueHandler(deps: AuditDeps) {
  return async function queue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
    if (batch.queue !== WEBHOOK_QUEUE_NAME) {
      console.error(`queue ${batch.queue}: no consumer here; messages retried`)
      batch.retryAll()
      return
    }
    await deliverBatch({ db: env.DB, fetcher: deps.fetcher, now: deps.now, allowLocal: env.WEBHOOK_ALLOW_LOCAL === 'true' }, batch as MessageBatch<DeliveryMessage>)
  }
}
