import type { Context } from 'hono'
import { sdsPorts, type AppEnv, type SdsPorts } from '../env'

/** The use cases' ports for this request: the worker's bindings and deps, nothing of the Context. */
export function portsOf(c: Context<AppEnv>): SdsPorts {
  return sdsPorts(c.env, c.var.deps)
}
