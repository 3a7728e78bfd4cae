import { createRoute, z } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { sha256Hex } from '../../../shared/crypto'
import { createRouter } from '../../../shared/app'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { defer } from '../../../shared/defer'
import type { AppEnv } from '../env'
import { SERIES, SERIES_NAMES, type SeriesName } from '../domain/series'
import {
  GenerationQuery,
  KNOWN_GENERATION_PARAMS,
  KNOWN_LOAD_PARAMS,
  KNOWN_PARAMS,
  LoadQuery,
  SeriesQuery,
  recordSchema,
  type SeriesQueryInput,
} from '../schemas'
import { openCache, rangeVersion, zoneState } from '../store'
import type { Format } from '../domain/output/records'
import { resolveRange } from '../domain/output/range'
import { cacheControl, etagMatches, isImmutable } from '../domain/output/caching'
import { CONTENT_TYPES, answerVariant, csvDisposition, ignoredWarning, isCacheableSpan, pickZones, zoneYears } from '../domain/answer'
import { ZONES, type Zone } from '../domain/zones'
import { SETTLED_MARKER_HEADER } from './settled'
import { WideWriter } from '../domain/output/wide'
import { DomainError } from '../../../shared/errors'
import { closing, head, resolveZones, streamParts, wideStream, zonePart } from '../use-cases/serve-series'

/** `GET /api/<series>` for each series with its own path, `GET /api/load` and `GET /api/generation`. */
export const seriesRoutes = createRouter<AppEnv>()
for (const name of SERIES_NAMES) if (!SERIES[name].path) addSeriesRoute(name)
addLoadRoute()
addGenerationRoute()

function responses(schema: z.ZodType) {
  return {
    200: {
      description:
        'Records earliest first. On the quarter-hour (default) and hourly grids every interval of each delivery day held (92, 96 or 100 quarter-hours a day in France), null where the source gave no value; with `resolution=native` the intervals as published. `[]` when nothing is held for the range.',
      headers: {
        ETag: { schema: { type: 'string' as const }, description: 'Changes only when data of a day in the requested range changes.' },
        'Cache-Control': { schema: { type: 'string' as const }, description: 'A year for settled past days, 5 minutes otherwise.' },
        Warning: {
          schema: { type: 'string' as const },
          description: 'Names query parameters that were ignored because this endpoint does not know them.',
        },
        ...rateLimitHeaders,
      },
      content: {
        'application/json': { schema: z.array(schema) },
        'text/csv': { schema: z.string().openapi({ description: 'Same columns; empty field for null; CRLF line ends.' }) },
        'application/x-ndjson': { schema: z.string().openapi({ description: 'One JSON record per line.' }) },
      },
    },
    304: { description: 'Not modified: the `If-None-Match` ETag is current.' },
    ...errorResponses({
      400: 'Bad query parameters (`INVALID_QUERY`, with `issues`), an unknown zone, or a range too long for the caller.',
      401: 'An `Authorization` header with a token that is not a valid `mkt_…` token.',
      429: 'Too many requests (`RATE_LIMITED`): 60 a minute per client without a token. Settled days answered from the cache are not counted (and carry no RateLimit-* headers), but are refused to a blocked client.',
    }),
  }
}

function addLoadRoute(): void {
  const route = createRoute({
    method: 'get',
    path: '/api/load',
    summary: 'Total load: actual (A65 realised) or day-ahead forecast (A65 day-ahead)',
    description: `${describe('load-actual')} \`kind=forecast\` gives the day-ahead forecast instead of the actual load.`,
    security: [{}, { bearer: [] }] as Array<Record<string, string[]>>,
    request: { query: LoadQuery },
    responses: responses(recordSchema('load-actual')),
  })
  seriesRoutes.openapi(route, (c) => {
    const q = c.req.valid('query')
    return serve(c as unknown as SeriesContext, q.kind === 'forecast' ? 'load-forecast' : 'load-actual', KNOWN_LOAD_PARAMS)
  })
}

function addGenerationRoute(): void {
  const route = createRoute({
    method: 'get',
    path: '/api/generation',
    summary: SERIES['generation-actual'].title,
    description: `${describe('generation-actual')} \`psr_type=B16,B19\` keeps those production types; without it every type the zone publishes, in code order per interval.`,
    security: [{}, { bearer: [] }] as Array<Record<string, string[]>>,
    request: { query: GenerationQuery },
    responses: responses(recordSchema('generation-actual')),
  })
  seriesRoutes.openapi(route, (c) => serve(c as unknown as SeriesContext, 'generation-actual', KNOWN_GENERATION_PARAMS))
}

