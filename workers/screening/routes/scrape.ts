import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { anonymousLimit, partnerKey, partnerOf } from '../partner'
import { policy } from '../policy'
import { ScrapeRequest, ScrapeResponse, ScreeningError } from '../schemas'
import { scrapeLeads } from '../use-cases/scrape'

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
  const out = await scrapeLeads(portsOf(c), { city: input.city, source: input.source, webhookOwner: partnerOf(c) })
  return c.json({ ok: true as const, ...out }, 200)
})
