import type { AuditDeps } from './domain/audit'
import { deliverAlertMail } from './domain/monitor/outbox'
import { dispatchDueMonitors } from './domain/monitor/runner'
import type { Bindings } from './env'

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
