import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { MAX_APPLICANT_RESPONSES } from '../domain/fair-chance/workflow'
import { type AppEnv, portsOf } from '../env'
import { anonymousLimit } from '../partner'
import { policy } from '../policy'
import { ScreeningError } from '../schemas'
import { answerApplicantNotice, openApplicantNotice } from '../use-cases/applicant-response'

const ApplicantToken = z.object({
  token: z
    .string()
    .max(200)
    .openapi({ param: { name: 'token', in: 'query' }, description: 'The token of the link in the notice e-mail.' }),
})

const ResponseBody = z
  .object({
    statement: z.string().trim().min(1, { error: 'must not be empty' }).max(5000),
    evidence: z
      .array(
        z.object({
          kind: z.enum(['inaccurate_record', 'rehabilitation', 'mitigating_information', 'other']),
          description: z.string().trim().min(1, { error: 'must not be empty' }).max(2000),
        })
      )
      .max(20)
      .default([]),
  })
  .openapi('ApplicantResponse')

const errors = (extra: Record<number, string>) =>
  errorResponses(
    { 401: 'LINK_INVALID.', 404: 'NOTICE_NOT_FOUND.', 410: 'LINK_EXPIRED or LINK_REVOKED.', 429: 'RATE_LIMITED.', ...extra },
    ScreeningError
  )

const noticeRoute = createRoute({
  method: 'get',
  path: '/api/fair-chance/notice',
  summary: "The applicant's notice of criminal-history records (the signed link in the notice e-mail).",
  middleware: [anonymousLimit('fc-notice', 60, 60)] as const,
  request: { query: ApplicantToken },
  responses: {
    200: {
      description: 'The notice as sent, and how to answer.',
      headers: rateLimitHeaders,
      content: {
        'application/json': {
          schema: z.object({
            ok: z.literal(true),
            screeningId: z.string(),
            notice: z.unknown(),
            windowOpen: z.boolean(),
            answersSent: z.number().int(),
            answersLeft: z.number().int(),
            howToAnswer: z.string(),
          }),
        },
      },
    },
    ...errors({ 422: 'VALIDATION_ERROR.' }),
  },
})

const responseRoute = createRoute({
  method: 'post',
  path: '/api/fair-chance/response',
  summary: 'The applicant answers the notice: a record is wrong, or evidence of rehabilitation or mitigating information.',
  description: `Through the signed link of the notice only. At most ${MAX_APPLICANT_RESPONSES} answers per application; refused once the landlord recorded a decision. Shown to the landlord (GET /api/screenings/{id}/fair-chance) and recorded in the audit trail.`,
  middleware: [anonymousLimit('fc-response', 10, 60), body({ maxBytes: 32 * 1024, accept: ['application/json'], policy })] as const,
  request: { query: ApplicantToken, body: { content: { 'application/json': { schema: ResponseBody } }, required: true } },
  responses: {
    201: {
      description: 'Received.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: z.object({ ok: z.literal(true), responseId: z.string(), submittedAt: z.string() }) } },
    },
    ...errors({
      409: 'CRIMINAL_CHECK_NOT_RECEIVED, RESPONSE_WINDOW_CLOSED (a decision was recorded) or RESPONSE_LIMIT_REACHED.',
      413: 'PAYLOAD_TOO_LARGE.',
      415: 'UNSUPPORTED_MEDIA_TYPE.',
      422: 'VALIDATION_ERROR.',
    }),
  },
})

/** The screening an applicant link opens, or the same 404 for anything else. */
export const applicantResponseRoutes = createRouter<AppEnv>(policy)
  .openapi(noticeRoute, async (c) => {
    const opened = await openApplicantNotice(portsOf(c), c.req.valid('query').token)
    return c.json(
      {
        ok: true as const,
        screeningId: opened.screeningId,
        notice: opened.notice,
        windowOpen: opened.windowOpen,
        answersSent: opened.answersSent,
        answersLeft: opened.answersLeft,
        howToAnswer:
          'POST this same URL path /api/fair-chance/response?token=… with JSON { "statement": "…", "evidence": [{ "kind": "inaccurate_record" | "rehabilitation" | "mitigating_information" | "other", "description": "…" }] }.',
      },
      200
    )
  })
  .openapi(responseRoute, async (c) => {
    const saved = await answerApplicantNotice(portsOf(c), { token: c.req.valid('query').token, response: c.req.valid('json') })
    return c.json({ ok: true as const, responseId: saved.id, submittedAt: saved.submittedAt }, 201)
  })
