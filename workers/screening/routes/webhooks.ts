import { apiKeyAuth } from '../../../shared/auth'
import { KEY_SERVICES } from '../../../shared/keys'
import { rateLimit } from '../../../shared/rate-limit/middleware'
import { keyOwnedWebhookContext, webhookRoutes } from '../../../shared/webhooks/routes'
import type { AppEnv } from '../env'
import { SCREENING_EVENTS } from '../domain/events'
import { partnerIdOf } from '../partner'
import { policy } from '../policy'

/**
 * /api/v1/webhooks for partner keys (x-api-key, always required here, whatever
 * REQUIRE_API_KEY says: an endpoint must belong to a key). 60 calls a minute per key.
 */
export const screeningWebhookRoutes = webhookRoutes<AppEnv>({
  policy,
  middleware: [
    apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES.screening.prefix, from: 'x-api-key', required: true }),
    rateLimit<AppEnv>({ scope: 'webhooks', limit: 60, windowSeconds: 60, key: (c) => c.var.apiKey!.id, markers: (c) => c.env.CACHE }),
  ],
  events: SCREENING_EVENTS,
  security: [{ partnerKey: [] }],
  // Endpoints belong to the partner, not to the key that registered them (issue 34 §4).
  context: (c) => ({ ...keyOwnedWebhookContext(c), owner: partnerIdOf(c.var.apiKey!) }),
})
