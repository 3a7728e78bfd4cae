import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { ApiError } from '../../../shared/errors'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { addressKey, tidy } from '../address/normalize'
import type { Deps } from '../app'
import type { AppEnv } from '../env'
import { resultMail } from '../mail/result-mail'
import { selectTransport } from '../mail/transport'
import { anonymousLimit, partnerKey } from '../partner'
import { policy } from '../policy'
import { selectProvider } from '../provider/select'
import { ProviderError } from '../provider/types'
import { ScreeningError, ScreeningRequest, ScreeningResponse } from '../schemas'
import { buildResult } from '../screening/result'
import { SCORING_VERSION, scoreApplicant } from '../scoring/vetscore'
import * as store from '../store'

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
    const input = c.req.valid('json')
    const db = c.env.DB
    const now = deps.now()
    const key = c.var.apiKey
    const scope = key?.id ?? ''

    const place = {
      address: tidy(input.propertyAddress),
      city: tidy(input.propertyCity),
      state: input.propertyState,
      postalCode: input.propertyPostalCode,
    }
    const propertyInput = { partnerScope: scope, ownerEmail: input.email, ...place, addressKey: addressKey(place), now }
    const property = input.propertyId
      ? await store.ensureProperty(db, input.propertyId, propertyInput)
      : await store.matchOrCreateProperty(db, propertyInput)
    if (property.partner_scope !== '' && property.partner_scope !== scope) {
      throw new ApiError(
        403,
        'PROPERTY_FORBIDDEN',
        'This propertyId belongs to another partner key. Use one of your own, or omit propertyId to have one assigned.'
      )
    }

    const earlier = await store.findScreening(db, property.id, input.applicantEmail)
    if (earlier) return c.json(repeat(earlier), 200)

    const provider = selectProvider(c.env, deps.fetcher, userAgent(c.env.BASE_URL))
    let report
    try {
      report = await provider.screen({
        applicant: {
          name: input.applicantName || '',
          email: input.applicantEmail,
          dateOfBirth: input.applicantDob,
          address: {
            line1: tidy(input.applicantAddress),
            city: tidy(input.applicantCity),
            state: input.applicantState,
            postalCode: input.applicantPostalCode,
          },
        },
        property: { address: { line1: place.address, city: place.city, state: place.state, postalCode: place.postalCode }, monthlyRent: input.monthlyRent },
      })
    } catch (err) {
      if (!(err instanceof ProviderError)) throw err
      const timeout = err.reason === 'timeout'
      throw new ApiError(
        timeout ? 504 : 502,
        timeout ? 'PROVIDER_TIMEOUT' : 'PROVIDER_UNAVAILABLE',
        `${err.message} No screening was saved; retry in a few minutes.`
      )
    }

    const score = scoreApplicant({
      monthlyRent: input.monthlyRent,
      monthlyIncome: input.monthlyIncome,
      reportStatus: report.reportStatus,
      credit: report.credit,
      eviction: report.eviction,
      criminal: report.criminal,
      providerScore: report.providerScore,
    })
    const result = buildResult({ propertyId: property.id, applicantName: input.applicantName, report, score })
    const { saved, created } = await store.saveScreening(db, {
      propertyId: property.id,
      applicantEmail: input.applicantEmail,
      landlordEmail: input.email,
      result,
      scoringVersion: SCORING_VERSION,
      partnerKeyId: key?.id ?? null,
      now,
    })
    // A parallel duplicate got there first: its result stands, and nothing else is created.
    if (!created) return c.json(repeat(saved), 200)

    await store.touchLandlordLead(db, input.email, now)
    const mail = resultMail({
      to: input.email,
      result,
      propertyAddress: `${place.address}, ${place.city}, ${place.state} ${place.postalCode}`,
      rankingUrl: `${c.env.BASE_URL}/api/properties/${property.id}/applicants`,
    })
    const delivery = await deliver(db, selectTransport(c.env, deps.fetcher), mail, saved.id, now)

    return c.json(
      {
        ok: true as const,
        existingRequest: false,
        message: `Screened ${result.applicantName}: VetScore ${result.vetScore} (${result.tierLabel}). ${delivery}`,
        result,
      },
      200
    )
  })
}

function repeat(saved: store.SavedScreening) {
  return {
    ok: true as const,
    existingRequest: true,
    message: `${saved.result.applicantName} was already screened for this property on ${saved.createdAt.slice(0, 10)}; this is the saved result.`,
    result: saved.result,
  }
}

/** Sends the result e-mail if a transport is configured; every message is kept in the outbox. */
async function deliver(
  db: D1Database,
  transport: ReturnType<typeof selectTransport>,
  mail: ReturnType<typeof resultMail>,
  screeningId: string,
  now: Date
): Promise<string> {
  const entry = { screeningId, to: mail.to, subject: mail.subject, text: mail.text, now }
  if (!transport) {
    await store.recordMail(db, { ...entry, transport: 'outbox', status: 'queued', error: null })
    return `The result e-mail to ${mail.to} is queued in the outbox (no e-mail transport is configured).`
  }
  try {
    await transport.send(mail)
    await store.recordMail(db, { ...entry, transport: transport.name, status: 'sent', error: null })
    return `The result was e-mailed to ${mail.to}.`
  } catch (err) {
    // The screening stands even when the e-mail does not go out; the outbox keeps the failure.
    console.error('result e-mail failed', err)
    await store.recordMail(db, { ...entry, transport: transport.name, status: 'failed', error: String(err).slice(0, 500) })
    return `The result e-mail to ${mail.to} could not be sent; it is kept in the outbox.`
  }
}

export function userAgent(baseUrl: string): string {
  return `VetScoreBot/1.0 (+${baseUrl}/docs)`
}
