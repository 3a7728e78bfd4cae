import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import { ApiError } from '../../../shared/errors'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import type { AuditDeps } from '../audit'
import { checkDomain, CooldownError, TARGET_STATUS } from '../check-service'
import type { AppEnv } from '../env'
import { checkRateLimit, proKey } from '../limits'
import { CheckQuerySchema, ReportSchema } from '../schemas'
import { TargetError } from '../../../shared/net/errors'

const route = createRoute({
  method: 'get',
  path: '/api/v1/check',
  summary: 'Audit the HTTPS setup of one domain',
  description:
    'Returns the certificate, security headers, redirects and an Observatory-style grade of a public domain. ' +
    'Reports are cached for 5 minutes (checked_at says when the check ran). 10 requests per minute per IP; ' +
    'a Pro key (`Authorization: Bearer audit_pro_…`) lifts the limit. A broken site still gets 200 with a report: the grade says how broken.',
  request: { query: CheckQuerySchema },
  responses: {
    200: {
      description: 'The report. `Cache-Status` (RFC 9211) says whether it came from the cache.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: ReportSchema } },
    },
    ...errorResponses({
      400: 'MISSING_DOMAIN (no domain), INVALID_DOMAIN (not a bare hostname: scheme, path, port, IP literal, spaces) or DOMAIN_NOT_PUBLIC (localhost, reserved or private names, or a name resolving to private addresses).',
      401: 'UNAUTHORIZED: an Authorization header was sent with an unknown or revoked key.',
      403: 'PRO_REQUIRED: fresh=true was sent without a Pro key.',
      422: 'DOMAIN_NOT_FOUND: the name does not resolve.',
      429: 'RATE_LIMITED: more than 10 requests in a minute from this IP; or a Pro fresh=1 re-check of a domain whose fresh check started less than 60 s ago and has no report yet (Retry-After says when).',
      503: 'DNS_UNAVAILABLE: the DNS resolver could not be reached; retry.',
    }),
  },
})

export function mountCheckRoute(app: OpenAPIHono<AppEnv>, deps: AuditDeps): void {
  app.use(route.path, proKey, checkRateLimit)
  app.openapi(route, async (c) => {
    const { domain, fresh } = c.req.valid('query')
    if (domain === undefined || domain === '') {
      throw new ApiError(400, 'MISSING_DOMAIN', 'Add the domain to check as ?domain=example.com.')
    }
    const forced = fresh === 'true' || fresh === '1'
    if (forced && c.var.apiKey?.plan !== 'pro') {
      throw new ApiError(403, 'PRO_REQUIRED', 'fresh=true re-runs a check past the cache and needs a Pro key (Authorization: Bearer audit_pro_…).')
    }
    try {
      const { report, cached } = await checkDomain(domain, deps, c.env, (p) => c.executionCtx.waitUntil(p), { fresh: forced })
      c.header('Cache-Status', cached ? 'audit; hit' : 'audit; fwd=miss; stored')
      return c.json(report, 200)
    } catch (err) {
      if (err instanceof TargetError) throw new ApiError(TARGET_STATUS[err.code], err.code, err.message)
      if (err instanceof CooldownError) {
        const seconds = String(err.retryAfterSeconds)
        throw new ApiError(429, 'RATE_LIMITED', err.message, { retry_after_seconds: err.retryAfterSeconds }, { 'Retry-After': seconds })
      }
      throw err
    }
  })
}
