import { DomainError } from '../../../../shared/errors'
import { slugToUpgrade } from './checkout'
import { verifyStripeSignature } from './signature'

/**
 * The one path by which a payment makes a drop permanent: the Stripe webhook route and the
 * local test checkout both come through here with a signed payload.
 */
export async function processStripeWebhook(input: {
  secret: string | undefined
  payload: string
  signature: string | undefined
  now: Date
  /** Makes the drop permanent (use-cases/upgrade.ts): idempotent, 'missing' when it is gone. */
  makePermanent: (slug: string) => Promise<'upgraded' | 'already-permanent' | 'missing'>
}): Promise<{ upgraded: boolean }> {
  if (!input.secret) {
    throw new DomainError('WEBHOOK_NOT_CONFIGURED', 'Payments are not configured on this server (STRIPE_WEBHOOK_SECRET is not set).')
  }
  const check = await verifyStripeSignature(input.payload, input.signature, input.secret, Math.floor(input.now.getTime() / 1000))
  if (!check.ok) throw new DomainError('INVALID_SIGNATURE', check.reason)
  let event: unknown
  try {
    event = JSON.parse(input.payload)
  } catch {
    throw new DomainError('INVALID_JSON', 'The webhook payload is not JSON.')
  }
  const slug = slugToUpgrade(event)
  if (!slug) return { upgraded: false }
  const result = await input.makePermanent(slug)
  if (result === 'missing') console.warn(`paid upgrade for ${slug}, but the drop is gone`)
  // A replayed event finds the drop already permanent: nothing changes, the answer is the same.
  return { upgraded: result !== 'missing' }
}
