import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { errorResponses } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { partnerKey, partnerOf } from '../partner'
import { policy } from '../policy'
import { ScreeningError } from '../schemas'
import { rotateEmbedSigningSecret } from '../use-cases/partner'

const SigningSecret = z
  .object({
    ok: z.literal(true),
    embedId: z.string().openapi({ description: 'The public id of your embed (partner= in the link).' }),
    signingSecret: z.string().openapi({ description: 'Shown once. HMAC-SHA256 key for signed embed links.' }),
    generation: z.number().int().openapi({ description: 'Each call issues the next generation and retires the previous secret.' }),
    maxLinkTtlSeconds: z.number().int(),
  })
  .openapi('EmbedSigningSecret')

const route = createRoute({
  method: 'post',
  path: '/api/partner/embed/signing-secret',
  summary: 'Issue (or rotate) the secret your server signs embed links with; it is shown once.',
  description:
    'A signed link fixes partner, property and monthly rent: sig = base64url(HMAC-SHA256(secret, ' +
    '"<embedId>|<propertyId>|<rent>|<exp>")), exp in Unix seconds, at most maxLinkTtlSeconds ahead. The secret is not ' +
    'stored: it is derived from a worker secret and the generation, so this call is the only place to read it.',
  security: [{ partnerKey: [] }],
  middleware: [partnerKey] as const,
  responses: {
    200: { description: 'The new secret.', content: { 'application/json': { schema: SigningSecret } } },
    ...errorResponses(
      {
        401: 'UNAUTHORIZED: a partner key is required.',
        404: 'EMBED_NOT_CONFIGURED: the operator has not configured your embed yet.',
        503: 'NOT_CONFIGURED: LINK_SIGNING_SECRET missing.',
      },
      ScreeningError
    ),
  },
})

export const partnerEmbedRoutes = createRouter<AppEnv>(policy).openapi(route, async (c) => {
  return c.json({ ok: true as const, ...(await rotateEmbedSigningSecret(portsOf(c), partnerOf(c))) }, 200)
})
