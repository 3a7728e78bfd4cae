import { createRoute } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { createRouter } from '../../../shared/app'
import { ApiError } from '../../../shared/errors'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { rateLimit } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'
import { checkLimitOptions, proKey } from '../limits'
import { asApiError } from '../policy'
import { CheckQuerySchema, ReportSchema } from '../schemas'
import { checkHost } from '../use-cases/check'

/**
 * Starts the KV read of the report while the key lookup (D1, or the isolate's 5 s memory of
 * active Pro keys) and the rate limit (Durable Object) run, so a cached answer waits for the
 * slower of the round trips, not their sum. The read is held by the request's report port
 * (`ports.reports`, env.ts), which hands it to the use case. Every decision keeps its order: an
 * unknown key is still a 401, a limited caller still a 429, and the limit still counts every
 * answer; only then is the report read here used.
 */
const readAhead: MiddlewareHandler<AppEnv> = async (c, next) => {
  const domain = c.req.query('domain')
  let host: string | null = null
  try {
    host = domain ? c.var.ports.hostOf(domain) : null
  } catch {
    // refused by the handler, with its own error
  }
  if (host !== null) c.var.ports.reports.prefetch(host)
  await next()
}

/**
 * The API's per-IP limit. The Durable Object call waits for no KV read: a client the limiter
 * refused is answered from this isolate's memory of that refusal (same Retry-After), every
 * other answer is counted by the Durable Object, beside the report's KV read.
 */
const checkRateLimit = rateLimit<AppEnv>({ ...checkLimitOptions, rememberBlocked: {} })

const route = createRoute({
  method: 'get',
  path: '/api/v1/check',
  summary: 'Audit the HTTPS setup of one domain',
  description:
    'Returns the certificate, security headers, redirects and an Observatory-style grade of a public domain. ' +
    'Reports are cached for 5 minutes (checked_at says when the check ran). 10 requests per minute per IP; ' +
    'a Pro key (`Authorization: Bearer audit_pro_…`) lifts the limit. A broken site still gets 200 with a report: the grade says how broken.',
  middleware: [readAhead, proKey, checkRateLimit] as const,
  request: { query: CheckQuerySchema },
  responses: {
    200: {
      description: 'The report. `Cache-Status` (RFC 9211) says whether it came from the cache.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: ReportSchema } },
    },
    ...errorResponses({
      400: 'MISSING_DOMAIN (no domain), INVALID_DOMAIN (not a hostname or an http(s) URL of one: a port other than 443, user info, an IP literal, spaces inside) or DOMAIN_NOT_PUBLIC (localhost, reserved or private names, or a name resolving to private addresses).',
      401: 'UNAUTHORIZED: an Authorization header was sent with an unknown or revoked key (a key found active is trusted for up to 5 s, so a revocation takes effect within 5 s).',
      403: 'PRO_REQUIRED: fresh=true was sent without a Pro key.',
      422: 'DOMAIN_NOT_FOUND: the name does not resolve.',
      429: 'RATE_LIMITED: more than 10 requests in a minute from this IP; or a Pro fresh=1 re-check of a domain whose fresh check started less than 60 s ago and has no report yet (Retry-After says when).',
      503: 'DNS_UNAVAILABLE: the DNS resolver could not be reached; retry.',
    }),
  },
})

export const checkRoutes = createRouter<AppEnv>()

checkRoutes.openapi(route, async (c) => {
  const { domain, fresh } = c.req.valid('query')
  if (domain === undefined || domain.trim() === '') {
    throw new ApiError(400, 'MISSING_DOMAIN', 'Add the domain to check as ?domain=example.com.')
  }
  const forced = fresh === 'true' || fresh === '1'
  if (forced && c.var.apiKey?.plan !== 'pro') {
    throw new ApiError(
      403,
      'PRO_REQUIRED',
      'fresh=true re-runs a check past the cache and needs a Pro key (Authorization: Bearer audit_pro_…).'
    )
  }
  try {
    // The host the read-ahead parsed: normalised once per request (ports.hostOf).
    const { report, cached: hit } = await checkHost(c.var.ports, c.var.ports.hostOf(domain), { fresh: forced })
    c.header('Cache-Status', hit ? 'audit; hit' : 'audit; fwd=miss; stored')
    return c.json(report, 200)
  } catch (err) {
    throw asApiError(err)
  }
})
