import { DomainError } from '../../../../shared/errors'
import type { HttpFetcher } from '../../../../shared/http-fetcher'

export const UPGRADE_PRICE_CENTS = 500

/**
 * Creates a Stripe Checkout Session for making one drop permanent, through Stripe's REST API
 * (https://docs.stripe.com/api/checkout/sessions/create). The slug and source travel in the
 * session's metadata and come back in the `checkout.session.completed` webhook.
 */
export async function createStripeCheckout(input: {
  fetcher: HttpFetcher
  now: Date
  secretKey: string
  baseUrl: string
  slug: string
  source: string
}): Promise<string> {
  const form = new URLSearchParams({
    mode: 'payment',
    'line_items[0][quantity]': '1',
    'line_items[0][price_data][currency]': 'usd',
    'line_items[0][price_data][unit_amount]': String(UPGRADE_PRICE_CENTS),
    'line_items[0][price_data][product_data][name]': `Permanent drop ${input.slug}`,
    client_reference_id: input.slug,
    'metadata[slug]': input.slug,
    'metadata[source]': input.source,
    success_url: `${input.baseUrl}/v/${input.slug}?upgraded=1`,
    cancel_url: `${input.baseUrl}/v/${input.slug}`,
  })
  let res: Response
  try {
    res = await input.fetcher('https://api.stripe.com/v1/checkout/sessions', {
      method: 'POST',
      headers: {
        authorization: `Bearer ${input.secretKey}`,
        'content-type': 'application/x-www-form-urlencoded',
        'idempotency-key': `drop-upgrade-${input.slug}-${input.source}-${Math.floor(input.now.getTime() / 60_000)}`,
      },
      body: form,
    })
  } catch {
    throw new DomainError('CHECKOUT_UNAVAILABLE', 'The payment provider could not be reached; please retry in a minute.')
  }
  const session = (await res.json().catch(() => null)) as { url?: string } | null
  if (!res.ok || !session?.url) {
    throw new DomainError('CHECKOUT_UNAVAILABLE', 'The payment provider refused to create a checkout; please retry later.')
  }
  return session.url
}

/** The event a completed payment produces, as Stripe sends it (only the fields we read). */
export function checkoutCompletedEvent(slug: string, source: string, nowSeconds: number) {
  return {
    id: `evt_dev_${slug}_${nowSeconds}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: nowSeconds,
    livemode: false,
    data: {
      object: {
        id: `cs_dev_${slug}`,
        object: 'checkout.session',
        mode: 'payment',
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: slug,
        metadata: { slug, source },
      },
    },
  }
}

/** The drop a webhook event asks to upgrade, or null for events we do not act on. */
export function slugToUpgrade(event: unknown): string | null {
  const e = event as {
    type?: string
    data?: { object?: { payment_status?: string; metadata?: { slug?: string }; client_reference_id?: string } }
  }
  if (e?.type !== 'checkout.session.completed' && e?.type !== 'checkout.session.async_payment_succeeded') return null
  const session = e.data?.object
  if (!session || (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required')) return null
  const slug = session.metadata?.slug ?? session.client_reference_id
  return typeof slug === 'string' && /^[0-9A-Za-z]{8}$/.test(slug) ? slug : null
}
