import { deliverBatch } from '../../shared/webhooks/deliver'
import type { DeliveryMessage } from '../../shared/webhooks/events'
import type { Bindings, Deps } from './env'

/** The queue name as declared in wrangler.toml's [env.screening] consumers. */
export const WEBHOOK_QUEUE_NAME = 'screening-webhooks'

/** The worker's `queue` handler: webhook deliveries, with the same fetcher and clock as the app. */
export function createQueueHandler(deps: Deps) {
  return async function queue(batch: MessageBatch<unknown>, env: Bindings): Promise<void> {
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
