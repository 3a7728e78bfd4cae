import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { secondStep } from '../domain/fair-housing/criminal'
import { anonymousLimit, partnerKey, partnerOf } from '../partner'
import { conditionalOffer } from '../use-cases/fair-chance'
import { policy } from '../policy'
import { CriminalScreening, ScreeningError, ScreeningParams, TokenQuery } from '../schemas'

const Record_ = z.object({
  offence: z.string(),
  level: z.enum(['felony', 'misdemeanor', 'violation', 'unknown']),
  disposition: z.string(),
  date: z.string(),
  releasedOn: z.string().nullable(),
  court: z.string().nullable(),
  mayConsider: z
    .boolean()
    .openapi({ description: 'false: the rule bars it (not a conviction, outside the lookback, a violation); never weigh it.' }),
  why: z.string(),
})

export const SecondStepCriminal = CriminalScreening.extend({
  finding: z
    .enum(['clear', 'review', 'hit'])
    .nullable()
    .openapi({ description: "The provider's flag from the separate criminal request; null where the law forbids the check." }),
  lookbacks: z.array(z.object({ offence: z.string(), years: z.number() })),
  measuredFrom: z.string().nullable(),
  neverConsider: z.array(z.string()),
  individualizedAssessment: z.array(z.string()),
  assessmentFactors: z.array(z.object({ id: z.string(), label: z.string(), source: z.string() })),
  records: z.array(Record_),
  applicantNotice: z
    .object({
      sentOn: z.string(),
      respondBy: z
        .string()
        .openapi({ description: 'The last day (YYYY-MM-DD) the applicant may answer; it lasts until noon UTC of the next day.' }),
      response: z.object({ days: z.number().int(), unit: z.enum(['business', 'calendar']), basis: z.string(), confidence: z.string() }),
      delivery: z.string().nullable(),
    })
    .nullable(),
  noRuleFound: z.array(z.object({ id: z.string(), name: z.string(), status: z.string(), sourcesChecked: z.array(z.string()) })),
  limits: z.string(),
}).openapi('CriminalSecondStep')

const SecondStepResponse = z
  .object({ ok: z.literal(true), screeningId: z.string(), conditionalOfferAt: z.string(), criminalScreening: SecondStepCriminal })
  .openapi('CriminalSecondStepResponse')

const route = createRoute({
  method: 'post',
  path: '/api/screenings/{screeningId}/conditional-offer',
  summary: 'Record a conditional offer; then the separate criminal-history request where the law allows it (owner only).',
  description:
    'The second step of a fair-chance screening. The first request to the provider never asks for criminal records. ' +
    "Here the landlord records a conditional offer on all other criteria; then, unless the property's law forbids it " +
    '(Seattle, Oakland, Berkeley, Ann Arbor: `not_permitted`, nothing is ever requested), criminal records are requested ' +
    'on their own, each is marked with whether it may be considered, and the applicant is e-mailed the records, the ' +
    "rule's lookbacks and barred categories, the deadline to answer (business or calendar days, per jurisdiction) and a " +
    'signed link to answer. Recorded once; repeating it returns the same answer.',
  middleware: [partnerKey, anonymousLimit('offer', 30, 60)] as const,
  request: { params: ScreeningParams, query: TokenQuery },
  responses: {
    200: { description: 'The second step.', headers: rateLimitHeaders, content: { 'application/json': { schema: SecondStepResponse } } },
    ...errorResponses(
      {
        401: 'UNAUTHORIZED or LINK_INVALID.',
        404: 'SCREENING_NOT_FOUND.',
        409: 'CRIMINAL_CHECK_IN_PROGRESS: a parallel request is asking the provider; retry.',
        410: 'LINK_EXPIRED or LINK_REVOKED.',
        422: 'VALIDATION_ERROR.',
        429: 'RATE_LIMITED.',
        502: 'PROVIDER_UNAVAILABLE: nothing was stored; retry.',
        504: 'PROVIDER_TIMEOUT: nothing was stored; retry.',
      },
      ScreeningError
    ),
  },
})

export const criminalRoutes = createRouter<AppEnv>(policy).openapi(route, async (c) => {
  const { screeningId } = c.req.valid('param')
  const state = await conditionalOffer(portsOf(c), { partnerId: partnerOf(c), token: c.req.valid('query').token, screeningId })
  return c.json({ ok: true as const, screeningId, conditionalOfferAt: state.conditionalOfferAt, criminalScreening: secondStep(state) }, 200)
})
