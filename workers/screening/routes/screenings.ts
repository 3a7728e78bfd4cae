import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { anonymousLimit, partnerKey, partnerOf } from '../partner'
import { policy } from '../policy'
import { RevokeLinkRequest, RevokeLinkResponse, ScreeningError, ScreeningParams, StoredScreening, TokenQuery } from '../schemas'
import { readScreening, revokeLink } from '../use-cases/read-screening'

const getRoute = createRoute({
  method: 'get',
  path: '/api/screenings/{screeningId}',
  summary: 'Read one stored screening (owner only).',
  description:
    'The screening as saved. Only for the partner key that owns its property, or the holder of the signed link ' +
    'e-mailed to the landlord (`?token=`). Anyone else gets 404, whether the screening exists or not.',
  middleware: [partnerKey, anonymousLimit('read', 60, 60)] as const,
  request: { params: ScreeningParams, query: TokenQuery },
  responses: {
    200: { description: 'The stored screening.', headers: rateLimitHeaders, content: { 'application/json': { schema: StoredScreening } } },
    ...errorResponses(
      {
        401: 'UNAUTHORIZED or LINK_INVALID.',
        404: 'SCREENING_NOT_FOUND: no screening of yours has this id.',
        410: 'LINK_EXPIRED or LINK_REVOKED.',
        422: 'VALIDATION_ERROR: screeningId is not a UUID.',
        429: 'RATE_LIMITED.',
      },
      ScreeningError
    ),
  },
})

const revokeRoute = createRoute({
  method: 'post',
  path: '/api/links/revoke',
  summary: 'Revoke a capability link.',
  description: 'Whoever holds a link can end it at once (for example after forwarding it by mistake). Revoking twice is fine.',
  middleware: [partnerKey, anonymousLimit('revoke', 30, 60), body({ maxBytes: 1024, accept: ['application/json'], policy })] as const,
  request: { body: { content: { 'application/json': { schema: RevokeLinkRequest } }, required: true } },
  responses: {
    200: { description: 'The link no longer opens anything.', content: { 'application/json': { schema: RevokeLinkResponse } } },
    ...errorResponses(
      {
        400: 'INVALID_JSON.',
        401: 'LINK_INVALID: not a link this service issued.',
        410: 'LINK_EXPIRED: it no longer works anyway.',
        422: 'VALIDATION_ERROR.',
        429: 'RATE_LIMITED.',
      },
      ScreeningError
    ),
  },
})

export const screeningReadRoutes = createRouter<AppEnv>(policy)
  .openapi(getRoute, async (c) => {
    const { screening, property } = await readScreening(portsOf(c), {
      partnerId: partnerOf(c),
      token: c.req.valid('query').token,
      screeningId: c.req.valid('param').screeningId,
    })
    return c.json(
      {
        ok: true as const,
        screeningId: screening.id,
        propertyId: property.external_id,
        version: screening.version,
        applicantEmail: screening.applicantEmail,
        screenedAt: screening.createdAt,
        result: screening.result,
      },
      200
    )
  })
  .openapi(revokeRoute, async (c) => {
    await revokeLink(portsOf(c), { partnerId: partnerOf(c), token: c.req.valid('json').token })
    return c.json({ ok: true as const, revoked: true as const }, 200)
  })
