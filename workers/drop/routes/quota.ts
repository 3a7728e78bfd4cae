import type { Context, MiddlewareHandler } from 'hono'
import { ApiError } from '../../../shared/errors'
import { consume, type Reservation } from '../../../shared/rate-limit/consume'
import { clientIp } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'
import { EDIT_LIMITS, HOUR, PUBLISH_LIMITS } from '../domain/quota/limits'

export const FREE_PER_HOUR = PUBLISH_LIMITS.free
export const PRO_PER_HOUR = PUBLISH_LIMITS.pro

/** One hourly limit a request counts against; `says` ends the 429's sentence. */
export type Slot = { scope: string; key: string; limit: number; says: string }

export type Held = { release: () => Promise<void> }

/** The publish slot: the Pro key's, or the client's (IPv4, or the IPv6 /64). */
export function publishSlot(c: Context<AppEnv>): Slot {
  const key = c.var.apiKey
  if (key) {
    return {
      scope: 'publish',
      key: `key:${key.key_hash}`,
      limit: PUBLISH_LIMITS.pro,
      says: `${PUBLISH_LIMITS.pro.toLocaleString('en')} publishes per hour per Pro key`,
    }
  }
  return {
    scope: 'publish',
    key: `ip:${clientIp(c)}`,
    limit: PUBLISH_LIMITS.free,
    says: `${PUBLISH_LIMITS.free} publishes per hour from one address`,
  }
}

/** An edit counts against its drop and against whoever sends it (Pro account, or client address). */
export function editSlots(c: Context<AppEnv>, slug: string, proAccount: string | null): Slot[] {
  const client: Slot = proAccount
    ? {
        scope: 'edit',
        key: `account:${proAccount}`,
        limit: EDIT_LIMITS.perProAccount,
        says: `${EDIT_LIMITS.perProAccount.toLocaleString('en')} edits per hour per Pro account`,
      }
    : {
        scope: 'edit',
        key: `ip:${clientIp(c)}`,
        limit: EDIT_LIMITS.perClient,
        says: `${EDIT_LIMITS.perClient} edits per hour from one address`,
      }
  return [{ scope: 'edit-drop', key: slug, limit: EDIT_LIMITS.perDrop, says: `${EDIT_LIMITS.perDrop} edits per hour of one drop` }, client]
}

/**
 * Takes one slot of each limit before any body is read, or none: when one limit refuses, the
 * slots already taken go back and the 429 names that limit. The first slot's count goes in
 * the RateLimit-* headers.
 */
export async function reserve(c: Context<AppEnv>, slots: Slot[]): Promise<Held> {
  const now = c.var.deps.now().getTime()
  const taken: Reservation[] = []
  const releaseAll = async () => {
    await Promise.all(taken.map((r) => r.release()))
  }
  for (const slot of slots) {
    const r = await consume(c.env.RATE_LIMITER, { scope: slot.scope, key: slot.key, limit: slot.limit, windowSeconds: HOUR, now })
    if (!r.allowed) {
      await releaseAll()
      throw limited(slot, r.resetSeconds)
    }
    taken.push(r)
  }
  const first = taken[0]
  if (first) {
    c.header('RateLimit-Limit', String(first.limit))
    c.header('RateLimit-Remaining', String(first.remaining))
    c.header('RateLimit-Reset', String(first.resetSeconds))
  }
  return { release: releaseAll }
}

/** A client's refusal (4xx) does not use up a slot; a 429 here is the limiter's own and took none. */
export const isRefusal = (status: number) => status >= 400 && status < 500

/** As middleware: the slots are taken before the next handlers read the body, and given back if they answer a 4xx. */
export function limitedBy(slots: (c: Context<AppEnv>) => Slot[]): MiddlewareHandler<AppEnv> {
  return async function reserveSlots(c, next) {
    const held = await reserve(c, slots(c))
    await next()
    // Hono turns an error thrown after this point into c.res, so the status is the answer's.
    if (isRefusal(c.res.status)) await held.release()
  }
}

function limited(slot: Slot, resetSeconds: number): ApiError {
  const seconds = Math.max(1, resetSeconds)
  const minutes = Math.ceil(seconds / 60)
  return new ApiError(
    429,
    'RATE_LIMITED',
    `Rate limit exceeded: ${slot.says}. Retry in ${minutes} minute${minutes > 1 ? 's' : ''} (${seconds} seconds).`,
    { retry_after_seconds: seconds },
    {
      'Retry-After': String(seconds),
      'RateLimit-Limit': String(slot.limit),
      'RateLimit-Remaining': '0',
      'RateLimit-Reset': String(seconds),
    }
  )
}
