import { consume } from '../../../shared/rate-limit/consume'
import { blockedMarkerKey } from '../../../shared/rate-limit/middleware'
import type { AuditPorts } from '../env'
import { CHECK_LIMIT, CHECK_LIMIT_SHARDS, CHECK_SCOPE, CHECK_WINDOW_SECONDS } from '../limits'

// KV rejects an expirationTtl under 60 s.
const KV_MIN_TTL = 60

export type SlotDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number; message: string }

/**
 * One slot of the API's per-client check limit, for the view page when it starts a new check
 * (a cached report costs nothing): the same counter as `GET /api/v1/check` (same scope, shards
 * and limiter objects as checkLimitOptions), through the limiter's function form. A client the
 * limiter refused is answered from the KV "blocked" marker until it lapses, as the
 * middleware does, and a refusal writes that marker.
 */
export async function takeCheckSlot(ports: Pick<AuditPorts, 'kv' | 'limiters' | 'now' | 'defer'>, client: string): Promise<SlotDecision> {
  const now = ports.now().getTime()
  const marker = blockedMarkerKey(`${CHECK_SCOPE}:${client}`)
  const until = Number(await ports.kv.get(marker))
  if (until > now) return refused(Math.ceil((until - now) / 1000))
  const slot = await consume(ports.limiters, {
    scope: CHECK_SCOPE,
    key: client,
    limit: CHECK_LIMIT,
    windowSeconds: CHECK_WINDOW_SECONDS,
    now,
    shards: CHECK_LIMIT_SHARDS,
  })
  if (slot.allowed) return { allowed: true }
  const seconds = Math.max(1, slot.resetSeconds)
  ports.defer(ports.kv.put(marker, String(now + seconds * 1000), { expirationTtl: Math.max(KV_MIN_TTL, seconds) }))
  return refused(seconds)
}

function refused(retryAfterSeconds: number): SlotDecision {
  const seconds = Math.max(1, retryAfterSeconds)
  return {
    allowed: false,
    retryAfterSeconds: seconds,
    message: `Rate limit exceeded: ${CHECK_LIMIT} requests allowed per window. Retry in ${seconds} seconds.`,
  }
}
