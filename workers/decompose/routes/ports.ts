import type { Context } from 'hono'
import { type AppEnv, type DecomposePorts, decomposePorts } from '../env'

/** The use cases' ports for this request: the worker's bindings and deps, nothing of the Context. */
export function portsOf(c: Context<AppEnv>): DecomposePorts {
  return decomposePorts(c.env, c.var.deps)
}