function addSeriesRoute(name: SeriesName): void {
  const info = SERIES[name]
  const route = createRoute({
    method: 'get',
    path: `/api/${name}`,
    summary: info.title,
    description: describe(name),
    security: [{}, { bearer: [] }] as Array<Record<string, string[]>>,
    request: { query: SeriesQuery },
    responses: responses(recordSchema(name)),
  })
  seriesRoutes.openapi(route, (c) => serve(c as unknown as SeriesContext, name, KNOWN_PARAMS))
}

/** One series' answer for the request's zones and range, in its format. */
async function serve(c: SeriesContext, name: SeriesName, known: ReadonlySet<string>): Promise<Response> {
  const q = c.req.valid('query' as never) as SeriesQueryInput
  const zones = pickZones(q, name)
  if (q.layout === 'wide') return wide(c, name, zones, known)
  if (zones.length > 1) return severalZones(c, name, zones, known)
  const zone = zones[0]
  const format: Format = q.format ?? 'json'
  const hasToken = Boolean(c.var.apiKey)
  const ignored = Object.keys(c.req.queries()).filter((k) => !known.has(k))

  let range = resolveRange(q, zone, null, hasToken)
  if (!range) range = resolveRange(q, zone, (await zoneState(c.env.DB, name, zone.eic))?.latestDay ?? null, hasToken)
  const version = range ? await rangeVersion(c.env.DB, name, zone.eic, range.fromDay, range.toDay) : null
  // One request is counted already; a range of several years counts one per year.
  await c.var.charge?.(zoneYears([range]) - 1)

  const variant = answerVariant(name, zone, range, q)
  const etag = `"${variant}.${version ? `${version.days}-${version.maxVersion}-${version.sumVersion}` : '0'}"`
  const now = c.var.deps.now().getTime()
  const immutable = Boolean(range && version && version.days > 0 && isImmutable(range.endMs, range.latest, now))
  const headers = new Headers({
    ETag: etag,
    'Cache-Control': cacheControl(range && version?.days ? range.endMs : null, range?.latest ?? true, now),
  })
  if (ignored.length) headers.set('Warning', ignoredWarning(ignored))
  if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })

  // Settled days never change but by a correction. Without a settled marker (routes/settled.ts)
  // the cache key carries the ETag, which a correction changes; with one, the answer is stored
  // with the marker it is computed under, which the writers move on every change
  // (store.ts syncSettledMarkers), and served only while that marker stands.
  // Only answers of up to a month go to the cache (answer.ts isCacheableSpan).
  const cacheable = immutable && isCacheableSpan(range!)
  const settled = c.var.settled
  const cacheKey = cacheable ? (settled?.key ?? new Request(`${c.env.BASE_URL}/__cache/${encodeURIComponent(etag)}`)) : null
  const cache = cacheKey ? await openCache() : null
  if (cache && cacheKey && !settled) {
    const hit = await cache.match(cacheKey)
    if (hit) {
      const res = new Response(hit.body, hit)
      res.headers.delete('Warning')
      for (const [k, v] of headers) res.headers.set(k, v)
      return res
    }
  }

  headers.set('Content-Type', CONTENT_TYPES[format])
  if (format === 'csv') headers.set('Content-Disposition', csvDisposition(name, zone, q, range))
  const part = zonePart({ db: c.env.DB }, q, name, zone, range, version?.days ? version.days : 0, false)
  if (!part) return new Response(head(name, q) + closing(format), { status: 200, headers })
  const stream = streamParts([part], format)
  if (cache && cacheKey) {
    const [forClient, forCache] = stream.tee()
    // The Warning belongs to this request's query, not to the answer.
    const stored = new Headers(headers)
    stored.delete('Warning')
    if (settled) stored.set(SETTLED_MARKER_HEADER, settled.marker)
    await defer(c, cache.put(cacheKey, new Response(forCache, { headers: stored })))
    return new Response(forClient, { status: 200, headers })
  }
  return new Response(stream, { status: 200, headers })
}

type SeriesContext = Context<AppEnv>

/**
 * `zone=FR,DE-LU,BE`: the long format, zone after zone in the order asked, every record
 * starting with `zone`. Each zone's range is resolved in its own time (a `date` is each zone's
 * delivery day). Not kept in the Cache API (a settled single-zone answer is); the ETag is a
 * hash of every zone's answer shape and day versions.
 */
