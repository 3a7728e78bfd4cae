import type { Context } from 'hono'

/**
 * Runs work after the response when the runtime gives us an ExecutionContext (always, in a
 * deployed worker); awaits it otherwise (an app driven by `app.request` in a unit test).
 */
export async function defer(c: Context, work: Promise<unknown>): Promise<void> {
  let ctx: { waitUntil(work: Promise<unknown>): void } | undefined
  try {
    ctx = c.executionCtx
  } catch {
    ctx = undefined
  }
  if (ctx) ctx.waitUntil(work)
  else await work
}
