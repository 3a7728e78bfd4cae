import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { ApiError } from '../../../shared/errors'
import { sendPage } from '../../../shared/html'
import { normalizeHostname } from '../../../shared/net/hostname'
import { TargetError } from '../../../shared/net/errors'
import { errorResponses, htmlResponse } from '../../../shared/openapi'
import { clientIp, rateLimit } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'
import { domainGrades, latestGrade } from '../monitor-store'
import { badgeSvg, HISTORY_CSS, renderHistoryPage } from '../pages/history'
import { renderErrorPage } from '../pages/check-page'
import { AUDIT_CSS } from '../pages/style'
import { readCached } from '../store'

const HISTORY_DAYS = 90
/** Each history page reads up to HISTORY_POINTS rows: 60 pages a minute per client is plenty for people. */
const HISTORY_PAGES_PER_MINUTE = 60
const historyLimit = rateLimit<AppEnv>({
  scope: 'audit-history',
  limit: HISTORY_PAGES_PER_MINUTE,
  windowSeconds: 60,
  key: clientIp,
  markers: (c) => c.env.CACHE,
  onLimited: (c, err) => sendPage(c, renderErrorPage(normalizeHostname(c.req.param('domain') ?? ''), err.message), 429, ERROR_PAGE_POLICY),
})
const HISTORY_POINTS = 1000
/** Badges change at most with each check; five minutes is the report cache's own lifetime. */
const BADGE_MAX_AGE = 300

const badge = createRoute({
  method: 'get',
  path: '/badge/{file}',
  summary: 'Grade badge of a domain (SVG)',
  description:
    'GET /badge/<domain>.svg: "HTTPS audit | <grade>" from the latest cached check or monitor run; "not checked" when there is none (a badge never starts a check). ' +
    `No cookies, no tracking; Cache-Control public, max-age=${BADGE_MAX_AGE}; embeddable from any site.`,
  request: { params: z.object({ file: z.string().max(260).openapi({ example: 'example.com.svg' }) }) },
  responses: {
    200: { description: 'The badge.', content: { 'image/svg+xml': { schema: z.string() } } },
    ...errorResponses({
      400: 'INVALID_DOMAIN or DOMAIN_NOT_PUBLIC: not <public hostname>.svg.',
      404: 'NOT_FOUND: the path does not end in .svg.',
    }),
  },
})

const history = createRoute({
  method: 'get',
  path: '/check/{domain}/history',
  summary: 'Score history page of a monitored domain (server-rendered SVG chart)',
  request: { params: z.object({ domain: z.string() }) },
  responses: {
    200: htmlResponse('The page.'),
    400: htmlResponse('Not a public hostname.'),
    404: htmlResponse('No monitor has recorded this domain.'),
    429: htmlResponse(`More than ${HISTORY_PAGES_PER_MINUTE} history pages a minute from this client.`),
  },
})

// The error page has the view's form, which submits to this site.
const ERROR_PAGE_POLICY = { css: AUDIT_CSS, formAction: "'self'" }

export const badgeRoutes = createRouter<AppEnv>()

badgeRoutes.openapi(badge, async (c) => {
  const file = c.req.valid('param').file
  if (!file.endsWith('.svg')) throw new ApiError(404, 'NOT_FOUND', 'Badges are at /badge/<domain>.svg.')
  let host: string
  try {
    host = normalizeHostname(file.slice(0, -'.svg'.length))
  } catch (err) {
    if (err instanceof TargetError) throw new ApiError(400, err.code, err.message)
    throw err
  }
  const cached = await readCached(c.env.CACHE, host, c.var.deps.now())
  const grade = cached && 'report' in cached ? cached.report.score : ((await latestGrade(c.env.DB, host))?.grade ?? null)
  c.header('Cache-Control', `public, max-age=${BADGE_MAX_AGE}`)
  // An image for other sites' pages: loadable cross-origin. The default CSP (default-src 'none') stays.
  c.header('Cross-Origin-Resource-Policy', 'cross-origin')
  return c.body(badgeSvg(grade), 200, { 'Content-Type': 'image/svg+xml; charset=utf-8' })
})

badgeRoutes.openapi(history, async (c) => {
  const input = c.req.valid('param').domain
  let host: string
  try {
    host = normalizeHostname(input)
  } catch (err) {
    if (!(err instanceof TargetError)) throw err
    return sendPage(c, renderErrorPage(input, err.message), 400, ERROR_PAGE_POLICY)
  }
  const limited = await historyLimit(c, async () => {})
  if (limited) return limited
  const since = new Date(c.var.deps.now().getTime() - HISTORY_DAYS * 86_400_000).toISOString()
  const points = await domainGrades(c.env.DB, host, since, HISTORY_POINTS)
  return sendPage(c, renderHistoryPage(host, points, HISTORY_DAYS), points.length ? 200 : 404, { css: HISTORY_CSS })
})