async function severalZones(c: SeriesContext, name: SeriesName, zones: Zone[], known: ReadonlySet<string>): Promise<Response> {
  const q = c.req.valid('query' as never) as SeriesQueryInput
  const format: Format = q.format ?? 'json'
  const hasToken = Boolean(c.var.apiKey)
  const ignored = Object.keys(c.req.queries()).filter((k) => !known.has(k))
  const resolved = await resolveZones({ db: c.env.DB }, name, zones, q, hasToken)
  await c.var.charge?.(zoneYears(resolved.map((r) => r.range)) - 1)
  const etag = `"z.${(await sha256Hex(resolved.map((r) => r.tag).join('|'))).slice(0, 32)}"`
  const headers = new Headers({ ETag: etag, 'Cache-Control': 'public, max-age=300' })
  if (ignored.length) headers.set('Warning', ignoredWarning(ignored))
  if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  headers.set('Content-Type', CONTENT_TYPES[format])
  if (format === 'csv') headers.set('Content-Disposition', csvDisposition(name, zones[0], q, resolved[0].range, zones))
  const parts = resolved.flatMap((r) => zonePart({ db: c.env.DB }, q, name, r.zone, r.range, r.days, true) ?? [])
  if (!parts.length) return new Response(head(name, q, true) + closing(format), { status: 200, headers })
  return new Response(streamParts(parts, format), { status: 200, headers })
}

/**
 * `layout=wide`: one row per interval of the grid, one column per zone (domain/output/wide.ts).
 * For a series with one value and no direction, on the quarter-hour or hourly grid; counted
 * per zone-year like the long format.
 */
async function wide(c: SeriesContext, name: SeriesName, zones: Zone[], known: ReadonlySet<string>): Promise<Response> {
  const q = c.req.valid('query' as never) as SeriesQueryInput
  const kind = SERIES[name].kind
  if (kind !== 'price' && kind !== 'load')
    throw invalidLayout(`${name} has directions or two values per interval; layout=wide is for day-ahead prices and load`)
  if (q.resolution === 'native')
    throw invalidLayout('zones may publish different intervals; use resolution=PT15M or PT60M with layout=wide')
  if (q.include) throw invalidLayout('include= adds fields per record; use the long layout for provenance or revisions')
  const format: Format = q.format ?? 'json'
  const hasToken = Boolean(c.var.apiKey)
  const ignored = Object.keys(c.req.queries()).filter((k) => !known.has(k))
  const resolved = await resolveZones({ db: c.env.DB }, name, zones, q, hasToken)
  await c.var.charge?.(zoneYears(resolved.map((r) => r.range)) - 1)
  const etag = `"w.${(await sha256Hex(resolved.map((r) => r.tag).join('|'))).slice(0, 32)}"`
  const headers = new Headers({ ETag: etag, 'Cache-Control': 'public, max-age=300' })
  if (ignored.length) headers.set('Warning', ignoredWarning(ignored))
  if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })
  headers.set('Content-Type', CONTENT_TYPES[format])
  if (format === 'csv') headers.set('Content-Disposition', csvDisposition(name, zones[0], q, resolved[0].range, zones))
  const tzZone = q.tz && q.tz !== 'UTC' ? ZONES.find((z) => z.timezone === q.tz) : undefined
  const writer = new WideWriter({
    zones: zones.map((z) => z.key),
    format,
    tzBaseOffsetMs: tzZone ? tzZone.baseOffsetMs : null,
    value: kind === 'load' ? 'volume' : 'price',
  })
  if (!resolved.some((r) => r.range && r.days > 0)) return new Response(writer.head() + writer.end(), { status: 200, headers })
  const stream = wideStream({ db: c.env.DB }, name, resolved, q, writer)
  return new Response(stream, { status: 200, headers })
}

function invalidLayout(message: string): DomainError {
  return new DomainError('INVALID_QUERY', `Invalid request: layout: ${message}.`, { issues: [{ path: 'layout', message }] })
}

function describe(name: SeriesName): string {
  const info = SERIES[name]
  const document = info.kind === 'load' ? 'A65, 6.1.A/B' : info.kind === 'generation' ? 'A75, 16.1.B&C' : 'A44, 12.1.D'
  const source =
    info.source === 'entsoe'
      ? `ENTSO-E Transparency Platform (${document}), for any bidding zone (\`zone=\`, France by default)`
      : 'RTE data APIs (data.rte-france.com), France'
  return `${info.title}, from the ${source}. Query one delivery day with \`date\`, a range with \`start\` and \`end\` (days or ISO times, end exclusive, a year without a token), or nothing for the latest delivery day held. \`format=csv\` or \`ndjson\`; \`resolution=native|PT15M|PT60M\`; \`include=provenance,revisions\`; \`tz=\` adds local times. Every record has a \`status\` (published, filled, missing). Unknown parameters are ignored with a Warning header. Responses carry an ETag per requested range; send it back in If-None-Match for a 304.`
}
