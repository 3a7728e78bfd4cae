import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi'
import { errorResponses } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { SERIES, SERIES_NAMES, type SeriesName } from '../series'
import { SeriesQuery, recordSchema, type SeriesQueryInput } from '../schemas'
import { readIntervals, seriesState, seriesStateWithFirstPage, type SeriesState } from '../store'
import type { StoredRow } from '../output/records'
import { RecordWriter, type Format } from '../output/records'
import { addDays, dayStartUtc } from '../time/paris'
import { cacheControl, etagMatches } from '../output/caching'

// Rows read per D1 query: 92 days is at most 8,900 quarter-hours (17,700 rows with two
// directions, a few MB at most), so a year streams in 4 pieces.
const WINDOW_MS = 92 * 24 * 3_600_000

export type ResolvedRange = { from: string; to: string; latest: boolean }

/** Which delivery days [from, to) a query asks for; null when it asks for the latest and none is held. */
export function resolveRange(q: SeriesQueryInput, latestDay: string | null): ResolvedRange | null {
  if (q.date) return { from: q.date, to: addDays(q.date, 1), latest: false }
  if (q.start && q.end) return { from: q.start, to: q.end, latest: false }
  return latestDay ? { from: latestDay, to: addDays(latestDay, 1), latest: true } : null
}

export function mountSeriesRoutes(app: OpenAPIHono<AppEnv>): void {
  for (const name of SERIES_NAMES) mountOne(app, name)
}

function mountOne(app: OpenAPIHono<AppEnv>, name: SeriesName): void {
  const info = SERIES[name]
  const route = createRoute({
    method: 'get',
    path: `/api/${name}`,
    summary: info.title,
    description: describe(name),
    request: { query: SeriesQuery },
    responses: {
      200: {
        description: 'Records earliest first: every quarter-hour of each delivery day held (92, 96 or 100 per day), null where the source gave no value. `[]` when nothing is held for the range.',
        headers: {
          ETag: { schema: { type: 'string' }, description: 'Changes whenever the series data changes.' },
          'Cache-Control': { schema: { type: 'string' }, description: 'Long for settled past days, short otherwise.' },
        },
        content: {
          'application/json': { schema: z.array(recordSchema(name)) },
          'text/csv': { schema: z.string().openapi({ description: 'Same columns; empty field for null; CRLF line ends.' }) },
        },
      },
      304: { description: 'Not modified: the `If-None-Match` ETag is current.' },
      ...errorResponses({ 400: 'Bad query parameters (`INVALID_QUERY`, with `issues`).' }),
    },
  })

  app.openapi(route, async (c) => {
    const q = c.req.valid('query')
    const format: Format = q.format ?? 'json'
    const ifNoneMatch = c.req.header('if-none-match')

    // A known range without If-None-Match: state and first rows in one round trip.
    let state: SeriesState | null
    let first: StoredRow[] | undefined
    let range = resolveRange(q, null)
    if (range && !ifNoneMatch) {
      const startMs = dayStartUtc(range.from)
      ;({ state, rows: first } = await seriesStateWithFirstPage(c.env.DB, name, startMs, Math.min(dayStartUtc(range.to), startMs + WINDOW_MS)))
    } else {
      state = await seriesState(c.env.DB, name)
      range = resolveRange(q, state?.latestDay ?? null)
    }

    const etag = `"${name}.v${state?.version ?? 0}.${range ? `${range.from}.${range.to}` : 'none'}.${format}"`
    // An answer known to be empty is cached briefly whatever its dates: a backfill may fill it.
    const knownEmpty = !range || (first !== undefined && first.length === 0 && dayStartUtc(range.to) - dayStartUtc(range.from) <= WINDOW_MS)
    const headers = new Headers({
      ETag: etag,
      'Cache-Control': cacheControl(range && !knownEmpty ? dayStartUtc(range.to) : null, range?.latest ?? true, Date.now()),
    })
    if (etagMatches(ifNoneMatch, etag)) return new Response(null, { status: 304, headers })

    headers.set('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8')
    if (format === 'csv') {
      headers.set('Content-Disposition', `inline; filename="${name}${range ? `_${range.from}_${range.to}` : ''}.csv"`)
    }
    const writer = new RecordWriter(info.kind, info.directions, format)
    if (!range) return new Response(writer.head() + writer.end(), { status: 200, headers })

    const pages = readIntervals(c.env.DB, name, dayStartUtc(range.from), dayStartUtc(range.to), WINDOW_MS, first)
    const encoder = new TextEncoder()
    let started = false
    // Pull-based: the next D1 window is read only when the client has taken the previous one.
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        let text = started ? '' : writer.head()
        started = true
        const next = await pages.next()
        if (next.done) {
          controller.enqueue(encoder.encode(text + writer.end()))
          controller.close()
          return
        }
        text += writer.write(next.value)
        if (text) controller.enqueue(encoder.encode(text))
      },
      async cancel() {
        await pages.return(undefined)
      },
    })
    return new Response(stream, { status: 200, headers })
  })
}

function describe(name: SeriesName): string {
  const info = SERIES[name]
  const source = info.source === 'entsoe' ? 'ENTSO-E Transparency Platform (A44, 12.1.D), bidding zone 10YFR-RTE------C' : 'RTE data APIs (data.rte-france.com)'
  return `${info.title}, by quarter-hour, from the ${source}. Query one delivery day with \`date\`, a range with \`start\` and \`end\` (end exclusive, at most 366 days), or nothing for the latest delivery day held. \`format=csv\` for CSV. Responses carry an ETag; send it back in If-None-Match for a 304.`
}
