import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { anonymousLimit, partnerKey, partnerOf } from '../partner'
import { policy } from '../policy'
import { ScreeningError, ScreeningRequest, ScreeningResponse, type VetScoreResult } from '../schemas'
import type { ScreenOutcome } from '../domain/screening/screen'
import { screen } from '../use-cases/screen-applicant'

const route = createRoute({
  method: 'post',
  path: '/api/free-screening',
  summary: 'Screen a rental applicant and return a VetScore.',
  description:
    'Scores the applicant 0–100 with the documented VetScore model (docs/vetscore.md). Every property has one ' +
    'owner: the partner key (x-api-key) or, without a key, the landlord e-mail. A propertyId names a property ' +
    "inside the caller's own namespace only; without one, the owner's property at the same USPS-normalised " +
    'address is reused, or a new one is assigned. The same applicantEmail (case-insensitive) on the same property ' +
    'is a repeat: the owning partner key gets existingRequest: true with the saved result and nothing is created; ' +
    'anyone else gets the answer of a first screen (existingRequest: false, a fresh result, nothing stored). The result e-mail goes to the landlord address only, with a signed link ' +
    'for properties created without a key. Requests without a partner key are limited to 30 per minute per IP.',
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
        413: 'PAYLOAD_TOO_LARGE: over 16 KiB.',
        415: 'UNSUPPORTED_MEDIA_TYPE: send application/json.',
        422: 'VALIDATION_ERROR with issues, one per bad field.',
        429: 'RATE_LIMITED.',
        502: 'PROVIDER_UNAVAILABLE: the configured screening provider failed; nothing was saved.',
        503: 'PROVIDER_NOT_CONFIGURED: no provider and no SCREENING_MODE=mock; NOT_CONFIGURED: LINK_SIGNING_SECRET missing.',
        504: 'PROVIDER_TIMEOUT: the configured screening provider did not answer in time; nothing was saved.',
      },
      ScreeningError
    ),
  },
})

export const screeningRoutes = createRouter<AppEnv>(policy).openapi(route, async (c) => {
  const outcome = await screen(portsOf(c), {
    partnerId: partnerOf(c),
    keyId: c.var.apiKey?.id ?? null,
    callerIsOwner: Boolean(c.var.apiKey),
    request: c.req.valid('json'),
  })
  return c.json(
    {
      ok: true as const,
      existingRequest: outcome.existingRequest,
      screeningId: outcome.screeningId,
      propertyId: outcome.propertyId,
      message: messageOf(outcome),
      result: outcome.result,
    },
    200
  )
})

function messageOf(outcome: ScreenOutcome): string {
  if (outcome.existingRequest) {
    const when = outcome.screenedAt.slice(0, 10)
    return outcome.result
      ? `This applicant was already screened for this property on ${when}; this is the saved result${simulated(outcome.result)}.`
      : `This applicant was already screened for this property on ${when}. The saved result is only available through the link e-mailed to the landlord.`
  }
  const r = outcome.result
  const head = r.verificationStatus === 'mock' ? 'Simulated screening (mock provider, not a consumer report): simulated ' : 'Screened: '
  return `${head}VetScore ${r.vetScore} (${r.tierLabel}). ${outcome.delivery}`
}

function simulated(result: VetScoreResult): string {
  return result.verificationStatus === 'mock' ? ' (simulated)' : ''
}
