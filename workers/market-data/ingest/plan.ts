import { SERIES, type SeriesName } from '../series'
import { addDays, parisDayOf, quarterHoursIn } from '../time/paris'

/** What one fetch from a source brings in: one request can fill several series. */
export type Job = 'day-ahead' | 'capacity' | 'afrr-energy' | 'mfrr-energy'

export const JOB_SERIES: Record<Job, SeriesName[]> = {
  'day-ahead': ['day-ahead-prices'],
  capacity: ['fcr-capacity', 'afrr-capacity', 'mfrr-capacity'],
  'afrr-energy': ['afrr-energy'],
  'mfrr-energy': ['mfrr-energy'],
}

export const SERIES_JOB: Record<SeriesName, Job> = Object.fromEntries(
  Object.entries(JOB_SERIES).flatMap(([job, names]) => names.map((n) => [n, job]))
) as Record<SeriesName, Job>

/** How many past days each run re-checks for gaps. */
export const BACKFILL_DAYS = 7

/**
 * Delivery days each job should hold after a run at `now`, as [from, to).
 * Day-ahead prices (auction at 12:00 CET, results about 12:45) and capacity tender results
 * are published the day before delivery, so they run up to tomorrow; activated energy is
 * known only after the fact, so up to today (today partly, completed by later runs).
 */
export function windowFor(job: Job, now: Date): { from: string; to: string } {
  const today = parisDayOf(now.getTime())
  const last = job === 'day-ahead' || job === 'capacity' ? addDays(today, 1) : today
  return { from: addDays(today, -BACKFILL_DAYS), to: addDays(last, 1) }
}

/** Rows a complete delivery day holds for a series: its quarter-hours × its directions. */
export function expectedRows(series: SeriesName, day: string): number {
  return quarterHoursIn(day) * SERIES[series].directions.length
}

/**
 * The smallest [from, to) covering every day of the window that some series of the job does
 * not hold completely; null when nothing is missing (no request is made).
 */
export function missingRange(job: Job, window: { from: string; to: string }, held: Record<string, Map<string, number>>): { from: string; to: string } | null {
  let first: string | null = null
  let last: string | null = null
  for (let day = window.from; day < window.to; day = addDays(day, 1)) {
    const incomplete = JOB_SERIES[job].some((s) => (held[s]?.get(day) ?? 0) < expectedRows(s, day))
    if (incomplete) {
      first ??= day
      last = day
    }
  }
  return first && last ? { from: first, to: addDays(last, 1) } : null
}
