import { z } from '@hono/zod-openapi'
import { SERIES, type SeriesKind, type SeriesName } from './domain/series'
import { parseDay } from './domain/time/paris'
import { ZONES } from './domain/zones'
import { PSR_TYPES } from './domain/entsoe/psr-types'

/** Longest range an anonymous request may ask for, and a token's (DECISIONS.md, issue 22). */
export const MAX_RANGE_DAYS = 366
export const MAX_TOKEN_RANGE_DAYS = 20 * 366
// Dates outside this window are certainly typos; ENTSO-E history starts in 2015.
export const FIRST_DAY = '2000-01-01'
export const LAST_DAY = '2099-12-31'

// A date, or a date and time with `Z` or an offset. Fixed-width pieces: no backtracking.
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})$/

/** Unix ms of an ISO timestamp with Z or an offset, or null. */
export function parseTimestamp(v: string): number | null {
  if (v.length > 40) return null
  const m = TIMESTAMP.exec(v)
  if (!m || parseDay(m[1]) === null || Number(m[2]) > 23 || Number(m[3]) > 59 || Number(m[4] ?? 0) > 59) return null
  const ms = Date.parse(v)
  return Number.isFinite(ms) ? ms : null
}

const inWindow = (v: string) => v.slice(0, 10) >= FIRST_DAY && v.slice(0, 10) <= LAST_DAY

const day = (description: string, example: string) =>
  z
    .string()
    .refine((v) => parseDay(v) !== null, { message: 'must be a calendar date written YYYY-MM-DD' })
    .refine(inWindow, { message: `must be between ${FIRST_DAY} and ${LAST_DAY}` })
    .optional()
    .openapi({ description, example })

const bound = (description: string, example: string) =>
  z
    .string()
    .refine((v) => parseDay(v) !== null || parseTimestamp(v) !== null, {
      message: 'must be a date YYYY-MM-DD or an ISO 8601 time with Z or an offset',
    })
    .refine(inWindow, { message: `must be between ${FIRST_DAY} and ${LAST_DAY}` })
    .optional()
    .openapi({ description, example })

/** What `include=` may name, comma-separated. */
export const INCLUDES = ['provenance', 'revisions'] as const

/** The options `include=` names. */
export function includes(q: { include?: string }): { provenance: boolean; revisions: boolean } {
  const names = q.include?.split(',') ?? []
  return { provenance: names.includes('provenance'), revisions: names.includes('revisions') }
}

const TZ_NAMES = ['UTC', ...new Set(ZONES.map((zn) => zn.timezone))] as const

const QueryShape = z.object({
  date: day(
    "A delivery day in the zone's own time (Europe/Paris for France). Without `date`, `start` and `end`: the latest delivery day held.",
    '2025-11-12'
  ),
  start: bound("Start of a range: a delivery day (the zone's local midnight) or an ISO 8601 time; needs `end`.", '2025-11-01'),
  end: bound(
    `End of the range, exclusive: a day or a time. At most ${MAX_RANGE_DAYS} days after \`start\` without a token, ${MAX_TOKEN_RANGE_DAYS / 366} years with one.`,
    '2025-12-01'
  ),
  format: z.enum(['json', 'csv', 'ndjson']).optional().openapi({
    description: '`csv` returns the same columns as CSV (RFC 4180, header row); `ndjson` one JSON record per line.',
    example: 'json',
  }),
  zone: z.string().max(400).optional().openapi({
    description:
      'Bidding zone: EIC code (`10YFR-RTE------C`) or short name (`FR`, `DE-LU`, `NO2`). Default France. Reserve series are French only. Up to 10 zones separated by commas (`FR,DE-LU,BE`): records then start with `zone`, zone after zone in the order given; each zone and started year of range counts as one request of the limit.',
    example: 'FR',
  }),
  layout: z.enum(['long', 'wide']).optional().openapi({
    description:
      '`long` (default): one record per zone and interval. `wide` (day-ahead prices, with `zone=` naming one or more zones): one row per interval of the grid (`PT15M` or `PT60M`), one column per zone named by its code, null where a zone has no value; not with `resolution=native` or `include=`.',
    example: 'wide',
  }),
  resolution: z.enum(['native', 'PT15M', 'PT60M']).optional().openapi({
    description:
      '`PT15M` (default): quarter-hours, longer published values repeated (their `source_resolution` says so). `native`: the intervals as published. `PT60M`: hourly aggregates (docs/market-data.md: means of prices and MW, sums of MWh; null if part of the hour is missing).',
    example: 'PT15M',
  }),
  include: z
    .string()
    .max(40)
    .refine((v) => v.split(',').every((x) => (INCLUDES as readonly string[]).includes(x)), {
      message: 'must be provenance, revisions or provenance,revisions',
    })
    .optional()
    .openapi({
      description:
        '`provenance` adds to each record the source, document id, revision, document creation time and ingestion time of its value; `revisions` adds `revisions`, the earlier values of its interval with their document and when they were replaced (a JSON array; in CSV its JSON text). Both: `provenance,revisions`.',
      example: 'provenance',
    }),
  tz: z
    .enum(TZ_NAMES as unknown as [string, ...string[]])
    .optional()
    .openapi({
      description:
        'Adds `hour_start_local` and `hour_end_local`, the same instants in this time zone with their offset (`2025-11-12T00:00:00+01:00`), after the UTC fields, which stay UTC (`Z`). Default UTC: no local fields.',
      example: 'UTC',
    }),
})

