import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { body } from '../../../shared/body'
import { anonymousLimit, partnerKey, partnerOf } from '../partner'
import { policy } from '../policy'
import { PropertyListing, PropertyListingResponse, PropertyParams, RankingResponse, ScreeningError, TokenQuery } from '../schemas'
import { putListing, rankApplicants } from '../use-cases/properties'

const route = createRoute({
  method: 'get',
  path: '/api/properties/{propertyId}/applicants',
  summary: "Rank a property's applicants (owner only).",
  description:
    'Every screening saved for the property, highest vetScore first; equal scores in the order they were ' +
    'screened. Only for the owner: the partner key that created the property (x-api-key), or, for a property ' +
    'created without a key, the signed link e-mailed to its landlord (`?token=`). A propertyId alone grants ' +
    'nothing: without either the answer is 404, whether the property exists or not.',
  middleware: [partnerKey, anonymousLimit('ranking', 60, 60)] as const,
  request: { params: PropertyParams, query: TokenQuery },
  responses: {
    200: {
      description: 'The ranked applicants.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: RankingResponse } },
    },
    ...errorResponses(
      {
        401: 'UNAUTHORIZED (REQUIRE_API_KEY is on and x-api-key is missing, unknown or revoked) or LINK_INVALID.',
        404: 'PROPERTY_NOT_FOUND: no property of yours has this id.',
        410: 'LINK_EXPIRED or LINK_REVOKED.',
        422: 'VALIDATION_ERROR: propertyId is not a UUID.',
        429: 'RATE_LIMITED.',
      },
      ScreeningError
    ),
  },
})

const listingRoute = createRoute({
  method: 'put',
  path: '/api/properties/{propertyId}',
  summary: "Create or update a partner's listing: the property and the monthly rent its embed scores.",
  description:
    'The hosted embed (/embed/screening) takes the property and the rent from here, never from the link the ' +
    'applicant opens (unless the partner signs the link, see docs/screening.md). A new propertyId creates the ' +
    'property in your own namespace; an existing one keeps its address as first described and gets the new rent.',
  security: [{ partnerKey: [] }],
  middleware: [partnerKey, body({ maxBytes: 4 * 1024, accept: ['application/json'], policy })] as const,
  request: {
    params: PropertyParams,
    body: { content: { 'application/json': { schema: PropertyListing } }, required: true },
  },
  responses: {
    200: { description: 'The listing now.', content: { 'application/json': { schema: PropertyListingResponse } } },
    ...errorResponses(
      { 401: 'UNAUTHORIZED: a partner key is required.', 415: 'UNSUPPORTED_MEDIA_TYPE.', 422: 'VALIDATION_ERROR.' },
      ScreeningError
    ),
  },
})

export const propertyRoutes = createRouter<AppEnv>(policy)
  .openapi(listingRoute, async (c) => {
    const listing = c.req.valid('json')
    const { property, created } = await putListing(portsOf(c), {
      partnerId: partnerOf(c),
      propertyId: c.req.valid('param').propertyId,
      listing,
    })
    return c.json(
      {
        ok: true as const,
        propertyId: property.external_id,
        created,
        address: property.address,
        city: property.city,
        state: property.state,
        postalCode: property.postal_code,
        monthlyRent: property.monthly_rent ?? listing.monthlyRent,
      },
      200
    )
  })
  .openapi(route, async (c) => {
    const { property, ranked } = await rankApplicants(portsOf(c), {
      partnerId: partnerOf(c),
      token: c.req.valid('query').token,
      propertyId: c.req.valid('param').propertyId,
    })
    return c.json(
      {
        ok: true as const,
        propertyId: property.external_id,
        count: ranked.length,
        applicants: ranked.map((s, i) => ({
          rank: i + 1,
          screeningId: s.id,
          applicantEmail: s.applicantEmail,
          screenedAt: s.createdAt,
          result: s.result,
        })),
      },
      200
    )
  })
