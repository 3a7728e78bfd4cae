import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { defer } from '../../../shared/defer'
import type { AppEnv } from '../env'
import { SERIES, SERIES_NAMES, type SeriesName } from '../domain/series'
import { KNOWN_PARAMS, SeriesQuery, includes, recordSchema } from '../schemas'
import { openCache, rangeVersion, readPoints, readRevisions, readWindowMs, zoneState } from '../store'
import { RecordWriter, type Format, type StoredRow } from '../domain/output/records'
import { TextSink } from '../domain/output/text-sink'
import { resolveRange } from '../domain/output/range'
import { cacheControl, etagMatches, isImmutable } from '../domain/output/caching'
import { CONTENT_TYPES, answerVariant, csvDisposition, ignoredWarning, isCacheableSpan, pickZone } from '../domain/answer'
import { ZONES } from '../domain/zones'
import { SETTLED_MARKER_HEADER } from './settled'
import { dayStartUtc } from '../domain/time/paris'

/** Rows written per chunk of a streamed answer: about three weeks of quarter-hour prices, 400 KB of JSON. */
const SLICE_ROWS = 2_000

/** `GET /api/<series>` for each of the six series: one sub-app, one route per series. */
export const seriesRoutes = createRouter<AppEnv>()
for (const name of SERIES_NAMES) addSeriesRoute(name)

function addSeriesRoute(name: SeriesName): void {
  const info = SERIES[name]
  const route = createRoute({
    method: 'get',
    path: `/api/${name}`,
    summary: info.title,
    description: describe(name),
    security: [{}, { bearer: [] }] as Array<Record<string, string[]>>,
    request: { query: SeriesQuery },
    responses: {
      200: {
        description:
          'Records earliest first. On the quarter-hour (default) and hourly grids every interval of each delivery day held (92, 96 or 100 quarter-hours a day in France), null where the source gave no value; with `resolution=native` the intervals as published. `[]` when nothing is held for the range.',
        headers: {
          ETag: { schema: { type: 'string' }, description: 'Changes only when data of a day in the requested range changes.' },
          'Cache-Control': { schema: { type: 'string' }, description: 'A year for settled past days, 5 minutes otherwise.' },
          Warning: {
            schema: { type: 'string' },
            description: 'Names query parameters that were ignored because this endpoint does not know them.',
          },
          ...rateLimitHeaders,
        },
        content: {
          'application/json': { schema: z.array(recordSchema(name)) },
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
    },
  })

  seriesRoutes.openapi(route, async (c) => {
    const q = c.req.valid('query')
    const zone = pickZone(q, name)
    const format: Format = q.format ?? 'json'
    const target = q.resolution === 'native' ? 'native' : q.resolution === 'PT60M' ? 60 : 15
    const { provenance, revisions } = includes(q)
    const hasToken = Boolean(c.var.apiKey)
    const ignored = Object.keys(c.req.queries()).filter((k) => !KNOWN_PARAMS.has(k))

    let range = resolveRange(q, zone, null, hasToken)
    if (!range) range = resolveRange(q, zone, (await zoneState(c.env.DB, name, zone.eic))?.latestDay ?? null, hasToken)
    const version = range ? await rangeVersion(c.env.DB, name, zone.eic, range.fromDay, range.toDay) : null

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
    const tzZone = q.tz && q.tz !== 'UTC' ? ZONES.find((z) => z.timezone === q.tz) : undefined
    const writer = new RecordWriter({
      kind: info.kind,
      directions: info.directions,
      format,
      target,
      baseOffsetMs: zone.baseOffsetMs,
      provenance,
      revisions,
      tzBaseOffsetMs: tzZone ? tzZone.baseOffsetMs : null,
      clip: range && !range.wholeDays ? { startMs: range.startMs, endMs: range.endMs } : null,
      sourceResolution: info.sourceResolution,
    })
    if (!range || !version?.days) return new Response(writer.head() + writer.end(), { status: 200, headers })

    // Rows are read from the start of the first delivery day so partial days are resampled whole.
    const readFrom = Math.min(range.startMs, dayStartUtc(range.fromDay, zone.baseOffsetMs))
    const pages = readPoints(c.env.DB, name, zone.eic, readFrom, range.endMs, readWindowMs(info.directions.length, provenance), provenance)
    const sink = new TextSink()
    sink.add(writer.head())
    // Pull-based: the next D1 window is read only when the client has taken the previous one.
    // A window (up to a year) goes out a slice of rows per chunk, each encoded into its own
    // buffer as it is written (text-sink.ts): the first bytes leave while the rest is written,
    // and no buffer grows to the size of the answer.
    let page: StoredRow[] = []
    let at = 0
    // include=revisions: the revisions of [revisionsFrom, up to the page's last row] are read
    // before the page is written, so each interval's earlier values are at hand when its record is.
    let revisionsFrom = readFrom
    const revisionsUpTo = async (toMs: number) => {
      if (!revisions) return
      writer.addRevisions(await readRevisions(c.env.DB, name, zone.eic, revisionsFrom, toMs))
      revisionsFrom = Math.max(revisionsFrom, toMs)
    }
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (at >= page.length) {
          const next = await pages.next()
          if (next.done) {
            await revisionsUpTo(range.endMs)
            sink.add(writer.end())
            controller.enqueue(sink.take())
            controller.close()
            return
          }
          page = next.value
          at = 0
          await revisionsUpTo(page[page.length - 1][0] * 1000 + 1)
        }
        writer.writeTo(page, sink, at, at + SLICE_ROWS)
        at += SLICE_ROWS
        if (sink.size) controller.enqueue(sink.take())
      },
      async cancel() {
        await pages.return(undefined)
      },
    })
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
  })
}

function describe(name: SeriesName): string {
  const info = SERIES[name]
  const source =
    info.source === 'entsoe'
      ? 'ENTSO-E Transparency Platform (A44, 12.1.D), for any bidding zone (`zone=`, France by default)'
      : 'RTE data APIs (data.rte-france.com), France'
  return `${info.title}, from the ${source}. Query one delivery day with \`date\`, a range with \`start\` and \`end\` (days or ISO times, end exclusive, a year without a token), or nothing for the latest delivery day held. \`format=csv\` or \`ndjson\`; \`resolution=native|PT15M|PT60M\`; \`include=provenance,revisions\`; \`tz=\` adds local times. Every record has a \`status\` (published, filled, missing). Unknown parameters are ignored with a Warning header. Responses carry an ETag per requested range; send it back in If-None-Match for a 304.`
}
