import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { sendPage } from '../../../shared/html'
import { TargetError } from '../../../shared/net/errors'
import { htmlResponse } from '../../../shared/openapi'
import { clientIp } from '../../../shared/rate-limit/middleware'
import { domainFromInput } from '../domain/domain-input'
import type { AppEnv } from '../env'
import { renderErrorPage, renderHomePage, renderReportPage, renderScoringPage } from '../pages/check-page'
import { AUDIT_CSS } from '../pages/style'
import { targetStatus } from '../policy'
import { checkHost } from '../use-cases/check'
import { takeCheckSlot } from '../use-cases/check-slot'

const home = createRoute({
  method: 'get',
  path: '/',
  summary: 'Page with the form to check a domain',
  responses: { 200: htmlResponse('The page.') },
})
const form = createRoute({
  method: 'get',
  path: '/check',
  summary: 'Form target: redirects to /check/<domain>',
  request: { query: z.object({ domain: z.string().optional() }) },
  responses: {
    303: { description: 'Redirect to the view of the normalised domain.' },
    400: htmlResponse('The form again, with the reason.'),
  },
})
const view = createRoute({
  method: 'get',
  path: '/check/{domain}',
  summary: 'Interactive view of a check (the report as a page)',
  request: { params: z.object({ domain: z.string() }) },
  responses: {
    200: htmlResponse('The report page.'),
    400: htmlResponse('Not a public hostname.'),
    422: htmlResponse('The name does not resolve.'),
    429: htmlResponse('Rate limited (uncached checks count against the API limit).'),
    503: htmlResponse('DNS resolver unavailable.'),
  },
})
const scoring = createRoute({
  method: 'get',
  path: '/scoring',
  summary: 'The scoring rules, as applied',
  responses: { 200: htmlResponse('The rules.') },
})

// The view has one form, which submits to this site (form-action 'self').
const POLICY = { css: AUDIT_CSS, formAction: "'self'" }

const send = (c: Context<AppEnv>, body: string, status: 200 | 400 | 422 | 429 | 503) => sendPage(c, body, status, POLICY)

export const pageRoutes = createRouter<AppEnv>()

pageRoutes.openapi(home, (c) => send(c, renderHomePage(), 200))

pageRoutes.openapi(form, async (c) => {
  const value = (c.req.valid('query').domain ?? '').trim()
  if (!value) return send(c, renderHomePage({ error: 'Enter a domain to check, such as example.com.' }), 400)
  try {
    return c.redirect(`/check/${domainFromInput(value)}`, 303)
  } catch (err) {
    if (err instanceof TargetError) return send(c, renderHomePage({ value, error: err.message }), targetStatus(err))
    throw err
  }
})

pageRoutes.openapi(view, async (c) => {
  const { ports } = c.var
  const input = c.req.valid('param').domain
  let host: string
  try {
    host = domainFromInput(input)
  } catch (err) {
    if (err instanceof TargetError) return send(c, renderErrorPage(input, err.message), targetStatus(err))
    throw err
  }
  // A fresh report costs nothing to show; only a new check counts against the per-IP limit.
  const cached = await ports.reports.read(host)
  if (!cached) {
    const slot = await takeCheckSlot(ports, clientIp(c))
    if (!slot.allowed) {
      c.header('Retry-After', String(slot.retryAfterSeconds))
      return send(c, renderErrorPage(host, slot.message), 429)
    }
  }
  try {
    const { report } = await checkHost(ports, host)
    return send(c, renderReportPage(report), 200)
  } catch (err) {
    if (err instanceof TargetError) return send(c, renderErrorPage(host, err.message), targetStatus(err))
    throw err
  }
})

pageRoutes.openapi(scoring, (c) => send(c, renderScoringPage(), 200))
