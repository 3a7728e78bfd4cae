import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { sendPage } from '../../../shared/html'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { readAdverseActionNotice, sendAdverseActionNotice } from '../use-cases/adverse-action-notice'
import { auditTrailOf, eraseScreening, sendApplicantCopy } from '../use-cases/applicant-data'
import { NOTICE_CSS, noticePage } from '../pages/notice'
import { anonymousLimit, partnerKey, partnerOf } from '../partner'
import { policy } from '../policy'
import { ScreeningError, ScreeningParams, TokenQuery } from '../schemas'

const ownerErrors = (extra: Record<number, string> = {}) =>
  errorResponses(
    {
      401: 'UNAUTHORIZED or LINK_INVALID.',
      404: 'SCREENING_NOT_FOUND: no screening of yours has this id (or it was erased).',
      410: 'LINK_EXPIRED or LINK_REVOKED.',
      422: 'VALIDATION_ERROR.',
      429: 'RATE_LIMITED.',
      ...extra,
    },
    ScreeningError
  )

const NoticeQuery = TokenQuery.extend({
  format: z
    .enum(['json', 'html'], { error: 'must be json or html' })
    .default('json')
    .openapi({ param: { name: 'format', in: 'query' }, description: '`html`: a printable page.' }),
})

const NoticeSchema = z
  .object({
    ok: z.literal(true),
    notice: z.object({
      simulated: z.boolean(),
      screeningId: z.string(),
      date: z.string(),
      applicantName: z.string(),
      propertyAddress: z.string(),
      action: z.string(),
      consumerReportingAgency: z.object({ name: z.string(), address: z.string().nullable(), phone: z.string().nullable() }),
      agencyDidNotDecide: z.string(),
      rightToFreeCopy: z.string(),
      rightToDispute: z.string(),
      creditScore: z.union([
        z.object({
          used: z.literal(true),
          score: z.number().int(),
          range: z.object({ min: z.number().int(), max: z.number().int() }),
          date: z.string(),
          keyFactors: z.array(z.string()),
          inquiriesIsKeyFactor: z.boolean(),
          source: z.string(),
        }),
        z.object({ used: z.literal(false), statement: z.string() }),
      ]),
      reasons: z.array(z.string()).openapi({ description: 'Consumer-report reasons only (credit, eviction records).' }),
      citations: z.array(z.string()),
    }),
    applicationStatement: z
      .object({ reasons: z.array(z.string()), note: z.string() })
      .openapi({ description: 'Reasons from the application itself (income against rent), apart from the FCRA notice.' }),
  })
  .openapi('AdverseActionNotice')

const noticeRoute = createRoute({
  method: 'get',
  path: '/api/screenings/{screeningId}/adverse-action-notice',
  summary: 'The adverse-action notice for this screening (owner only), as JSON or a printable page.',
  description:
    'Every element of FCRA § 615(a): the action, the consumer reporting agency (name, address, toll-free phone from ' +
    'the operator configuration), that it did not make the decision, the rights to a free copy within 60 days and to ' +
    'dispute, and the credit score disclosure of § 609(f) (score, range, date, up to four key factors, inquiries). ' +
    'A simulated (mock) screening gives a notice marked SIMULATED.',
  middleware: [partnerKey, anonymousLimit('notice', 30, 60)] as const,
  request: { params: ScreeningParams, query: NoticeQuery },
  responses: {
    200: {
      description: 'The notice.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: NoticeSchema }, 'text/html': { schema: z.string() } },
    },
    ...ownerErrors({
      409: 'DECISION_REQUIRED (record the decision first) or NO_ADVERSE_ACTION (approved without conditions).',
      503: 'NOT_CONFIGURED: a verified provider without SCREENING_PROVIDER_NAME, _ADDRESS and _PHONE.',
    }),
  },
})

const sendNoticeRoute = createRoute({
  method: 'post',
  path: '/api/screenings/{screeningId}/adverse-action-notice/send',
  summary: 'E-mail the adverse-action notice to the applicant (owner only).',
  description:
    "Queues the notice to the applicant's e-mail through the outbox: the consumer-report part of FCRA § 615(a) (the " +
    "action, the agency's name, address and toll-free phone, the free copy within 60 days, the dispute right, the " +
    '§ 609(f) score disclosure), then the application-based reasons as a separate statement; plain text, no links. ' +
    "Once per decision: a repeated call queues nothing and answers `alreadyQueued: true` with that mail's status. " +
    "A send refused by the recipient's daily cap (`capped`) may be repeated another day. Recorded in the audit trail.",
  middleware: [partnerKey, anonymousLimit('notice-send', 10, 60)] as const,
  request: { params: ScreeningParams, query: TokenQuery },
  responses: {
    202: {
      description: 'Queued, sent, or already queued or sent earlier (`alreadyQueued`).',
      content: {
        'application/json': {
          schema: z
            .object({
              ok: z.literal(true),
              status: z.enum(['queued', 'sent', 'retrying', 'capped', 'dead']),
              alreadyQueued: z.boolean(),
            })
            .openapi('AdverseActionNoticeSent'),
        },
      },
    },
    ...ownerErrors({
      409: 'DECISION_REQUIRED, NO_ADVERSE_ACTION (approved without conditions) or APPLICANT_DATA_ERASED.',
      503: 'NOT_CONFIGURED: a verified provider without SCREENING_PROVIDER_NAME, _ADDRESS and _PHONE.',
    }),
  },
})

