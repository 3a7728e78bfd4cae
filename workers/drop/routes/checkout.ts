import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { ApiError } from '../../../shared/errors'
import { sendPage } from '../../../shared/html'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { clientIp, rateLimit } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'
import { devCheckoutPage, upgradePage } from '../pages/view'
import { portsOf } from '../env'
import { makeDropPermanent } from '../use-cases/upgrade'
import { CheckoutLink, CheckoutQuery, Slug } from '../schemas'
import { checkoutCompletedEvent, createStripeCheckout, UPGRADE_PRICE_CENTS } from '../domain/upgrade/checkout'
import { signStripePayload } from '../domain/upgrade/signature'
import { processStripeWebhook } from '../domain/upgrade/webhook'
import { DROP_PAGE_POLICY, findDrop, isMissing, missing } from './view'

/** Checkout URL for making a live free drop permanent: Stripe, or the local test checkout. */
async function checkoutUrl(c: Context<AppEnv>, slug: string, source: string): Promise<string> {
  const drop = await findDrop(c, slug)
  if (isMissing(drop)) throw new ApiError(404, 'DROP_NOT_FOUND', `No live drop has the slug "${slug}"; it may have expired.`)
  if (drop.expires_at === null) throw new ApiError(409, 'ALREADY_PERMANENT', 'This drop is already permanent.')
  if (c.env.STRIPE_SECRET_KEY) {
    return createStripeCheckout({
      fetcher: c.var.deps.fetcher,
      now: c.var.deps.now(),
      secretKey: c.env.STRIPE_SECRET_KEY,
      baseUrl: c.env.BASE_URL,
      slug,
      source,
    })
  }
  if (c.env.DEV_CHECKOUT === 'true') {
    return `${c.env.BASE_URL}/dev/checkout/${slug}?source=${encodeURIComponent(source)}`
  }
  throw new ApiError(503, 'CHECKOUT_UNAVAILABLE', 'Upgrades are not available on this server right now.')
}

// Each link opens a Stripe Checkout session (a call to Stripe's API), so a client may ask for
// 30 an hour: plenty for a person, little for a script.
const checkoutLimit = rateLimit<AppEnv>({
  scope: 'checkout',
  limit: 30,
  windowSeconds: 3600,
  key: clientIp,
  markers: (c) => c.env.DROPS,
  now: (c) => c.var.deps.now(),
})

const linkRoute = createRoute({
  method: 'get',
  path: '/api/checkout-link',
  summary: 'Get a checkout link that makes a drop permanent (30 an hour per client)',
  middleware: [checkoutLimit] as const,
  request: { query: CheckoutQuery },
  responses: {
    200: {
      description: 'Checkout URL for the drop.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: CheckoutLink } },
    },
    ...errorResponses({
      429: 'RATE_LIMITED: more than 30 checkout links an hour from this client.',
      400: 'INVALID_QUERY: `slug` missing or malformed, or `source` malformed.',
      404: 'DROP_NOT_FOUND: unknown or expired slug.',
      409: 'ALREADY_PERMANENT.',
      502: 'CHECKOUT_UNAVAILABLE: the payment provider failed.',
      503: 'CHECKOUT_UNAVAILABLE: payments are not configured.',
    }),
  },
})

const devEnabled = (c: Context<AppEnv>) => c.env.DEV_CHECKOUT === 'true' && !c.env.STRIPE_SECRET_KEY
const devSource = z
  .string()
  .regex(/^[a-z0-9_-]{1,32}$/i)
  .catch('page')

export const checkoutRoutes = createRouter<AppEnv>()
  .openapi(linkRoute, async (c) => {
    const { slug, source } = c.req.valid('query')
    return c.json({ url: await checkoutUrl(c, slug, source ?? 'api'), slug }, 200)
  })
  // The "keep it forever" page linked from a drop's footer.
  .get('/v/:slug/upgrade', async (c) => {
    const drop = await findDrop(c, c.req.param('slug'))
    // The slug goes into a Location header only once it is known to be a real one.
    if (isMissing(drop)) return missing(c, drop)
    if (drop.expires_at === null) return c.redirect(`${c.env.BASE_URL}/v/${drop.slug}`, 303)
    return sendPage(c, upgradePage(drop, UPGRADE_PRICE_CENTS), 200, {
      ...DROP_PAGE_POLICY,
      formAction: "'self' https://checkout.stripe.com",
    })
  })
  .post('/v/:slug/upgrade', checkoutLimit, async (c) => c.redirect(await checkoutUrl(c, c.req.param('slug'), 'page'), 303))
  // Local development only (DEV_CHECKOUT=true, no Stripe key): a stand-in for Stripe's page.
  .get('/dev/checkout/:slug', async (c) => {
    if (!devEnabled(c)) throw new ApiError(404, 'NOT_FOUND', 'There is no test checkout on this server.')
    const drop = await findDrop(c, c.req.param('slug'))
    if (isMissing(drop)) throw new ApiError(404, 'DROP_NOT_FOUND', 'No live drop has that slug.')
    return sendPage(c, devCheckoutPage(drop.slug, devSource.parse(c.req.query('source')), UPGRADE_PRICE_CENTS), 200, {
      ...DROP_PAGE_POLICY,
      formAction: "'self'",
    })
  })
  .post('/dev/checkout/:slug', async (c) => {
    if (!devEnabled(c)) throw new ApiError(404, 'NOT_FOUND', 'There is no test checkout on this server.')
    const slug = c.req.param('slug')
    if (!Slug.safeParse(slug).success) throw new ApiError(404, 'DROP_NOT_FOUND', 'No live drop has that slug.')
    const form = await c.req.parseBody().catch(() => ({}) as Record<string, unknown>)
    const now = c.var.deps.now()
    const nowSeconds = Math.floor(now.getTime() / 1000)
    // Signed like Stripe signs it, then through the webhook's own verification and upgrade.
    const payload = JSON.stringify(checkoutCompletedEvent(slug, devSource.parse(form.source), nowSeconds))
    const secret = c.env.STRIPE_WEBHOOK_SECRET
    const signature = secret ? await signStripePayload(payload, secret, nowSeconds) : undefined
    await processStripeWebhook({ secret, payload, signature, now, makePermanent: (s) => makeDropPermanent(portsOf(c), s) })
    return c.redirect(`${c.env.BASE_URL}/v/${slug}?upgraded=1`, 303)
  })
