import { z } from '@hono/zod-openapi'
import { SERIES, type SeriesKind, type SeriesName } from './series'
import { daysBetween, parseDay } from './time/paris'

/** Longest range one request may ask for (DECISIONS.md, "C: market data"). */
export const MAX_RANGE_DAYS = 366
// Dates outside this window are certainly typos; ENTSO-E history starts in 2015.
const FIRST_DAY = '2000-01-01'
const LAST_DAY = '2099-12-31'

const day = (description: string, example: string) =>
  z
    .string()
    .refine((v) => parseDay(v) !== null, { message: 'must be a calendar date written YYYY-MM-DD' })
    .refine((v) => v >= FIRST_DAY && v <= LAST_DAY, { message: `must be between ${FIRST_DAY} and ${LAST_DAY}` })
    .optional()
    .openapi({ description, example })

export const SeriesQuery = z
  .object({
    date: day('A delivery day in Europe/Paris. Without `date`, `start` and `end`: the latest delivery day held.', '2025-11-12'),
    start: day('First delivery day of a range (Europe/Paris); needs `end`.', '2025-11-01'),
    end: day(`Delivery day after the last one of the range (exclusive); at most ${MAX_RANGE_DAYS} days after \`start\`.`, '2025-12-01'),
    format: z.enum(['json', 'csv']).optional().openapi({ description: '`csv` returns the same columns as CSV (RFC 4180, header row).', example: 'json' }),
  })
  .strict()
  .superRefine((q, ctx) => {
    if (q.date && (q.start || q.end)) {
      ctx.addIssue({ code: 'custom', path: ['date'], message: 'give either date or start and end, not both' })
      return
    }
    if (Boolean(q.start) !== Boolean(q.end)) {
      ctx.addIssue({ code: 'custom', path: [q.start ? 'end' : 'start'], message: 'start and end go together' })
      return
    }
    if (q.start && q.end && parseDay(q.start) !== null && parseDay(q.end) !== null) {
      const days = daysBetween(q.start, q.end)
      if (days <= 0) ctx.addIssue({ code: 'custom', path: ['end'], message: 'must be after start (end is exclusive)' })
      else if (days > MAX_RANGE_DAYS) ctx.addIssue({ code: 'custom', path: ['end'], message: `the range is ${days} days; at most ${MAX_RANGE_DAYS} are allowed` })
    }
  })

export type SeriesQueryInput = z.infer<typeof SeriesQuery>

const start = z.string().openapi({ description: 'Quarter-hour start, UTC (ISO 8601 with Z). "hour" is the historical field name; intervals are quarter-hours.', example: '2025-11-11T23:00:00Z' })
const end = z.string().openapi({ description: 'Quarter-hour end, UTC: 15 minutes after the start.', example: '2025-11-11T23:15:00Z' })
const nullable = (description: string, example: number) => z.number().nullable().openapi({ description, example })
const direction = (name: SeriesName) =>
  SERIES[name].directions.includes('symmetric')
    ? z.enum(['symmetric']).openapi({ description: 'FCR is a symmetric product: the same MW up and down.' })
    : z.enum(['down', 'up']).openapi({ description: 'Direction of the reserve; for one quarter-hour, down comes before up.' })

export const PriceRecord = z
  .object({ hour_start_utc: start, hour_end_utc: end, price_eur_mwh: nullable('Day-ahead price, EUR/MWh; null where the source gives none.', 87.45) })
  .openapi('DayAheadPrice')

export function recordSchema(name: SeriesName): z.ZodType {
  const kind: SeriesKind = SERIES[name].kind
  if (kind === 'price') return PriceRecord
  const component = name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())
  return kind === 'capacity'
    ? z
        .object({
          hour_start_utc: start,
          hour_end_utc: end,
          direction: direction(name),
          volume_mw: nullable('Contracted capacity, MW.', 760),
          price_eur_mw_h: nullable('Capacity price, EUR per MW and per hour (RTE gives it per quarter-hour: × 4).', 16.4),
        })
        .openapi(component)
    : z
        .object({
          hour_start_utc: start,
          hour_end_utc: end,
          direction: direction(name),
          volume_mwh: nullable('Activated energy in the quarter-hour, MWh (RTE mean MW × 0.25 h).', 21),
          price_eur_mwh: nullable('Price of the activated energy, EUR/MWh.', 112.5),
        })
        .openapi(component)
}