function checkRange(q: { date?: string; start?: string; end?: string }, ctx: z.RefinementCtx): void {
  if (q.date && (q.start || q.end)) {
    ctx.addIssue({ code: 'custom', path: ['date'], message: 'give either date or start and end, not both' })
    return
  }
  if (Boolean(q.start) !== Boolean(q.end)) {
    ctx.addIssue({ code: 'custom', path: [q.start ? 'end' : 'start'], message: 'start and end go together' })
  }
}

export const SeriesQuery = QueryShape.superRefine(checkRange)

/** `GET /api/load`: `kind` picks the series (actual load, or the day-ahead forecast). */
const LoadShape = QueryShape.extend({
  kind: z.enum(['actual', 'forecast']).optional().openapi({
    description:
      '`actual` (default): actual total load (ENTSO-E A65, processType A16). `forecast`: the day-ahead total load forecast (A65, processType A01).',
    example: 'actual',
  }),
})
export const LoadQuery = LoadShape.superRefine(checkRange)

const PSR_CODES = Object.keys(PSR_TYPES)

/** `GET /api/generation`: `psr_type` keeps some production types; without it every type the zone publishes. */
const GenerationShape = QueryShape.extend({
  psr_type: z
    .string()
    .max(100)
    .refine((v) => v.split(',').every((x) => PSR_CODES.includes(x)), {
      message: 'must be ENTSO-E production types B01 to B20, comma-separated',
    })
    .refine((v) => new Set(v.split(',')).size === v.split(',').length, { message: 'names a production type twice' })
    .optional()
    .openapi({
      description:
        'Production types to return (ENTSO-E psrType, `B16` solar, `B19` wind onshore, …; comma-separated; the list with names is in GET /api/series). Default: every type the zone publishes.',
      example: 'B16,B19',
    }),
})
export const GenerationQuery = GenerationShape.superRefine(checkRange)

/** A query of any series endpoint: the shared parameters, and those of load and generation. */
export type SeriesQueryInput = z.infer<typeof SeriesQuery> & { kind?: 'actual' | 'forecast'; psr_type?: string }

/** Query parameters each series endpoint knows; any other is ignored with a Warning header. */
export const KNOWN_PARAMS = new Set(Object.keys(QueryShape.shape))
export const KNOWN_LOAD_PARAMS = new Set(Object.keys(LoadShape.shape))
export const KNOWN_GENERATION_PARAMS = new Set(Object.keys(GenerationShape.shape))

const start = z.string().openapi({
  description: 'Interval start, UTC (ISO 8601 with Z), whatever `tz` says. "hour" is the historical field name.',
  example: '2025-11-11T23:00:00Z',
})
const end = z.string().openapi({ description: 'Interval end: `resolution` after the start.', example: '2025-11-11T23:15:00Z' })
const resolution = z
  .string()
  .openapi({ description: 'Length of this record: PT15M or PT60M (or as published with `resolution=native`).', example: 'PT15M' })
const sourceResolution = z.string().nullable().openapi({
  description:
    'Length of the interval the source published the value for; longer than `resolution` when a value was repeated, shorter when values were aggregated; null where nothing is held.',
  example: 'PT15M',
})
const nullable = (description: string, example: number) => z.number().nullable().openapi({ description, example })
const direction = (name: SeriesName) =>
  SERIES[name].directions.includes('symmetric')
    ? z.enum(['symmetric']).openapi({ description: 'FCR is a symmetric product: the same MW up and down.' })
    : z.enum(['down', 'up', 'symmetric']).openapi({
        description:
          "Direction of the reserve; for one interval, down comes before up. `symmetric` only where RTE's older data held one product for both directions.",
      })

const status = {
  status: z.enum(['published', 'filled', 'missing']).openapi({
    description:
      '`published`: the source gave this value. `filled`: ENTSO-E left the position out under curveType A03 because it repeats the one before, and the value is carried forward from `filled_from_position`. `missing`: no value.',
    example: 'published',
  }),
  filled_from_position: z.number().int().nullable().openapi({
    description: 'For `filled`: the position (in its ENTSO-E Period) of the Point whose value is repeated; else null.',
    example: null,
  }),
}

