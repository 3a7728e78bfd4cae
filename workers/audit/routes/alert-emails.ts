import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { defaultErrorPolicy, DomainError } from '../../../shared/errors'
import { sendPage } from '../../../shared/html'
import { errorResponses, htmlResponse } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { ConfirmedEmail, ConfirmEmailBody } from '../monitor-schemas'
import { renderConfirmed, renderConfirmError, renderConfirmForm } from '../pages/alert-email'
import { AUDIT_CSS } from '../pages/style'
import { AUDIT_STATUS } from '../policy'
import { confirmAlertEmail, inspectLink } from '../use-cases/alert-emails'

const PAGE = '/alert-email/confirm'
const MAX_BODY = 1024
const TokenQuery = z.object({ token: z.string().max(200).optional() })

const api = createRoute({
  method: 'post',
  path: '/api/v1/alert-emails/confirm',
  tags: ['Monitoring'],
  summary: 'Confirm an alert e-mail address',
  description:
    'The token of the link sent to an address set as a monitor’s alert.email. Needs no key: the signed token names one key’s address. Once confirmed, that key’s alerts are e-mailed to the address.',
  middleware: [body({ maxBytes: MAX_BODY, accept: ['application/json'], policy: defaultErrorPolicy })] as const,
  request: { body: { required: true, content: { 'application/json': { schema: ConfirmEmailBody } } } },
  responses: {
    200: { description: 'Confirmed (also when it already was).', content: { 'application/json': { schema: ConfirmedEmail } } },
    ...errorResponses({
      400: 'INVALID_BODY; INVALID_TOKEN: not a link we sent, altered, or replaced by a newer link.',
      410: 'TOKEN_EXPIRED: the link is older than 48 hours; set the address again for a new one.',
      503: 'EMAIL_CONFIRMATION_UNAVAILABLE: ALERT_EMAIL_SECRET is not set on this deployment.',
    }),
  },
})
const open = createRoute({
  method: 'get',
  path: PAGE,
  summary: 'The page a confirmation link opens: a button that confirms (opening it confirms nothing)',
  request: { query: TokenQuery },
  responses: { 200: htmlResponse('The button.'), 400: htmlResponse('Not a valid link.'), 410: htmlResponse('The link expired.') },
})
const submit = createRoute({
  method: 'post',
  path: PAGE,
  summary: 'The button of the confirmation page',
  middleware: [body({ maxBytes: MAX_BODY, accept: ['application/x-www-form-urlencoded'], policy: defaultErrorPolicy })] as const,
  responses: { 200: htmlResponse('Confirmed.'), 400: htmlResponse('Not a valid link.'), 410: htmlResponse('The link expired.') },
})

// The confirmation page has one form, which posts to this site.
const POLICY = { css: AUDIT_CSS, formAction: "'self'" }

async function refusalPage(c: Context<AppEnv>, err: unknown) {
  if (!(err instanceof DomainError)) throw err
  const status = AUDIT_STATUS[err.code as keyof typeof AUDIT_STATUS]
  if (status !== 400 && status !== 410 && status !== 503) throw err
  return sendPage(c, renderConfirmError(err.message), status, POLICY)
}

export const alertEmailRoutes = createRouter<AppEnv>()

alertEmailRoutes.openapi(api, async (c) => c.json(await confirmAlertEmail(c.var.ports, c.req.valid('json').token), 200))

alertEmailRoutes.openapi(open, async (c) => {
  const token = c.req.valid('query').token ?? ''
  try {
    await inspectLink(c.var.ports, token)
    return sendPage(c, renderConfirmForm(token), 200, POLICY)
  } catch (err) {
    return refusalPage(c, err)
  }
})

alertEmailRoutes.openapi(submit, async (c) => {
  const form = await c.req.formData()
  const token = form.get('token')
  try {
    const { address } = await confirmAlertEmail(c.var.ports, typeof token === 'string' ? token.slice(0, 200) : '')
    return sendPage(c, renderConfirmed(address), 200, POLICY)
  } catch (err) {
    return refusalPage(c, err)
  }
})
