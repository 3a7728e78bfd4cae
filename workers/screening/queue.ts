import { routeQueues } from '../../shared/queues'
import { webhookConsumer } from '../../shared/webhooks/deliver'
import type { Bindings, Deps } from './env'

/** The queue name as declared in wrangler.toml's [env.screening] consumers. */
export const WEBHOOK_QUEUE_NAME = 'screening-webhooks'

/** The worker's `queue` handler: webhook deliveries, with the same fetcher and clock as the app. */
export function createQueueHandler(deps: Deps) {
  return routeQueues<Bindings>({ [WEBHOOK_QUEUE_NAME]: webhookConsumer(deps) })
}
