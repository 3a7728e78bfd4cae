import { deliverBatch } from '../../shared/webhooks/deliver'
import type { DeliveryMessage } from '../../shared/webhooks/events'
import { processBulkBatch } from './domain/bulk/consumer'
import type { BulkMessage } from './domain/bulk/messages'
import type { Bindings, Deps } from './env'

/** Queue names as declared in wrangler.toml's [env.sds] consumers. */
export const WEBHOOK_QUEUE_NAME = 'sds-webhooks'
export const BULK_QUEUE_NAME = 'sds-bulk'

/** The worker's `queue` handler: webhook deliveries and bulk items, with the same deps as the app. */
export function createQueueHandler(deps: Deps) {
  return async function queue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
    if (batch.queue === WEBHOOK_QUEUE_NAME) {
      await deliverBatch(
        { db: env.DB, fetcher: deps.fetcher, now: deps.now, allowLocal: env.WEBHOOK_ALLOW_LOCAL === 'true' },
        batch as MessageBatch<DeliveryMessage>
      )
    } else if (batch.queue === BULK_QUEUE_NAME) {
      await processBulkBatch(env, deps, batch as MessageBatch<BulkMessage>)
    } else {
      console.error(`queue ${batch.queue}: no consumer here; messages retried`)
      batch.retryAll()
    }
  }
}
