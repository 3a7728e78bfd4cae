/**
 * The series the service publishes, and what a record of each looks like
 * (DECISIONS.md, "C: market data"). Values are held at the resolution the source published.
 */
export const SERIES_NAMES = [
  'day-ahead-prices',
  'fcr-capacity',
  'afrr-capacity',
  'afrr-energy',
  'mfrr-capacity',
  'mfrr-energy',
  'afrr-marginal-price',
  'load-actual',
  'load-forecast',
  'generation-actual',
] as const
export type SeriesName = (typeof SERIES_NAMES)[number]

/** '' where a series has none; a reserve's direction; for generation, the ENTSO-E psrType (B01–B20). */
export type Direction = '' | 'up' | 'down' | 'symmetric' | `B${string}`
export type SeriesKind = 'price' | 'capacity' | 'energy' | 'marginal' | 'load' | 'generation'

export type SeriesInfo = {
  kind: SeriesKind
  source: 'entsoe' | 'rte'
  /** Directions held for every quarter-hour, in the order records are returned. */
  directions: readonly Direction[]
  title: string
  /**
   * Where the source publishes finer steps than we store (values aggregated on ingestion),
   * their length, served as `source_resolution` instead of the stored interval's.
   */
  sourceResolution?: string
  /**
   * Series served under a shared path with a selecting parameter (`/api/load?kind=`), or
   * filtered by one (`/api/generation?psr_type=`): that path. Absent: `/api/<name>`.
   */
  path?: '/api/load' | '/api/generation'
}

export const SERIES: Record<SeriesName, SeriesInfo> = {
  'day-ahead-prices': { kind: 'price', source: 'entsoe', directions: [''], title: 'Day-ahead prices (SDAC, every bidding zone)' },
  // FCR is a symmetric product: the same MW is held for up and down regulation (FCR Cooperation).
  'fcr-capacity': { kind: 'capacity', source: 'rte', directions: ['symmetric'], title: 'FCR procured capacity' },
  'afrr-capacity': { kind: 'capacity', source: 'rte', directions: ['down', 'up'], title: 'aFRR procured capacity' },
  'afrr-energy': { kind: 'energy', source: 'rte', directions: ['down', 'up'], title: 'aFRR activated energy' },
  'mfrr-capacity': { kind: 'capacity', source: 'rte', directions: ['down', 'up'], title: 'mFRR procured capacity' },
  'mfrr-energy': { kind: 'energy', source: 'rte', directions: ['down', 'up'], title: 'mFRR activated energy' },
  // RTE publishes it in 4-second steps; stored as quarter-hour means (rte/marginal.ts).
  'afrr-marginal-price': {
    kind: 'marginal',
    source: 'rte',
    directions: ['down', 'up'],
    title: 'aFRR marginal price (PICASSO), quarter-hour mean of the 4-second prices',
    sourceResolution: 'PT4S',
  },
  // ENTSO-E A65 (543/2013 art. 6.1.a, processType A16) and A65 A01 (art. 6.1.b): MW per interval.
  'load-actual': {
    kind: 'load',
    source: 'entsoe',
    directions: [''],
    title: 'Actual total load (ENTSO-E A65, realised)',
    path: '/api/load',
  },
  'load-forecast': {
    kind: 'load',
    source: 'entsoe',
    directions: [''],
    title: 'Day-ahead total load forecast (ENTSO-E A65, day-ahead)',
    path: '/api/load',
  },
  // ENTSO-E A75 (543/2013 art. 16.1.b and c, processType A16): MW per production type (psrType),
  // held in the direction column; the types a zone publishes vary (data/psr-types.json).
  'generation-actual': {
    kind: 'generation',
    source: 'entsoe',
    directions: [],
    title: 'Actual generation per production type (ENTSO-E A75)',
    path: '/api/generation',
  },
}

/** The path a series is served at. */
export function seriesPath(name: SeriesName): string {
  return SERIES[name].path ?? `/api/${name}`
}

/**
 * The record's column names, in order; shared by JSON and CSV. `resolution` is the length
 * of the record's own interval; `source_resolution` the length of the interval the source
 * published the value for (longer when an hourly value is shown on quarter-hours, shorter
 * when quarter-hours are averaged into an hour; null where nothing is held).
 */
export const COLUMNS: Record<SeriesKind, readonly string[]> = {
  price: ['hour_start_utc', 'hour_end_utc', 'price_eur_mwh', 'resolution', 'source_resolution'],
  capacity: ['hour_start_utc', 'hour_end_utc', 'direction', 'volume_mw', 'price_eur_mw_h', 'resolution', 'source_resolution'],
  energy: ['hour_start_utc', 'hour_end_utc', 'direction', 'volume_mwh', 'price_eur_mwh', 'resolution', 'source_resolution'],
  marginal: ['hour_start_utc', 'hour_end_utc', 'direction', 'price_eur_mwh', 'resolution', 'source_resolution'],
  load: ['hour_start_utc', 'hour_end_utc', 'load_mw', 'resolution', 'source_resolution'],
  generation: ['hour_start_utc', 'hour_end_utc', 'psr_type', 'production_type', 'generation_mw', 'resolution', 'source_resolution'],
}

/**
 * How each record came to be (issue 37): `published` (the source gave this value), `filled`
 * (ENTSO-E curveType A03 left the position out because it repeats the one before; the value
 * is carried forward from `filled_from_position` of the same Period) or `missing` (no value).
 */
export const STATUS_COLUMNS = ['status', 'filled_from_position'] as const
export type RecordStatus = 'published' | 'filled' | 'missing'

/** Columns added after the UTC times when `tz=` names a time zone: the same instants in local time with their offset. */
export const LOCAL_COLUMNS = ['hour_start_local', 'hour_end_local'] as const

/** Columns added by `include=provenance`. */
export const PROVENANCE_COLUMNS = ['source', 'document_id', 'revision', 'document_created', 'ingested_at'] as const

export type Aggregation = 'mean' | 'sum' | 'none'

/**
 * How `resolution=PT60M` makes an hour from finer values, per column (docs/market-data.md):
 * prices (EUR/MWh, EUR/MW/h) and capacities (MW) are time-weighted means; energy (MWh) is
 * summed. Going the other way (`PT15M` from an hourly value), means are repeated and sums
 * split evenly. Prices of activated energy are averaged without volume weights: the result
 * is the mean of the quarter-hour prices, not the price of the hour's energy.
 */
export const HOURLY: Record<SeriesKind, { volume: Aggregation; price: Aggregation }> = {
  price: { volume: 'none', price: 'mean' },
  capacity: { volume: 'mean', price: 'mean' },
  energy: { volume: 'sum', price: 'mean' },
  marginal: { volume: 'none', price: 'mean' },
  // MW are power: an hour is the time-weighted mean of its quarter-hours, a quarter-hour of an hourly value repeats it.
  load: { volume: 'mean', price: 'none' },
  generation: { volume: 'mean', price: 'none' },
}

/** One published value of a series (an interval of `resolutionMin` from `startMs`), ready to store. */
export type IntervalValue = {
  startMs: number
  direction: Direction
  volume: number | null
  price: number | null
  resolutionMin: number
  /** ENTSO-E A03: the position of the Point whose value was carried forward here; absent or null when published. */
  filledFrom?: number | null
}
