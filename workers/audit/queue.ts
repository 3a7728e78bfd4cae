import { routeQueues } from '../../shared/queues'
import { webhookConsumer } from '../../shared/webhooks/deliver'
import type { RunTicket } from './domain/monitor/runner'
import { RETRY_DELAY_SECONDS, RUN_CONCURRENCY } from './domain/monitor/schedule'
import { auditPorts, type Bindings, type Deps } from './env'
import { runTicket } from './use-cases/monitor-runs'

/** Queue names as declared in wrangler.toml's [env.audit] consumers. */
export const WEBHOOK_QUEUE_NAME = 'audit-webhooks'
export const MONITOR_QUEUE_NAME = 'audit-monitor-runs'

/**
 * The monitor queue's consumer: each ticket through the runTicket use case, RUN_CONCURRENCY at
 * a time; a void ticket is acknowledged, a run that fails on our side is retried later.
 */
async function consumeTickets(batch: MessageBatch<RunTicket>, env: Bindings, deps: Deps): Promise<void> {
  const ports = auditPorts(env, deps, (work) => void work.catch((err) => console.error('monitor run: deferred work failed', err)))
  const queue = [...batch.messages]
  const worker = async () => {
    for (let message = queue.shift(); message; message = queue.shift()) {
      try {
        await runTicket(ports, message.body)
        message.ack()
      } catch (err) {
        console.error('monitor run', message.body?.monitor_id, err instanceof Error ? err.message : err)
        message.retry({ delaySeconds: RETRY_DELAY_SECONDS })
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(RUN_CONCURRENCY, queue.length) }, worker))
}

/** The worker's `queue` handler: monitor run tickets, and signed webhook deliveries of monitor alerts. */
export function createQueueHandler(deps: Deps) {
  return routeQueues<Bindings>({
    [MONITOR_QUEUE_NAME]: (batch, env) => consumeTickets(batch as MessageBatch<RunTicket>, env, deps),
    [WEBHOOK_QUEUE_NAME]: webhookConsumer(deps),
  })
}
