/**
 * What GET /api/status reports per series and zone: pure, from the day states and log rows
 * store.ts reads. A day is a gap when less than all of it is held (each direction over every
 * minute of the zone's day) or when some of what is held is null.
 */
import type { SeriesName } from './series'
import { addDays, parisDayOf } from './time/paris'
import { zoneByEic } from './zones'
import { isPartial } from './ingest/plan'

export const STATUS_WINDOW_DAYS = 30

export type DayState = { series: string; zone: string; delivery_day: string; minutes: number; nulls: number }

export type SeriesStatus = {
  series: string
  zone: string
  zone_name: string | null
  latest_day: string | null
  last_change_at: string | null
  last_success_at: string | null
  last_error_at: string | null
  last_error: string | null
  /** Days of the window (the last 30 days up to the latest day held) not held completely. */
  gaps: Array<{ day: string; problem: 'missing' | 'partial' | 'null_values' }>
}

export function gapsOf(series: SeriesName, zoneEic: string, days: DayState[], fromDay: string, toDay: string): SeriesStatus['gaps'] {
  const base = zoneByEic(zoneEic)?.baseOffsetMs
  if (base === undefined) return []
  const held = new Map(days.map((d) => [d.delivery_day, d]))
  const gaps: SeriesStatus['gaps'] = []
  for (let day = fromDay; day < toDay; day = addDays(day, 1)) {
    const d = held.get(day)
    if (!d || d.minutes <= 0) gaps.push({ day, problem: 'missing' })
    else if (isPartial(series, day, d.minutes, base)) gaps.push({ day, problem: 'partial' })
    else if (d.nulls > 0) gaps.push({ day, problem: 'null_values' })
  }
  return gaps
}

/** The window a status looks at: the last 30 days up to the latest day held (or today). */
export function statusWindow(latestDay: string | null, nowMs: number): { from: string; to: string } {
  const today = parisDayOf(nowMs)
  const last = latestDay && latestDay > today ? latestDay : today
  return { from: addDays(last, -STATUS_WINDOW_DAYS + 1), to: addDays(last, 1) }
}
