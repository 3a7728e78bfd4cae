import { KEY_SERVICES } from '../../../shared/keys'
import { apiKeyAuth } from '../../../shared/auth'
import { keyOwnedWebhookContext, webhookRoutes } from '../../../shared/webhooks/routes'
import { SDS_EVENTS } from '../domain/bulk/events'
import type { AppEnv } from '../env'
import { SDS_POLICY } from '../policy'
import { apiRateLimit } from './limits'

/** /api/v1/webhooks for sds keys: the shared webhook API behind this service's key and rate limit. */
export const sdsWebhookRoutes = webhookRoutes<AppEnv>({
  policy: SDS_POLICY,
  middleware: [apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES.sds.prefix, from: 'bearer', required: true }), apiRateLimit],
  events: SDS_EVENTS,
  security: [{ bearer: [] }],
  context: keyOwnedWebhookContext,
})
