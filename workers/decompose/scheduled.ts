import type { Bindings, Deps } from './env'
import { deleteExpiredPlans } from './store'

/**
 * The cron trigger of [env.decompose] in wrangler.toml: once a day, delete the plans whose
 * retention ran out (90 days after the last check-in unless the partner set less; issue 30 §4)
 * with their check-ins. Each pass deletes a bounded batch; a backlog takes a few more passes.
 * The log says how many, never what.
 */
const PASSES = 20

export function createScheduledHandler(deps: Deps) {
  return async (_controller: ScheduledController, env: Bindings, _ctx?: ExecutionContext): Promise<void> => {
    let deleted = 0
    for (let pass = 0; pass < PASSES; pass++) {
      const n = await deleteExpiredPlans(env.DB, deps.now())
      deleted += n
      if (n === 0) break
    }
    console.log(`decompose: retention deleted ${deleted} expired plans`)
  }
}