const copyRoute = createRoute({
  method: 'post',
  path: '/api/screenings/{screeningId}/applicant-copy',
  summary: 'E-mail the applicant their own result (owner only).',
  description:
    "Queues an e-mail to the applicant's address with a signed link to their result (GET /api/screenings/{id}?token=…), " +
    'which opens that one screening and nothing else. Counts against the per-recipient daily cap.',
  middleware: [partnerKey, anonymousLimit('copy', 10, 60)] as const,
  request: { params: ScreeningParams, query: TokenQuery },
  responses: {
    202: {
      description: 'Queued (or sent).',
      content: {
        'application/json': {
          schema: z.object({ ok: z.literal(true), status: z.enum(['queued', 'sent', 'retrying', 'capped']) }).openapi('ApplicantCopy'),
        },
      },
    },
    ...ownerErrors(),
  },
})

const deleteRoute = createRoute({
  method: 'delete',
  path: '/api/screenings/{screeningId}',
  summary: "Erase a screening's personal data (owner only).",
  description:
    'Applicant and landlord e-mails, the result, the report facts, consent and the criminal finding are erased; links to ' +
    'it are revoked and unsent e-mail about it dropped. The audit trail (who did what, when) stays for the owner.',
  middleware: [partnerKey, anonymousLimit('erase', 30, 60)] as const,
  request: { params: ScreeningParams, query: TokenQuery },
  responses: {
    200: {
      description: 'Erased.',
      content: { 'application/json': { schema: z.object({ ok: z.literal(true), erased: z.literal(true) }).openapi('Erased') } },
    },
    ...ownerErrors(),
  },
})

const auditRoute = createRoute({
  method: 'get',
  path: '/api/screenings/{screeningId}/audit',
  summary: 'Every read and change of this screening (owner only).',
  description: 'Oldest first: created, read, listed (in a ranking), conditional_offer, notice, applicant_copy, erased, purged, rescored.',
  middleware: [partnerKey, anonymousLimit('audit', 60, 60)] as const,
  request: { params: ScreeningParams, query: TokenQuery },
  responses: {
    200: {
      description: 'The trail.',
      content: {
        'application/json': {
          schema: z
            .object({
              ok: z.literal(true),
              screeningId: z.string(),
              entries: z.array(z.object({ action: z.string(), actor: z.string(), at: z.string() })),
            })
            .openapi('AuditTrail'),
        },
      },
    },
    ...ownerErrors(),
  },
})

export const fcraRoutes = createRouter<AppEnv>(policy)
  .openapi(noticeRoute, async (c) => {
    const query = c.req.valid('query')
    const { notice, statement } = await readAdverseActionNotice(portsOf(c), {
      partnerId: partnerOf(c),
      token: query.token,
      screeningId: c.req.valid('param').screeningId,
    })
    if (query.format === 'html') return sendPage(c, noticePage(notice, statement), 200, { css: NOTICE_CSS }) as never
    return c.json({ ok: true as const, notice, applicationStatement: statement }, 200)
  })
  .openapi(sendNoticeRoute, async (c) => {
    const sent = await sendAdverseActionNotice(portsOf(c), {
      partnerId: partnerOf(c),
      token: c.req.valid('query').token,
      screeningId: c.req.valid('param').screeningId,
    })
    return c.json({ ok: true as const, ...sent }, 202)
  })
  .openapi(copyRoute, async (c) => {
    const status = await sendApplicantCopy(portsOf(c), {
      partnerId: partnerOf(c),
      token: c.req.valid('query').token,
      screeningId: c.req.valid('param').screeningId,
    })
    return c.json({ ok: true as const, status }, 202)
  })
  .openapi(deleteRoute, async (c) => {
    await eraseScreening(portsOf(c), {
      partnerId: partnerOf(c),
      token: c.req.valid('query').token,
      screeningId: c.req.valid('param').screeningId,
    })
    return c.json({ ok: true as const, erased: true as const }, 200)
  })
  .openapi(auditRoute, async (c) => {
    const trail = await auditTrailOf(portsOf(c), {
      partnerId: partnerOf(c),
      token: c.req.valid('query').token,
      screeningId: c.req.valid('param').screeningId,
    })
    return c.json({ ok: true as const, ...trail }, 200)
  })
