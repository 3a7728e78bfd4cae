import { SERIES, type SeriesName } from '../series'
import { HOUR_MS, addDays, dayBoundsUtc, parisDayOf } from '../time/paris'

/** What one fetch from a source brings in: one request can fill several series. */
export type Job =
  | 'day-ahead'
  | 'capacity'
  | 'afrr-energy'
  | 'mfrr-energy'
  | 'afrr-marginal'
  | 'load-actual'
  | 'load-forecast'
  | 'generation'

/** Jobs asked of ENTSO-E, one request per zone; the others are RTE's, for France. */
export const ENTSOE_JOBS: readonly Job[] = ['day-ahead', 'load-actual', 'load-forecast', 'generation']

export const JOB_SERIES: Record<Job, SeriesName[]> = {
  'day-ahead': ['day-ahead-prices'],
  capacity: ['fcr-capacity', 'afrr-capacity', 'mfrr-capacity'],
  'afrr-energy': ['afrr-energy'],
  'mfrr-energy': ['mfrr-energy'],
  'afrr-marginal': ['afrr-marginal-price'],
  'load-actual': ['load-actual'],
  'load-forecast': ['load-forecast'],
  generation: ['generation-actual'],
}

export const SERIES_JOB: Record<SeriesName, Job> = Object.fromEntries(
  Object.entries(JOB_SERIES).flatMap(([job, names]) => names.map((n) => [n, job]))
) as Record<SeriesName, Job>

/** How many past days each run re-checks for gaps, and the correction runs re-fetch whole. */
export const BACKFILL_DAYS = 7

/**
 * Delivery days each job should hold after a run at `now`, as [from, to).
 * Day-ahead prices (auction at 12:00 CET, results about 12:45) and capacity tender results
 * are published the day before delivery, so they run up to tomorrow; activated energy is
 * known only after the fact, so up to today (today partly, completed by later runs).
 */
export function windowFor(job: Job, now: Date, baseOffsetMs = HOUR_MS): { from: string; to: string } {
  const today = parisDayOf(now.getTime(), baseOffsetMs)
  // The load forecast is day-ahead too; actual load and generation come in during the day.
  const last = job === 'day-ahead' || job === 'capacity' || job === 'load-forecast' ? addDays(today, 1) : today
  return { from: addDays(today, -BACKFILL_DAYS), to: addDays(last, 1) }
}

/**
 * Minutes a complete delivery day holds for a series: every minute of the day (23, 24 or 25
 * hours) for each of its directions, whatever the resolution the values were published in.
 */
export function expectedMinutes(
  series: SeriesName,
  day: string,
  baseOffsetMs = HOUR_MS,
  directions = SERIES[series].directions.length
): number {
  const { startMs, endMs } = dayBoundsUtc(day, baseOffsetMs)
  return ((endMs - startMs) / 60_000) * directions
}

/**
 * Whether the minutes held for a day fall short of the whole day in every direction. For
 * generation the production types a zone publishes are not known in advance
 * (data/psr-types.json): the day is whole when every type held covers it whole.
 */
export function isPartial(series: SeriesName, day: string, minutes: number, baseOffsetMs = HOUR_MS): boolean {
  if (SERIES[series].directions.length) return minutes < expectedMinutes(series, day, baseOffsetMs)
  const dayMinutes = expectedMinutes(series, day, baseOffsetMs, 1)
  return minutes === 0 || minutes % dayMinutes !== 0
}

export type DayHeld = { minutes: number; nulls: number }

/**
 * The smallest [from, to) covering every day of the window that some series of the job does
 * not hold completely (part of the day missing, or a null value held: the source may fill it
 * later); null when nothing is missing (no request is made).
 */
export function missingRange(
  job: Job,
  window: { from: string; to: string },
  held: Record<string, Map<string, DayHeld>>,
  baseOffsetMs = HOUR_MS
): { from: string; to: string } | null {
  let first: string | null = null
  let last: string | null = null
  for (let day = window.from; day < window.to; day = addDays(day, 1)) {
    const incomplete = JOB_SERIES[job].some((s) => {
      const d = held[s]?.get(day)
      return !d || d.nulls > 0 || isPartial(s, day, d.minutes, baseOffsetMs)
    })
    if (incomplete) {
      first ??= day
      last = day
    }
  }
  return first && last ? { from: first, to: addDays(last, 1) } : null
}
