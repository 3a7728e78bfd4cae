import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { errorResponses } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { SERIES_NAMES, type SeriesName } from '../domain/series'
import { dayStates, ingestStatus } from '../store'
import { gapsOf, statusWindow, STATUS_WINDOW_DAYS, type SeriesStatus } from '../domain/status'
import { zoneByEic } from '../domain/zones'

const Status = z
  .object({
    series: z.string(),
    zone: z.string().openapi({ description: 'EIC code of the bidding zone.' }),
    zone_name: z.string().nullable(),
    latest_day: z.string().nullable().openapi({ description: 'Latest delivery day held.' }),
    last_change_at: z.string().nullable().openapi({ description: 'When stored data last changed.' }),
    last_success_at: z
      .string()
      .nullable()
      .openapi({ description: 'Last ingestion that reached the source and stored what it answered (or learnt it had nothing yet).' }),
    last_error_at: z.string().nullable(),
    last_error: z.string().nullable().openapi({
      description: 'The last ingestion failure of any kind (source down, refused, rate-limited, malformed document, missing credentials).',
    }),
    gaps: z
      .array(z.object({ day: z.string(), problem: z.enum(['missing', 'partial', 'null_values']) }))
      .openapi({ description: `Days of the last ${STATUS_WINDOW_DAYS} (up to the latest day held) not held completely.` }),
  })
  .openapi('SeriesStatus')

export const statusRoutes = createRouter<AppEnv>()

statusRoutes.openapi(
  createRoute({
    method: 'get',
    path: '/api/status',
    summary: 'Ingestion status per series and zone',
    description:
      'Per series and zone: the last successful ingest, the latest delivery day held, coverage gaps of the last 30 days and the last error. Not cached.',
    responses: {
      200: {
        description: 'One entry per series and zone ever ingested or attempted.',
        content: { 'application/json': { schema: z.object({ generated_at: z.string(), series: z.array(Status) }) } },
      },
      ...errorResponses({ 429: 'Too many requests (`RATE_LIMITED`).' }),
    },
  }),
  async (c) => {
    const now = c.var.deps.now().getTime()
    const rows = await ingestStatus(c.env.DB)
    const out: SeriesStatus[] = []
    for (const r of rows) {
      if (!(SERIES_NAMES as readonly string[]).includes(r.series)) continue
      const window = statusWindow(r.latest_day, now)
      const days = await dayStates(c.env.DB, r.series as SeriesName, r.zone, window.from, window.to)
      out.push({
        series: r.series,
        zone: r.zone,
        zone_name: zoneByEic(r.zone)?.name ?? null,
        latest_day: r.latest_day,
        last_change_at: r.updated_at,
        last_success_at: r.last_ok,
        last_error_at: r.last_error_at,
        last_error: r.last_error,
        gaps: gapsOf(r.series as SeriesName, r.zone, days, window.from, window.to),
      })
    }
    c.header('Cache-Control', 'no-store')
    return c.json({ generated_at: new Date(now).toISOString(), series: out }, 200)
  }
)
