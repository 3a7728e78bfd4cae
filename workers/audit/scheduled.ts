import { deliverAlertMail } from './domain/monitor/outbox'
import { auditPorts, type Bindings, type Deps } from './env'
import { dispatchDueMonitors } from './use-cases/monitor-runs'

/**
 * The worker's `scheduled` handler, every minute: enqueues the run tickets of the monitors due
 * (a bounded batch) and delivers the alert e-mail outbox.
 */
export function createScheduledHandler(deps: Deps) {
  return async function scheduled(_controller: ScheduledController, env: Bindings, ctx: ExecutionContext): Promise<void> {
    const ports = auditPorts(env, deps, (work) => ctx.waitUntil(work))
    const now = ports.now()
    ctx.waitUntil(dispatchDueMonitors(ports).then((r) => console.log(`monitors: ${r.enqueued} enqueued of ${r.due} due`)))
    ctx.waitUntil(
      deliverAlertMail({ db: ports.db, settings: env, fetcher: ports.fetcher, now }).then((r) =>
        console.log(
          r.unsent_reason ? `alert mail: ${r.unsent_reason}` : `alert mail: ${r.sent} sent, ${r.retried} to retry, ${r.dead} dead`
        )
      )
    )
  }
}
