import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { defaultErrorPolicy } from '../../../shared/errors'
import { errorResponses } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { makeDropPermanent } from '../use-cases/upgrade'
import { WebhookAck } from '../schemas'
import { processStripeWebhook } from '../domain/upgrade/webhook'

const route = createRoute({
  method: 'post',
  path: '/api/webhooks/stripe',
  summary: 'Stripe webhook: a completed checkout makes its drop permanent',
  description:
    'Verifies `Stripe-Signature` (HMAC-SHA256 over `t.payload`, 5-minute tolerance, any of several v1 values). ' +
    '`checkout.session.completed` with `metadata.slug` upgrades that drop; replays change nothing.',
  middleware: [body({ maxBytes: 64 * 1024, accept: ['application/json'], policy: defaultErrorPolicy })] as const,
  request: {
    headers: z.object({ 'stripe-signature': z.string().optional() }),
    body: { required: true, content: { 'application/json': { schema: z.record(z.string(), z.unknown()) } } },
  },
  responses: {
    200: { description: 'Received.', content: { 'application/json': { schema: WebhookAck } } },
    ...errorResponses({ 400: 'INVALID_SIGNATURE or INVALID_JSON.', 503: 'WEBHOOK_NOT_CONFIGURED.' }),
  },
})

export const webhookRoutes = createRouter<AppEnv>().openapi(route, async (c) => {
  const result = await processStripeWebhook({
    secret: c.env.STRIPE_WEBHOOK_SECRET,
    payload: await c.req.text(),
    signature: c.req.header('stripe-signature'),
    now: c.var.deps.now(),
    makePermanent: (slug) => makeDropPermanent(portsOf(c), slug),
  })
  return c.json({ received: true as const, upgraded: result.upgraded }, 200)
})
