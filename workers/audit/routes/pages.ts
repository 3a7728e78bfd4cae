import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { ApiError } from '../../../shared/errors'
import { pageHeaders } from '../../../shared/html'
import type { AuditDeps } from '../audit'
import { checkDomain, TARGET_STATUS } from '../check-service'
import type { AppEnv } from '../env'
import { checkRateLimit } from '../limits'
import { renderErrorPage, renderHomePage, renderReportPage, renderScoringPage } from '../pages/check-page'
import { AUDIT_CSS } from '../pages/style'
import { readCached } from '../store'
import { normalizeHostname } from '../../../shared/net/hostname'
import { TargetError } from '../../../shared/net/errors'

const html = (description: string) => ({ description, content: { 'text/html': { schema: z.string() } } })

const home = createRoute({ method: 'get', path: '/', summary: 'Page with the form to check a domain', responses: { 200: html('The page.') } })
const form = createRoute({
  method: 'get',
  path: '/check',
  summary: 'Form target: redirects to /check/<domain>',
  request: { query: z.object({ domain: z.string().optional() }) },
  responses: { 303: { description: 'Redirect to the view of the normalised domain.' }, 400: html('The form again, with the reason.') },
})
const view = createRoute({
  method: 'get',
  path: '/check/{domain}',
  summary: 'Interactive view of a check (the report as a page)',
  request: { params: z.object({ domain: z.string() }) },
  responses: {
    200: html('The report page.'),
    400: html('Not a public hostname.'),
    422: html('The name does not resolve.'),
    429: html('Rate limited (uncached checks count against the API limit).'),
    503: html('DNS resolver unavailable.'),
  },
})
const scoring = createRoute({ method: 'get', path: '/scoring', summary: 'The scoring rules, as applied', responses: { 200: html('The rules.') } })

// The view has one form, which submits to this site (form-action 'self').
const POLICY = { css: AUDIT_CSS, formAction: "'self'" }

async function send(c: Context<AppEnv>, body: string, status: 200 | 400 | 422 | 429 | 503): Promise<Response> {
  await pageHeaders(c, POLICY)
  return c.html(body, status)
}

export function mountPages(app: OpenAPIHono<AppEnv>, deps: AuditDeps): void {
  app.openapi(home, (c) => send(c, renderHomePage(), 200))

  app.openapi(form, async (c) => {
    const value = (c.req.valid('query').domain ?? '').trim()
    if (!value) return send(c, renderHomePage({ error: 'Enter a domain to check, such as example.com.' }), 400)
    try {
      return c.redirect(`/check/${normalizeHostname(value)}`, 303)
    } catch (err) {
      if (err instanceof TargetError) return send(c, renderHomePage({ value, error: err.message }), 400)
      throw err
    }
  })

  app.openapi(view, async (c) => {
    const input = c.req.valid('param').domain
    let host: string
    try {
      host = normalizeHostname(input)
    } catch (err) {
      if (err instanceof TargetError) return send(c, renderErrorPage(input, err.message), 400)
      throw err
    }
    // A fresh report costs nothing to show; only a new check counts against the per-IP limit.
    if (!(await readCached(c.env.CACHE, host, deps.now()))) {
      try {
        await checkRateLimit(c, async () => {})
      } catch (err) {
        if (err instanceof ApiError && err.status === 429) {
          for (const [name, value] of Object.entries(err.headers)) c.header(name, value)
          return send(c, renderErrorPage(host, err.message), 429)
        }
        throw err
      }
    }
    try {
      const { report } = await checkDomain(host, deps, c.env, (p) => c.executionCtx.waitUntil(p))
      return send(c, renderReportPage(report), 200)
    } catch (err) {
      if (err instanceof TargetError) return send(c, renderErrorPage(host, err.message), TARGET_STATUS[err.code])
      throw err
    }
  })

  app.openapi(scoring, (c) => send(c, renderScoringPage(), 200))
}
