import type { Context } from 'hono'

/**
 * The worker's clock for platform middleware: its `deps.now` (set by provideDeps, so tests
 * drive time), or the system clock on an app that provides no deps.
 */
export function clockOf(c: Context): Date {
  const deps = (c.var as { deps?: { now?: () => Date } }).deps
  return deps?.now ? deps.now() : new Date()
}
