import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { anonymousLimit, partnerKey, partnerOf } from '../partner'
import { policy } from '../policy'
import { ScreeningError, ScreeningParams, TokenQuery } from '../schemas'
import { decide, individualizedAssessment, secondStepOf } from '../use-cases/fair-chance'

const text = (max: number) => z.string().trim().min(1, { error: 'must not be empty' }).max(max)

const AssessmentBody = z
  .object({
    factors: z.record(z.string().max(60), text(2000)).openapi({
      description: 'One answer per factor id of the rule (criminalScreening.assessmentFactors), at most 2,000 characters each.',
    }),
    recordsRelied: z
      .array(z.number().int().min(0).max(49))
      .max(50)
      .default([])
      .openapi({ description: 'Indexes into criminalScreening.records of the records weighed; only records with mayConsider: true.' }),
    conclusion: z.enum(['offer_stands', 'withdraw_offer']),
    explanation: text(5000).openapi({ description: 'Why, in words the applicant will read.' }),
  })
  .openapi('IndividualizedAssessment')

const DecisionBody = z
  .object({
    action: z.enum(['approved', 'approved_with_conditions', 'denied']),
    conditions: z
      .object({
        cosigner: z.boolean().optional(),
        deposit: z.number().int().min(1).max(1_000_000).optional().openapi({ description: 'The deposit asked for, whole USD.' }),
        rent: z.number().int().min(1).max(1_000_000).optional().openapi({ description: 'The monthly rent asked for, whole USD.' }),
      })
      .strict()
      .optional(),
  })
  .openapi('ScreeningDecision')

const ownerErrors = (extra: Record<number, string>) =>
  errorResponses(
    {
      401: 'UNAUTHORIZED or LINK_INVALID.',
      404: 'SCREENING_NOT_FOUND.',
      410: 'LINK_EXPIRED or LINK_REVOKED.',
      413: 'PAYLOAD_TOO_LARGE: over 32 KiB.',
      415: 'UNSUPPORTED_MEDIA_TYPE.',
      429: 'RATE_LIMITED.',
      ...extra,
    },
    ScreeningError
  )

const json = { maxBytes: 32 * 1024, accept: ['application/json'], policy }

const assessmentRoute = createRoute({
  method: 'post',
  path: '/api/screenings/{screeningId}/individualized-assessment',
  summary: "Record the landlord's individualized assessment of the criminal records (owner only).",
  description:
    'Required before a conditional offer is withdrawn (or its terms changed) because of criminal records. Every factor the ' +
    "property's rule lists must be addressed; only records marked mayConsider may be relied on; and not before the applicant " +
    'answered the notice or the deadline to answer passed. Recorded once, in the audit trail.',
  middleware: [partnerKey, anonymousLimit('assess', 30, 60), body(json)] as const,
  request: {
    params: ScreeningParams,
    query: TokenQuery,
    body: { content: { 'application/json': { schema: AssessmentBody } }, required: true },
  },
  responses: {
    201: {
      description: 'Recorded.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: z.object({ ok: z.literal(true), screeningId: z.string(), assessedAt: z.string() }) } },
    },
    ...ownerErrors({
      409: 'CRIMINAL_CHECK_NOT_RECEIVED, CRIMINAL_HISTORY_NOT_PERMITTED, RESPONSE_WINDOW_OPEN (with respondBy) or ASSESSMENT_ALREADY_RECORDED.',
      422: 'VALIDATION_ERROR, ASSESSMENT_INCOMPLETE or RECORD_NOT_CONSIDERABLE, with issues.',
    }),
  },
})

const decisionRoute = createRoute({
  method: 'post',
  path: '/api/screenings/{screeningId}/decision',
  summary: 'Record what the landlord decided: approved, approved with conditions (co-signer, deposit, rent) or denied (owner only).',
  description:
    'Recorded once, in the audit trail. After a conditional offer whose separate criminal request found records, a denial or ' +
    'new conditions withdraw the offer: refused (409 ASSESSMENT_REQUIRED) until an individualized assessment is recorded, and ' +
    '(409 CONTRADICTS_ASSESSMENT) when the assessment concluded the offer stands.',
  middleware: [partnerKey, anonymousLimit('decide', 30, 60), body(json)] as const,
  request: {
    params: ScreeningParams,
    query: TokenQuery,
    body: { content: { 'application/json': { schema: DecisionBody } }, required: true },
  },
  responses: {
    201: {
      description: 'Recorded.',
      headers: rateLimitHeaders,
      content: {
        'application/json': {
          schema: z.object({
            ok: z.literal(true),
            screeningId: z.string(),
            action: z.string(),
            decidedAt: z.string(),
            criminalHistoryAssessed: z.boolean(),
          }),
        },
      },
    },
    ...ownerErrors({
      409: 'ASSESSMENT_REQUIRED, CONTRADICTS_ASSESSMENT, CRIMINAL_CHECK_IN_PROGRESS or DECISION_ALREADY_RECORDED.',
      422: 'VALIDATION_ERROR or INVALID_CONDITIONS.',
    }),
  },
})

const stateRoute = createRoute({
  method: 'get',
  path: '/api/screenings/{screeningId}/fair-chance',
  summary: "The second step so far: the criminal check, the applicant's notice and answers, the assessment and the decision (owner only).",
  middleware: [partnerKey, anonymousLimit('fair-chance', 60, 60)] as const,
  request: { params: ScreeningParams, query: TokenQuery },
  responses: {
    200: {
      description: 'The state.',
      headers: rateLimitHeaders,
      content: {
        'application/json': {
          schema: z
            .object({
              ok: z.literal(true),
              screeningId: z.string(),
              conditionalOfferAt: z.string().nullable(),
              criminalCheck: z
                .object({ status: z.string(), requestedAt: z.string(), receivedAt: z.string().nullable(), notice: z.unknown().nullable() })
                .nullable(),
              applicantResponses: z.array(z.object({ id: z.string(), submittedAt: z.string(), response: z.unknown() })),
              assessment: z.object({ assessedAt: z.string(), actor: z.string(), assessment: z.unknown() }).nullable(),
              decision: z.object({ decidedAt: z.string(), actor: z.string(), action: z.string(), decision: z.unknown() }).nullable(),
            })
            .openapi('FairChanceState'),
        },
      },
    },
    ...ownerErrors({ 422: 'VALIDATION_ERROR.' }),
  },
})

export const fairChanceRoutes = createRouter<AppEnv>(policy)
  .openapi(assessmentRoute, async (c) => {
    const { screeningId } = c.req.valid('param')
    const done = await individualizedAssessment(portsOf(c), {
      partnerId: partnerOf(c),
      token: c.req.valid('query').token,
      screeningId,
      assessment: c.req.valid('json'),
    })
    return c.json({ ok: true as const, screeningId, assessedAt: done.assessedAt }, 201)
  })
  .openapi(decisionRoute, async (c) => {
    const { screeningId } = c.req.valid('param')
    const input = c.req.valid('json')
    const done = await decide(portsOf(c), { partnerId: partnerOf(c), token: c.req.valid('query').token, screeningId, decision: input })
    return c.json({ ok: true as const, screeningId, action: input.action, ...done }, 201)
  })
  .openapi(stateRoute, async (c) => {
    const { screeningId } = c.req.valid('param')
    const state = await secondStepOf(portsOf(c), { partnerId: partnerOf(c), token: c.req.valid('query').token, screeningId })
    return c.json({ ok: true as const, screeningId, ...state }, 200)
  })
