import { z } from '@hono/zod-openapi'
import { MAX_URL_LENGTH } from './target'

export function createEndpointRequest(events: readonly [string, ...string[]]) {
  return z
    .object({
      url: z.string().trim().min(1).max(MAX_URL_LENGTH).openapi({
        description: 'https URL of your receiver (public address; redirects are not followed).',
        example: 'https://hooks.example.com/sds',
      }),
      events: z
        .array(z.enum(events as [string, ...string[]]))
        .min(1)
        .max(events.length)
        .refine((list) => new Set(list).size === list.length, 'events must not repeat')
        .openapi({ description: `Event types to receive: ${events.join(', ')}.`, example: [...events] }),
    })
    .strict()
    .openapi('WebhookEndpointCreate')
}

export const Endpoint = z
  .object({
    id: z.string().openapi({ example: 'we_3f2a…' }),
    url: z.string(),
    events: z.array(z.string()),
    status: z.enum(['active', 'disabled']),
    created_at: z.string(),
    disabled_at: z.string().nullable(),
    disabled_reason: z.string().nullable(),
  })
  .openapi('WebhookEndpoint')

export const CreatedEndpoint = Endpoint.extend({
  secret: z.string().openapi({
    description: 'Signing secret, `whsec_` + base64 of 32 random bytes. Shown only in this response: store it now.',
    example: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
  }),
}).openapi('WebhookEndpointCreated')

export const Delivery = z
  .object({
    id: z.string(),
    event_id: z.string().openapi({ description: 'The Webhook-Id header: the same for every attempt and redelivery of one event.' }),
    event_type: z.string(),
    status: z.enum(['pending', 'retrying', 'delivered', 'failed']),
    attempts: z.number().int(),
    last_response_code: z.number().int().nullable(),
    last_error: z.string().nullable(),
    created_at: z.string(),
    last_attempt_at: z.string().nullable(),
    next_attempt_at: z.string().nullable(),
    delivered_at: z.string().nullable(),
  })
  .openapi('WebhookDelivery')

export const Notice = z
  .object({ id: z.string(), endpoint_id: z.string(), kind: z.string(), message: z.string(), created_at: z.string() })
  .openapi('WebhookNotice')

export const EndpointParams = z.object({
  id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'id', in: 'path' }, example: 'we_3f2a…' }),
})
export const DeliveryParams = EndpointParams.extend({
  delivery_id: z
    .string()
    .max(64)
    .openapi({ param: { name: 'delivery_id', in: 'path' } }),
})
