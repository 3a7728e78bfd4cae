import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi'
import { errorResponses } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { SERIES, SERIES_NAMES, type SeriesName } from '../series'
import { SeriesQuery, recordSchema, type SeriesQueryInput } from '../schemas'
import { readIntervals, seriesState } from '../store'
import { RecordWriter, type Format } from '../output/records'
import { addDays, dayBoundsUtc, dayStartUtc } from '../time/paris'
import { cacheControl, etagMatches } from '../output/caching'

// Rows read per D1 query: 31 days is at most 6,000 rows, so a year streams in 12 pieces.
const WINDOW_MS = 31 * 24 * 3_600_000

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
    const state = await seriesState(c.env.DB, name)
    const range = resolveRange(q, state?.latestDay ?? null)
    const version = state?.version ?? 0
    const etag = `"${name}.v${version}.${range ? `${range.from}.${range.to}` : 'none'}.${format}"`
    const now = Date.now()
    const headers = new Headers({
      ETag: etag,
      'Cache-Control': cacheControl(range ? dayStartUtc(range.to) : null, range?.latest ?? true, now),
    })
    if (etagMatches(c.req.header('if-none-match'), etag)) return new Response(null, { status: 304, headers })

    headers.set('Content-Type', format === 'csv' ? 'text/csv; charset=utf-8; header=present' : 'application/json; charset=utf-8')
    if (format === 'csv') {
      headers.set('Content-Disposition', `inline; filename="${name}${range ? `_${range.from}_${range.to}` : ''}.csv"`)
    }
    const writer = new RecordWriter(info.kind, info.directions, format)
    if (!range) return new Response(writer.head() + writer.end(), { status: 200, headers })

    const { startMs } = dayBoundsUtc(range.from)
    const endMs = dayStartUtc(range.to)
    const pages = readIntervals(c.env.DB, name, startMs, endMs, WINDOW_MS)
    const encoder = new TextEncoder()
    let started = false
    // Pull-based: the next D1 window is read only when the client has taken the previous one.
    const stream = new ReadableStream<Uint8Array>({
      async pull(controller) {
        if (!started) {
          started = true
          controller.enqueue(encoder.encode(writer.head()))
        }
        const next = await pages.next()
        if (next.done) {
          controller.enqueue(encoder.encode(writer.end()))
          controller.close()
          return
        }
        const text = writer.write(next.value)
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
