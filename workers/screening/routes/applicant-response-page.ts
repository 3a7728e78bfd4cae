import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { ApiError, DomainError } from '../../../shared/errors'
import { sendPage } from '../../../shared/html'
import { type AppEnv, portsOf } from '../env'
import { anonymousLimit } from '../partner'
import { EVIDENCE_KINDS, RESPOND_CSS, respondMessagePage, respondPage, type RespondForm } from '../pages/respond'
import { policy } from '../policy'
import { answerApplicantNotice, openApplicantNotice } from '../use-cases/applicant-response'

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
    try {
      const opened = await openApplicantNotice(portsOf(c), token)
      return page(
        c,
        respondPage({
          notice: opened.notice,
          token,
          windowOpen: !opened.decided && opened.windowOpen,
          answersLeft: opened.answersLeft,
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
      try {
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
          const opened = await openApplicantNotice(portsOf(c), token)
          return page(
            c,
            respondPage({
              notice: opened.notice,
              token,
              windowOpen: opened.windowOpen,
              answersLeft: opened.answersLeft,
              values,
              error: invalid,
            }),
            422
          )
        }
        await answerApplicantNotice(portsOf(c), {
          token,
          response: { statement, evidence: kind ? [{ kind, description }] : [] },
          requireNotice: true,
        })
        return page(
          c,
          respondMessagePage('Answer sent', 'Your answer was recorded and the landlord sees it before any decision based on these records.')
        )
      } catch (err) {
        return refusal(c, err)
      }
    }
  )
