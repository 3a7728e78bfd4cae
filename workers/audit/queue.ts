import { routeQueues } from '../../shared/queues'
import { webhookConsumer } from '../../shared/webhooks/deliver'
import type { AuditDeps } from './domain/audit'
import { runTickets, type RunTicket } from './domain/monitor/runner'
import type { Bindings } from './env'

/** Queue names as declared in wrangler.toml's [env.audit] consumers. */
export const WEBHOOK_QUEUE_NAME = 'audit-webhooks'
export const MONITOR_QUEUE_NAME = 'audit-monitor-runs'

/** The worker's `queue` handler: monitor run tickets, and signed webhook deliveries of monitor alerts. */
export function createQueueHandler(deps: AuditDeps) {
  return routeQueues<Bindings>({
    [MONITOR_QUEUE_NAME]: async (batch, env) => {
      await runTickets(env, deps, batch as MessageBatch<RunTicket>)
    },
    [WEBHOOK_QUEUE_NAME]: webhookConsumer(deps),
  })
}
