import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { actorOf, ownedScreening } from '../domain/access'
import type { AppEnv } from '../env'
import { secondStep } from '../domain/fair-housing/criminal'
import { criminalPolicy } from '../domain/fair-housing/jurisdiction'
import { anonymousLimit, callerOf, partnerKey } from '../partner'
import { policy } from '../policy'
import { CriminalScreening, ScreeningError, ScreeningParams, TokenQuery } from '../schemas'
import type { RiskFlag } from '../domain/scoring/credit'
import * as store from '../store'

const SecondStepResponse = z
  .object({
    ok: z.literal(true),
    screeningId: z.string(),
    conditionalOfferAt: z.string(),
    criminalScreening: CriminalScreening.extend({
      finding: z
        .enum(['clear', 'review', 'hit'])
        .nullable()
        .openapi({ description: "The provider's flag; null where the law forbids its use." }),
      lookbacks: z.array(z.object({ offence: z.string(), years: z.number() })),
      measuredFrom: z.string().nullable(),
      neverConsider: z.array(z.string()),
      individualizedAssessment: z.array(z.string()),
      limits: z.string(),
    }),
  })
  .openapi('CriminalSecondStep')

const route = createRoute({
  method: 'post',
  path: '/api/screenings/{screeningId}/conditional-offer',
  summary: 'Record a conditional offer; then criminal history where the law allows it (owner only).',
  description:
    'The second step of a fair-chance screening. The landlord records that a conditional offer was made on all other ' +
    "criteria; the answer then gives the provider's criminal-history finding with the property's lookbacks, what may never " +
    'be considered, and the individualized-assessment factors HUD names, except where the jurisdiction forbids its use ' +
    '(e.g. Seattle), where the status is `not_permitted` and no finding is ever given. Recorded once; repeating it ' +
    'returns the same answer.',
  middleware: [partnerKey, anonymousLimit('offer', 30, 60)] as const,
  request: { params: ScreeningParams, query: TokenQuery },
  responses: {
    200: { description: 'The second step.', headers: rateLimitHeaders, content: { 'application/json': { schema: SecondStepResponse } } },
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

export const criminalRoutes = createRouter<AppEnv>(policy).openapi(route, async (c) => {
  const { screeningId } = c.req.valid('param')
  const now = c.var.deps.now()
  const { reader, property } = await ownedScreening(callerOf(c), screeningId, c.req.valid('query').token, now, { landlord: true })
  const hidden = (await store.screeningPrivate(c.env.DB, screeningId))!
  const offeredAt = await store.recordConditionalOffer(c.env.DB, screeningId, now)
  const step = secondStep(criminalPolicy(property.city, property.state), (hidden.criminal_finding ?? 'review') as RiskFlag)
  await store.audit(c.env.DB, [screeningId], 'conditional_offer', actorOf(reader), now)
  return c.json({ ok: true as const, screeningId, conditionalOfferAt: offeredAt, criminalScreening: step }, 200)
})
