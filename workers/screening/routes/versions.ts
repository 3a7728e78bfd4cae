import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { anonymousLimit, partnerKey, partnerOf } from '../partner'
import { policy } from '../policy'
import { ScreeningError, ScreeningParams, StoredScreening, TokenQuery, VetScoreResult } from '../schemas'
import { rescoreScreening, versionsOf } from '../use-cases/versions'

const money = (max: number) =>
  z
    .number({ error: 'must be a number of US dollars per month' })
    .int({ error: 'must be a whole number of dollars', abort: true })
    .min(0, { error: 'must be at least 0', abort: true })
    .max(max, { error: `must be at most ${max}`, abort: true })
    .optional()

const RescoreRequest = z
  .object({
    reason: z.enum(['income_corrected', 'dispute_resolved', 'other'], {
      error: 'must be one of income_corrected, dispute_resolved, other',
    }),
    monthlyIncome: money(100_000_000).refine((v) => v === undefined || v >= 1000, {
      error: 'must be at least 1000 (income minimum, USD per month)',
    }),
    monthlyRent: money(1_000_000).refine((v) => v === undefined || v >= 300, {
      error: 'must be at least 300 (rent minimum, USD per month)',
    }),
    voucherAmount: money(1_000_000),
    refreshReport: z.boolean({ error: 'must be true or false' }).default(false).openapi({
      description: "Fetch the provider's report again first (after a dispute the agency corrected).",
    }),
  })
  .openapi('RescoreRequest')

const rescoreRoute = createRoute({
  method: 'post',
  path: '/api/screenings/{screeningId}/rescore',
  summary: 'Score a screening again (owner only): corrected income or rent, or after a dispute.',
  description:
    "A new version of the result from the stored report (or the provider's current one with refreshReport) and the " +
    'corrected inputs, under the current rules. The previous result stays readable at /versions.',
  middleware: [partnerKey, anonymousLimit('rescore', 10, 60), body({ maxBytes: 2048, accept: ['application/json'], policy })] as const,
  request: {
    params: ScreeningParams,
    query: TokenQuery,
    body: { content: { 'application/json': { schema: RescoreRequest } }, required: true },
  },
  responses: {
    200: {
      description: 'The new current version.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: StoredScreening } },
    },
    ...errorResponses(
      {
        400: 'INVALID_JSON.',
        401: 'UNAUTHORIZED or LINK_INVALID.',
        404: 'SCREENING_NOT_FOUND.',
        409: 'NOT_RESCORABLE (saved before rescoring existed) or RESCORE_CONFLICT (changed meanwhile).',
        410: 'LINK_EXPIRED or LINK_REVOKED.',
        422: 'VALIDATION_ERROR.',
        429: 'RATE_LIMITED.',
        502: 'PROVIDER_UNAVAILABLE (refreshReport).',
        504: 'PROVIDER_TIMEOUT (refreshReport).',
      },
      ScreeningError
    ),
  },
})

const versionsRoute = createRoute({
  method: 'get',
  path: '/api/screenings/{screeningId}/versions',
  summary: 'Earlier results of a screening (owner only).',
  middleware: [partnerKey, anonymousLimit('versions', 60, 60)] as const,
  request: { params: ScreeningParams, query: TokenQuery },
  responses: {
    200: {
      description: 'The current version number and every earlier result, oldest first.',
      content: {
        'application/json': {
          schema: z
            .object({
              ok: z.literal(true),
              screeningId: z.string(),
              currentVersion: z.number().int(),
              versions: z.array(
                z.object({ version: z.number().int(), result: VetScoreResult, replacedBecause: z.string(), replacedAt: z.string() })
              ),
            })
            .openapi('ScreeningVersions'),
        },
      },
    },
    ...errorResponses(
      {
        401: 'UNAUTHORIZED or LINK_INVALID.',
        404: 'SCREENING_NOT_FOUND.',
        410: 'LINK_EXPIRED or LINK_REVOKED.',
        422: 'VALIDATION_ERROR.',
        429: 'RATE_LIMITED.',
      },
      ScreeningError
    ),
  },
})

export const versionRoutes = createRouter<AppEnv>(policy)
  .openapi(rescoreRoute, async (c) => {
    const { updated, property } = await rescoreScreening(portsOf(c), {
      partnerId: partnerOf(c),
      token: c.req.valid('query').token,
      screeningId: c.req.valid('param').screeningId,
      change: c.req.valid('json'),
    })
    return c.json(
      {
        ok: true as const,
        screeningId: updated.id,
        propertyId: property.external_id,
        version: updated.version,
        applicantEmail: updated.applicantEmail,
        screenedAt: updated.createdAt,
        result: updated.result,
      },
      200
    )
  })
  .openapi(versionsRoute, async (c) => {
    const { screening, versions } = await versionsOf(portsOf(c), {
      partnerId: partnerOf(c),
      token: c.req.valid('query').token,
      screeningId: c.req.valid('param').screeningId,
    })
    return c.json({ ok: true as const, screeningId: screening.id, currentVersion: screening.version, versions }, 200)
  })
