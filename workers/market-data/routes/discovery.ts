import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { sha256Hex } from '../../../shared/crypto'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { seriesCatalogue, zonesCatalogue } from '../domain/catalogue'
import { etagMatches } from '../domain/output/caching'
import { readSpans } from '../store'

const Units = z.record(z.string(), z.string()).openapi({
  description: 'Unit of each value field of the records.',
  example: { price_eur_mwh: 'EUR/MWh' },
})

const SeriesEntry = z
  .object({
    name: z.string().openapi({ example: 'day-ahead-prices' }),
    path: z.string().openapi({ example: '/api/day-ahead-prices' }),
    title: z.string(),
    meaning: z.string(),
    regulation: z.string().openapi({ description: 'The rule or source document the series is published under.' }),
    units: Units,
    quantities: z.record(z.string(), z.enum(['price', 'power', 'energy'])).openapi({
      description: 'Per value field: a price, a power (MW: the mean over the interval) or an energy (MWh).',
      example: { load_mw: 'power' },
    }),
    directions: z.array(z.string()).openapi({ description: 'Directions a record may have; empty where the series has none.' }),
    psr_types: z
      .record(z.string(), z.string())
      .optional()
      .openapi({ description: 'Generation: the ENTSO-E production types (psrType) a record may name, with their names.' }),
    source: z.object({ id: z.string(), name: z.string(), url: z.string(), licence: z.string() }),
    zones: z
      .union([z.literal('all'), z.array(z.string())])
      .openapi({ description: '`all` zones of /api/zones, or the codes of the zones it exists for.' }),
  })
  .openapi('SeriesCatalogueEntry')

const ZoneEntry = z
  .object({
    code: z.string().openapi({ example: 'FR' }),
    eic: z.string().openapi({ example: '10YFR-RTE------C' }),
    name: z.string(),
    country: z.string(),
    timezone: z.string().openapi({ example: 'Europe/Paris' }),
    historic: z.boolean().openapi({ description: 'A zone that no longer exists (DE-AT-LU before 2018-10-01): served, not updated.' }),
    series: z.array(
      z.object({
        name: z.string(),
        path: z.string(),
        units: Units,
        source: z.string().openapi({ example: 'entsoe' }),
        first_day: z.string().nullable().openapi({ description: 'First delivery day held; null when nothing is held.' }),
        last_day: z.string().nullable().openapi({ description: 'Last delivery day held.' }),
        resolutions: z.array(z.object({ resolution: z.string(), first_day: z.string(), last_day: z.string() })).openapi({
          description: 'Resolutions held, earliest first, each with the delivery days it spans (e.g. PT60M until 2025-09-30, PT15M after).',
        }),
      })
    ),
  })
  .openapi('ZoneCatalogueEntry')

const okHeaders = {
  ETag: { schema: { type: 'string' as const }, description: 'Changes when the answer changes; send it in If-None-Match for a 304.' },
  'Cache-Control': { schema: { type: 'string' as const }, description: '5 minutes.' },
  ...rateLimitHeaders,
}

export const discoveryRoutes = createRouter<AppEnv>()

discoveryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/api/series',
    summary: 'The series served: meaning, units, directions, source and licence',
    responses: {
      200: {
        description: 'Every series.',
        headers: okHeaders,
        content: { 'application/json': { schema: z.object({ series: z.array(SeriesEntry) }) } },
      },
      304: { description: 'Not modified.' },
      ...errorResponses({ 429: 'Too many requests (`RATE_LIMITED`).' }),
    },
  }),
  async (c) => cachedJson(c.req.header('if-none-match'), { series: seriesCatalogue() })
)

discoveryRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/api/zones',
    summary: 'Bidding zones: codes, time zone, and per series the units, resolutions and delivery days held',
    responses: {
      200: {
        description: 'Every zone served.',
        headers: okHeaders,
        content: { 'application/json': { schema: z.object({ zones: z.array(ZoneEntry) }) } },
      },
      304: { description: 'Not modified.' },
      ...errorResponses({ 429: 'Too many requests (`RATE_LIMITED`).' }),
    },
  }),
  async (c) => cachedJson(c.req.header('if-none-match'), { zones: zonesCatalogue(await readSpans(c.env.DB)) })
)

/** The answer with an ETag of its own bytes: small answers (the zone list is about 60 KB), so hashing them is cheaper than tracking what they depend on. */
async function cachedJson(ifNoneMatch: string | undefined, body: unknown): Promise<Response> {
  const text = JSON.stringify(body)
  const etag = `"${(await sha256Hex(text)).slice(0, 32)}"`
  const headers = { ETag: etag, 'Cache-Control': 'public, max-age=300' }
  if (etagMatches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers })
  return new Response(text, { status: 200, headers: { ...headers, 'Content-Type': 'application/json; charset=utf-8' } })
}
