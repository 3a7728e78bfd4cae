/**
 * The six series the service publishes, and what a record of each looks like
 * (DECISIONS.md, "C: market data"). Every series is held on the quarter-hour grid.
 */
export const SERIES_NAMES = ['day-ahead-prices', 'fcr-capacity', 'afrr-capacity', 'afrr-energy', 'mfrr-capacity', 'mfrr-energy'] as const
export type SeriesName = (typeof SERIES_NAMES)[number]

export type Direction = '' | 'up' | 'down' | 'symmetric'
export type SeriesKind = 'price' | 'capacity' | 'energy'

export type SeriesInfo = {
  kind: SeriesKind
  source: 'entsoe' | 'rte'
  /** Directions held for every quarter-hour, in the order records are returned. */
  directions: readonly Direction[]
  title: string
}

export const SERIES: Record<SeriesName, SeriesInfo> = {
  'day-ahead-prices': { kind: 'price', source: 'entsoe', directions: [''], title: 'Day-ahead prices (SDAC, France)' },
  // FCR is a symmetric product: the same MW is held for up and down regulation (FCR Cooperation).
  'fcr-capacity': { kind: 'capacity', source: 'rte', directions: ['symmetric'], title: 'FCR procured capacity' },
  'afrr-capacity': { kind: 'capacity', source: 'rte', directions: ['down', 'up'], title: 'aFRR procured capacity' },
  'afrr-energy': { kind: 'energy', source: 'rte', directions: ['down', 'up'], title: 'aFRR activated energy' },
  'mfrr-capacity': { kind: 'capacity', source: 'rte', directions: ['down', 'up'], title: 'mFRR procured capacity' },
  'mfrr-energy': { kind: 'energy', source: 'rte', directions: ['down', 'up'], title: 'mFRR activated energy' },
}

/** The record's column names, in order; shared by JSON and CSV. */
export const COLUMNS: Record<SeriesKind, readonly string[]> = {
  price: ['hour_start_utc', 'hour_end_utc', 'price_eur_mwh'],
  capacity: ['hour_start_utc', 'hour_end_utc', 'direction', 'volume_mw', 'price_eur_mw_h'],
  energy: ['hour_start_utc', 'hour_end_utc', 'direction', 'volume_mwh', 'price_eur_mwh'],
}

/** One quarter-hour value of a series, ready to store. */
export type IntervalValue = {
  startMs: number
  direction: Direction
  volume: number | null
  price: number | null
  resolutionMin: number
}
