import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import type { Deps } from '../app'
import type { AppEnv } from '../env'
import { anonymousLimit, partnerKey } from '../partner'
import { policy } from '../policy'
import { ScreeningError, ScreeningRequest, ScreeningResponse } from '../schemas'
import { screenApplicant } from '../screening/screen'
import { userAgent } from '../user-agent'

const route = createRoute({
  method: 'post',
  path: '/api/free-screening',
  summary: 'Screen a rental applicant and return a VetScore.',
  description:
    'Scores the applicant 0–100 with the documented VetScore model (docs/vetscore.md). The same applicantEmail ' +
    '(case-insensitive) on the same propertyId returns the saved result with existingRequest: true and creates ' +
    'nothing. Without propertyId the landlord\'s property at the same normalised address is reused, or a new ' +
    'one is assigned. Requests without a partner key are limited to 30 per minute per IP.',
  middleware: [partnerKey, anonymousLimit('screen', 30, 60), body({ maxBytes: 16 * 1024, accept: ['application/json'], policy })] as const,
  request: { body: { content: { 'application/json': { schema: ScreeningRequest } }, required: true } },
  responses: {
    200: {
      description: 'The VetScore result, new or saved.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: ScreeningResponse } },
    },
    ...errorResponses(
      {
        400: 'INVALID_JSON: the body is not JSON.',
        401: 'UNAUTHORIZED: REQUIRE_API_KEY is on and x-api-key is missing, unknown or revoked.',
        403: 'PROPERTY_FORBIDDEN: the propertyId belongs to another partner key.',
        413: 'PAYLOAD_TOO_LARGE: over 16 KiB.',
        415: 'UNSUPPORTED_MEDIA_TYPE: send application/json.',
        422: 'VALIDATION_ERROR with issues, one per bad field.',
        429: 'RATE_LIMITED.',
        502: 'PROVIDER_UNAVAILABLE: the configured screening provider failed; nothing was saved.',
        504: 'PROVIDER_TIMEOUT: the configured screening provider did not answer in time; nothing was saved.',
      },
      ScreeningError
    ),
  },
})

export function screeningRoutes(deps: Deps) {
  return createRouter<AppEnv>(policy).openapi(route, async (c) => {
    const outcome = await screenApplicant(
      {
        env: c.env,
        fetcher: deps.fetcher,
        now: deps.now(),
        partnerKeyId: c.var.apiKey?.id ?? null,
        userAgent: userAgent(c.env.BASE_URL),
      },
      c.req.valid('json')
    )
    const { result } = outcome
    const message = outcome.existingRequest
      ? `${result.applicantName} was already screened for this property on ${outcome.screenedAt.slice(0, 10)}; this is the saved result.`
      : `Screened ${result.applicantName}: VetScore ${result.vetScore} (${result.tierLabel}). ${outcome.delivery}`
    return c.json({ ok: true as const, existingRequest: outcome.existingRequest, message, result }, 200)
  })
}
