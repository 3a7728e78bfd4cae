import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { ApiError } from '../../../shared/errors'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { anonymousLimit, partnerKey } from '../partner'
import { policy } from '../policy'
import { PropertyParams, RankingResponse, ScreeningError } from '../schemas'
import * as store from '../store'

const route = createRoute({
  method: 'get',
  path: '/api/properties/{propertyId}/applicants',
  summary: "Rank a property's applicants.",
  description:
    'Every screening saved for the property, highest vetScore first; equal scores in the order they were ' +
    'screened. A property created with a partner key is visible only with that key.',
  middleware: [partnerKey, anonymousLimit('ranking', 60, 60)] as const,
  request: { params: PropertyParams },
  responses: {
    200: {
      description: 'The ranked applicants.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: RankingResponse } },
    },
    ...errorResponses(
      {
        401: 'UNAUTHORIZED: REQUIRE_API_KEY is on and x-api-key is missing, unknown or revoked.',
        404: 'PROPERTY_NOT_FOUND.',
        422: 'VALIDATION_ERROR: propertyId is not a UUID.',
        429: 'RATE_LIMITED.',
      },
      ScreeningError
    ),
  },
})

export function propertyRoutes() {
  return createRouter<AppEnv>(policy).openapi(route, async (c) => {
    const { propertyId } = c.req.valid('param')
    const property = await store.getProperty(c.env.DB, propertyId)
    const scope = c.var.apiKey?.id ?? ''
    if (!property || (property.partner_scope !== '' && property.partner_scope !== scope)) {
      throw new ApiError(404, 'PROPERTY_NOT_FOUND', 'No property has this propertyId. It is returned by POST /api/free-screening.')
    }
    const ranked = await store.rankApplicants(c.env.DB, property.id)
    return c.json(
      {
        ok: true as const,
        propertyId: property.id,
        count: ranked.length,
        applicants: ranked.map((s, i) => ({ rank: i + 1, applicantEmail: s.applicantEmail, screenedAt: s.createdAt, result: s.result })),
      },
      200
    )
  })
}
