import type { Bindings } from '../env'
import { newCapabilityId, signToken, type CapabilityKind } from './links'
import * as store from '../store'

const DEFAULT_TTL_DAYS = 30

export function linkTtlDays(env: Pick<Bindings, 'LINK_TTL_DAYS'>): number {
  const n = Number(env.LINK_TTL_DAYS)
  return Number.isInteger(n) && n >= 1 && n <= 365 ? n : DEFAULT_TTL_DAYS
}

/** Stores a capability and returns its signed token. Needs LINK_SIGNING_SECRET. */
export async function issueLink(
  ctx: { env: Pick<Bindings, 'DB' | 'LINK_SIGNING_SECRET'>; now: Date },
  c: { kind: CapabilityKind; subjectId: string; recipient: string; days: number }
): Promise<{ token: string; expiresAt: string; id: string }> {
  const secret = ctx.env.LINK_SIGNING_SECRET
  if (!secret) throw new Error('LINK_SIGNING_SECRET is not configured')
  const cap = await store.createCapability(ctx.env.DB, {
    id: newCapabilityId(),
    kind: c.kind,
    subjectId: c.subjectId,
    recipient: c.recipient,
    now: ctx.now,
    expiresAt: new Date(ctx.now.getTime() + c.days * 86_400_000),
  })
  return { token: await signToken(secret, cap), expiresAt: cap.expires_at, id: cap.id }
}
