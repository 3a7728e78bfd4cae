import { type Bindings, type Deps, decomposePorts } from './env'
import { expirePlans } from './use-cases/expire-plans'

/** The daily cron trigger of [env.decompose] in wrangler.toml: plan retention (issue 30 §4). */
export function createScheduledHandler(deps: Deps) {
  return async (_controller: ScheduledController, env: Bindings, _ctx?: ExecutionContext): Promise<void> => {
    const deleted = await expirePlans(decomposePorts(env, deps))
    console.log(`decompose: retention deleted ${deleted} expired plans`)
  }
}
