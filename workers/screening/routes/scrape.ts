import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { ApiError } from '../../../shared/errors'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { findMarket, type Market } from '../domain/market/cities'
import { emit, scrapeEventData } from '../domain/events'
import { configuredFeed } from '../domain/scrape/feed'
import { anonymousLimit, partnerKey } from '../partner'
import { policy } from '../policy'
import { ScrapeRequest, ScrapeResponse, ScreeningError, type LeadSource } from '../schemas'
import { runSource } from '../domain/scrape/run'
import type { FetchOptions } from '../domain/scrape/sources'
import { userAgent } from '../domain/user-agent'

const SOURCE_TIMEOUT_MS = 10_000
const DEFAULT_CRAWL_BUDGET = 20

function crawlBudget(setting: string | undefined): number {
  const n = Number(setting)
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_CRAWL_BUDGET
}

const route = createRoute({
  method: 'post',
  path: '/api/scrape',
  summary: 'Collect rental leads for a city.',
  description:
    'Normalises the city to a `City, ST` market label, fetches the selected sources (both in parallel), ' +
    'upserts the leads by URL and returns them. A source that blocks or yields nothing parsable adds a ' +
    'warning. A city and source scraped in the last 15 minutes is served from storage with a warning. ' +
    'Requests without a partner key are limited to 10 per minute per IP.',
  middleware: [partnerKey, anonymousLimit('scrape', 10, 60), body({ maxBytes: 4 * 1024, accept: ['application/json'], policy })] as const,
  request: { body: { content: { 'application/json': { schema: ScrapeRequest } }, required: true } },
  responses: {
    200: {
      description: 'Leads and warnings.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: ScrapeResponse } },
    },
    ...errorResponses(
      {
        400: 'INVALID_JSON: the body is not JSON.',
        401: 'UNAUTHORIZED: REQUIRE_API_KEY is on and x-api-key is missing, unknown or revoked.',
        413: 'PAYLOAD_TOO_LARGE: over 4 KiB.',
        415: 'UNSUPPORTED_MEDIA_TYPE: send application/json.',
        422: 'VALIDATION_ERROR, UNKNOWN_CITY (with suggestions) or AMBIGUOUS_CITY (with candidates).',
        429: 'RATE_LIMITED.',
      },
      ScreeningError
    ),
  },
})

export const scrapeRoutes = createRouter<AppEnv>(policy).openapi(route, async (c) => {
  const input = c.req.valid('json')
  const market = resolveMarket(input.city)
  const sources: LeadSource[] = input.source === 'both' ? ['vetscore', 'zillow'] : [input.source]
  const now = c.var.deps.now()
  const budget = crawlBudget(c.env.CRAWL_BUDGET_PER_MINUTE)
  const options: FetchOptions = {
    fetcher: c.var.deps.fetcher,
    userAgent: userAgent(c.env.BASE_URL),
    timeoutMs: SOURCE_TIMEOUT_MS,
    cache: c.env.CACHE,
    feed: configuredFeed(c.env),
    // One sliding window per host for the whole service (issue 23): however many callers
    // ask, a site sees at most `budget` requests a minute from us.
    spend: async (host) => {
      const d = await c.env.RATE_LIMITER.getByName(`crawl:${host}`).hit(now.getTime(), budget, 60_000)
      return d.allowed ? null : d.resetSeconds
    },
  }

  const outcomes = await Promise.all(sources.map((source) => runSource(c.env.DB, market, source, options, now)))
  const leads = outcomes.flatMap((o) => o.leads)
  const warnings = outcomes.flatMap((o) => o.warnings)
  const failedSources = sources.filter((_, i) => outcomes[i].failed)
  await emit(
    c.env,
    now,
    c.var.apiKey?.id ?? null,
    'scrape.completed',
    scrapeEventData({ city: market.label, sources, leadCount: leads.length, warnings, failedSources })
  )
  return c.json({ ok: true as const, city: market.label, leads, warnings }, 200)
})

function resolveMarket(city: string): Market {
  const found = findMarket(city)
  if (found.ok) return found.market
  if (found.reason === 'ambiguous') {
    throw new ApiError(422, 'AMBIGUOUS_CITY', `"${city}" names several cities; add the state, for example "${found.candidates[0]}".`, {
      issues: [{ path: 'city', message: 'names several cities; add the state' }],
      candidates: found.candidates,
    })
  }
  const hint = found.suggestions.length > 0 ? ` Did you mean ${found.suggestions.slice(0, 3).join(', ')}?` : ''
  throw new ApiError(
    422,
    'UNKNOWN_CITY',
    `"${city}" is not a US city this service knows (US places of 10,000 people or more; write it as "City, ST").${hint}`,
    { issues: [{ path: 'city', message: 'is not a known US city' }], suggestions: found.suggestions }
  )
}
