import { routeQueues } from '../../shared/queues'
import { webhookConsumer } from '../../shared/webhooks/deliver'
import { processBulkBatch } from './bulk-consumer'
import type { BulkMessage } from './domain/bulk/messages'
import type { Bindings, Deps } from './env'

/** Queue names as declared in wrangler.toml's [env.sds] consumers. */
export const WEBHOOK_QUEUE_NAME = 'sds-webhooks'
export const BULK_QUEUE_NAME = 'sds-bulk'

/** The worker's `queue` handler: webhook deliveries and bulk items, with the same deps as the app. */
export function createQueueHandler(deps: Deps) {
  return routeQueues<Bindings>({
    [WEBHOOK_QUEUE_NAME]: webhookConsumer(deps),
    [BULK_QUEUE_NAME]: (batch, env) => processBulkBatch(env, deps, batch as MessageBatch<BulkMessage>),
  })
}
