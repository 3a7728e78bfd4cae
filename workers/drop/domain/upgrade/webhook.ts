import { ApiError } from '../../../../shared/errors'
import { makePermanent, type DropStore, type PageOf } from '../../store'
import { slugToUpgrade } from './checkout'
import { verifyStripeSignature } from './signature'

/**
 * The one path by which a payment makes a drop permanent: the Stripe webhook route and the
 * local test checkout both come through here with a signed payload.
 */
export async function processStripeWebhook(input: {
  store: DropStore
  secret: string | undefined
  payload: string
  signature: string | undefined
  now: Date
  /** Builds the stored page again (its footer says the drop is now permanent). */
  pageOf: PageOf
}): Promise<{ upgraded: boolean }> {
  if (!input.secret) {
    throw new ApiError(503, 'WEBHOOK_NOT_CONFIGURED', 'Payments are not configured on this server (STRIPE_WEBHOOK_SECRET is not set).')
  }
  const check = await verifyStripeSignature(input.payload, input.signature, input.secret, Math.floor(input.now.getTime() / 1000))
  if (!check.ok) throw new ApiError(400, 'INVALID_SIGNATURE', check.reason)
  let event: unknown
  try {
    event = JSON.parse(input.payload)
  } catch {
    throw new ApiError(400, 'INVALID_JSON', 'The webhook payload is not JSON.')
  }
  const slug = slugToUpgrade(event)
  if (!slug) return { upgraded: false }
  const result = await makePermanent(input.store, slug, input.now, input.pageOf)
  if (result === 'missing') console.warn(`paid upgrade for ${slug}, but the drop is gone`)
  // A replayed event finds the drop already permanent: nothing changes, the answer is the same.
  return { upgraded: result !== 'missing' }
}
