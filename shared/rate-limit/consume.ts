import type { RateDecision, RateLimiter } from './limiter'
import { shardOf } from './middleware'

export type SlotRequest = {
  /** Names the limit inside the service, e.g. `publish`; with `key`, the same scope the middleware uses. */
  scope: string
  /** Who is being limited: a key hash, a client, a record. */
  key: string
  limit: number
  windowSeconds: number
  /** The caller's clock in unix ms (a worker's `deps.now`), so tests drive time. */
  now: number
  /** As in `rateLimit({ shards })`: the same number puts the scope in the same object. */
  shards?: number
}

/** The limiter's decision; when allowed, a slot is held until the window passes or `release()` gives it back. */
export type Reservation = RateDecision & { release: () => Promise<void> }

/**
 * The function form of `rateLimit`: takes one slot of `key`'s limit before any work, so the
 * work can be refused before it starts, and gives it back with `release()` when the request
 * is refused later for another reason (a 4xx the slot should not count). Exact under
 * concurrency: one Durable Object decides each scope's slots in turn.
 */
export async function consume(limiters: DurableObjectNamespace<RateLimiter>, request: SlotRequest): Promise<Reservation> {
  const scope = `${request.scope}:${request.key}`
  const windowMs = request.windowSeconds * 1000
  const stub = request.shards ? limiters.getByName(`${request.scope}#${shardOf(scope, request.shards)}`) : limiters.getByName(scope)
  const inObject = request.shards ? scope : ''
  const decision = await stub.hit(request.now, request.limit, windowMs, inObject)
  let held = decision.allowed
  return {
    allowed: decision.allowed,
    limit: decision.limit,
    remaining: decision.remaining,
    resetSeconds: decision.resetSeconds,
    release: async () => {
      // Once only: a second release must not free a slot some other request holds.
      if (!held) return
      held = false
      await stub.release(request.now, inObject)
    },
  }
}