const local = {
  hour_start_local: z
    .string()
    .optional()
    .openapi({ description: 'With `tz=`: the start in that time zone with its offset.', example: '2025-11-12T00:00:00+01:00' }),
  hour_end_local: z.string().optional().openapi({ description: 'With `tz=`: the end in that time zone with its offset.' }),
}

const revisions = {
  revisions: z.array(z.record(z.string(), z.unknown())).optional().openapi({
    description:
      '`include=revisions`: earlier values of this interval, oldest first: the value columns, `filled_from_position`, the document (`source`, `document_id`, `revision`, `document_created`, `ingested_at`) and `superseded_at`, when a later document replaced or removed it.',
  }),
}

const provenance = {
  source: z.string().nullable().optional().openapi({ description: '`include=provenance`: entsoe, rte or file.' }),
  document_id: z
    .string()
    .nullable()
    .optional()
    .openapi({ description: '`include=provenance`: ENTSO-E mRID or the RTE resource and window.' }),
  revision: z
    .number()
    .nullable()
    .optional()
    .openapi({ description: '`include=provenance`: ENTSO-E revisionNumber (0 where the source has none).' }),
  document_created: z
    .string()
    .nullable()
    .optional()
    .openapi({ description: '`include=provenance`: the document creation time (RTE: when it answered).' }),
  ingested_at: z.string().nullable().optional().openapi({ description: '`include=provenance`: when we stored the value.' }),
}

export const PriceRecord = z
  .object({
    hour_start_utc: start,
    hour_end_utc: end,
    ...local,
    price_eur_mwh: nullable('Day-ahead price, EUR/MWh; null where the source gives none.', 87.45),
    resolution,
    source_resolution: sourceResolution,
    ...status,
    ...provenance,
    ...revisions,
  })
  .openapi('DayAheadPrice')

export const LoadRecord = z
  .object({
    hour_start_utc: start,
    hour_end_utc: end,
    ...local,
    load_mw: nullable('Total load, MW: the mean power over the interval (not energy); null where the source gives none.', 4520.5),
    resolution,
    source_resolution: sourceResolution,
    ...status,
    ...provenance,
    ...revisions,
  })
  .openapi('Load')

export const GenerationRecord = z
  .object({
    hour_start_utc: start,
    hour_end_utc: end,
    ...local,
    psr_type: z.string().openapi({ description: 'ENTSO-E production type (psrType, B01–B20).', example: 'B16' }),
    production_type: z.string().openapi({ description: "The production type's name in the ENTSO-E code list.", example: 'Solar' }),
    generation_mw: nullable('Actual generation of this type, MW: the mean power over the interval (not energy).', 300.51),
    resolution,
    source_resolution: sourceResolution,
    ...status,
    ...provenance,
    ...revisions,
  })
  .openapi('Generation')

export function recordSchema(name: SeriesName): z.ZodType {
  const kind: SeriesKind = SERIES[name].kind
  if (kind === 'price') return PriceRecord
  if (kind === 'load') return LoadRecord
  if (kind === 'generation') return GenerationRecord
  const component = name.replace(/(^|-)(\w)/g, (_, __, c: string) => c.toUpperCase())
  if (kind === 'marginal') {
    return z
      .object({
        hour_start_utc: start,
        hour_end_utc: end,
        ...local,
        direction: direction(name),
        price_eur_mwh: nullable(
          'Mean of the 225 four-second aFRR marginal prices of the quarter-hour (RTE, PICASSO), EUR/MWh; null unless every step has a price. Not a volume-weighted price.',
          96.2
        ),
        resolution,
        source_resolution: sourceResolution,
        ...status,
        ...provenance,
        ...revisions,
      })
      .openapi(component)
  }
  return kind === 'capacity'
    ? z
        .object({
          hour_start_utc: start,
          hour_end_utc: end,
          ...local,
          direction: direction(name),
          volume_mw: nullable('Contracted capacity, MW.', 760),
          price_eur_mw_h: nullable('Capacity price, EUR per MW and per hour (RTE gives it per quarter-hour: × 4).', 16.4),
          resolution,
          source_resolution: sourceResolution,
          ...status,
          ...provenance,
          ...revisions,
        })
        .openapi(component)
    : z
        .object({
          hour_start_utc: start,
          hour_end_utc: end,
          ...local,
          direction: direction(name),
          volume_mwh: nullable('Activated energy in the interval, MWh (RTE mean MW × duration).', 21),
          price_eur_mwh: nullable('Price of the activated energy, EUR/MWh.', 112.5),
          resolution,
          source_resolution: sourceResolution,
          ...status,
          ...provenance,
          ...revisions,
        })
        .openapi(component)
}
