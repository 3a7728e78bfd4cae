import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { ApiError, DomainError } from '../../../shared/errors'
import { sendPage } from '../../../shared/html'
import { windowOpen } from '../domain/fair-chance/deadline'
import { MAX_APPLICANT_RESPONSES, parseNotice, submitApplicantResponse } from '../domain/fair-chance/workflow'
import type { AppEnv } from '../env'
import { anonymousLimit } from '../partner'
import { EVIDENCE_KINDS, RESPOND_CSS, respondMessagePage, respondPage, type RespondForm } from '../pages/respond'
import { policy } from '../policy'
import * as fc from '../stores/fair-chance'
import { applicantScreening } from './applicant-response'

type C = Context<AppEnv>
type PageStatus = 200 | 400 | 401 | 403 | 404 | 410 | 422 | 429

const page = (c: C, html: string, status: PageStatus = 200) => sendPage(c, html, status, { css: RESPOND_CSS, formAction: "'self'" })

/** A refusal as a page, with the status the worker's table gives its code (policy.ts). */
function refusal(c: C, err: unknown) {
  const status = err instanceof ApiError ? err.status : err instanceof DomainError ? policy.statuses?.[err.code] : undefined
  if (!(err instanceof Error) || status === undefined || status >= 500) throw err
  return page(c, respondMessagePage('Not possible', err.message), status as PageStatus)
}

const text = (v: unknown, max: number) => (typeof v === 'string' ? v.slice(0, max) : undefined)

/**
 * The applicant's answer as a web page (issue 34 §1): the same notice and the same use case
 * as /api/fair-chance/response, for an applicant who follows the e-mailed link in a browser.
 */
export const applicantResponsePageRoutes = createRouter<AppEnv>(policy)
  .get('/fair-chance/respond', anonymousLimit('fc-page', 60, 60), async (c) => {
    const token = text(c.req.query('token'), 200) ?? ''
    const now = c.var.deps.now()
    try {
      const { screeningId, notFound } = await applicantScreening(c.env, token, now)
      const notice = parseNotice(await fc.criminalCheck(c.env.DB, screeningId))
      if (!notice) throw notFound
      const sent = (await fc.applicantResponses(c.env.DB, screeningId)).length
      const decided = (await fc.decisionOf(c.env.DB, screeningId)) !== null
      return page(
        c,
        respondPage({
          notice,
          token,
          windowOpen: !decided && windowOpen(notice.respondBy, now),
          answersLeft: Math.max(0, MAX_APPLICANT_RESPONSES - sent),
        })
      )
    } catch (err) {
      return refusal(c, err)
    }
  })
  .post(
    '/fair-chance/respond',
    anonymousLimit('fc-page-post', 10, 60),
    body({ maxBytes: 16 * 1024, accept: ['application/x-www-form-urlencoded'], policy }),
    async (c) => {
      // Fetch Metadata: only our own page may post this form (the token in it is the only authority).
      const site = c.req.header('sec-fetch-site')
      if (site !== undefined && site !== 'same-origin') {
        return page(c, respondMessagePage('Not accepted', 'This form can only be sent from the response page itself.'), 403)
      }
      const form = await c.req.parseBody()
      const token = text(form.token, 200) ?? ''
      const values: RespondForm = {
        statement: text(form.statement, 5000),
        kind: text(form.kind, 40),
        description: text(form.description, 2000),
      }
      const now = c.var.deps.now()
      try {
        const { capability, screeningId, notFound } = await applicantScreening(c.env, token, now)
        const notice = parseNotice(await fc.criminalCheck(c.env.DB, screeningId))
        if (!notice) throw notFound
        const statement = values.statement?.trim() ?? ''
        const kind = values.kind && values.kind in EVIDENCE_KINDS ? (values.kind as keyof typeof EVIDENCE_KINDS) : null
        const description = values.description?.trim() ?? ''
        const invalid =
          statement.length === 0
            ? 'Write your statement before sending.'
            : values.kind && !kind
              ? 'Choose a kind of evidence from the list.'
              : kind && description.length === 0
                ? 'Describe the evidence you chose.'
                : null
        if (invalid) {
          const sent = (await fc.applicantResponses(c.env.DB, screeningId)).length
          return page(
            c,
            respondPage({
              notice,
              token,
              windowOpen: windowOpen(notice.respondBy, now),
              answersLeft: Math.max(0, MAX_APPLICANT_RESPONSES - sent),
              values,
              error: invalid,
            }),
            422
          )
        }
        await submitApplicantResponse(
          { db: c.env.DB, now },
          { screeningId, capabilityId: capability.id, response: { statement, evidence: kind ? [{ kind, description }] : [] } }
        )
        return page(
          c,
          respondMessagePage('Answer sent', 'Your answer was recorded and the landlord sees it before any decision based on these records.')
        )
      } catch (err) {
        return refusal(c, err)
      }
    }
  )
