import { createRoute } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { createRouter } from '../../../shared/app'
import { ApiError } from '../../../shared/errors'
import { TargetError } from '../../../shared/net/errors'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { rateLimit } from '../../../shared/rate-limit/middleware'
import { checkDomain, CooldownError, TARGET_STATUS } from '../domain/check-service'
import { domainFromInput } from '../domain/domain-input'
import type { AppEnv } from '../env'
import { checkLimitOptions, proKey } from '../limits'
import { CheckQuerySchema, ReportSchema } from '../schemas'
import { readCached, type CachedEntry } from '../store'

/** The one KV read started before the key lookup and the limiter: the cached report of `host`. */
type ReadAhead = { host: string; read: Promise<CachedEntry | null> }
type CheckEnv = AppEnv & { Variables: { readAhead?: ReadAhead } }

/**
 * Starts the KV read of the report while the key lookup (D1, or the isolate's 5 s memory of
 * active Pro keys) and the rate limit (Durable Object) run, so a cached answer waits for the
 * slower of the round trips, not their sum. Every decision keeps its order: an unknown key is
 * still a 401, a limited caller still a 429, and the limit still counts every answer; only
 * then is the report read here used.
 */
const readAhead: MiddlewareHandler<CheckEnv> = async (c, next) => {
  const host = hostOf(c.req.query('domain'))
  if (host !== null) {
    const read = readCached(c.env.CACHE, host, c.var.deps.now())
    // Awaited only if the request gets that far; a refused request must not leave it unhandled.
    read.catch(() => {})
    c.set('readAhead', { host, read })
  }
  await next()
}

/**
 * The API's per-IP limit. The Durable Object call waits for no KV read: a client the limiter
 * refused is answered from this isolate's memory of that refusal (same Retry-After), every
 * other answer is counted by the Durable Object, beside the report's KV read.
 */
const checkRateLimit = rateLimit<CheckEnv>({ ...checkLimitOptions, rememberBlocked: {} })

function hostOf(domain: string | undefined): string | null {
  if (!domain) return null
  try {
    return domainFromInput(domain)
  } catch {
    return null // refused by the handler, with its own error
  }
}

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

export const checkRoutes = createRouter<CheckEnv>()

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
  const ahead = c.var.readAhead
  const cached = ahead && ahead.host === hostOf(domain) ? await ahead.read : undefined
  try {
    const { report, cached: hit } = await checkDomain(domain, c.var.deps, c.env, (p) => c.executionCtx.waitUntil(p), {
      fresh: forced,
      cached,
    })
    c.header('Cache-Status', hit ? 'audit; hit' : 'audit; fwd=miss; stored')
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
