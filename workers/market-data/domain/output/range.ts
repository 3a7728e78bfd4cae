import { DomainError } from '../../../../shared/errors'
import { addDays, dayStartUtc, parisDayOf, parseDay } from '../time/paris'
import { MAX_RANGE_DAYS, MAX_TOKEN_RANGE_DAYS, parseTimestamp, type SeriesQueryInput } from '../../schemas'
import type { Zone } from '../zones'

export type ResolvedRange = {
  startMs: number
  endMs: number
  /** Delivery days [fromDay, toDay) the range touches, in the zone's time. */
  fromDay: string
  toDay: string
  /** Whole days (the query named days, not times). */
  wholeDays: boolean
  latest: boolean
}

const DAY_MS = 86_400_000

/** A `start`/`end` value in ms: a day is the zone's local midnight. */
function instant(v: string, zone: Zone): number {
  return parseDay(v) !== null ? dayStartUtc(v, zone.baseOffsetMs) : parseTimestamp(v)!
}

/**
 * What a query asks for, or null when it asks for the latest day and none is held. Throws
 * DomainError INVALID_QUERY for a reversed or too long range (the limit depends on the caller).
 */
export function resolveRange(q: SeriesQueryInput, zone: Zone, latestDay: string | null, hasToken: boolean): ResolvedRange | null {
  const base = zone.baseOffsetMs
  if (q.date) return days(q.date, addDays(q.date, 1), base, false)
  if (q.start && q.end) {
    const startMs = instant(q.start, zone)
    const endMs = instant(q.end, zone)
    const max = hasToken ? MAX_TOKEN_RANGE_DAYS : MAX_RANGE_DAYS
    if (endMs <= startMs) throw invalid('end', 'must be after start (end is exclusive)')
    const spanDays = Math.ceil((endMs - startMs - 2 * 3_600_000) / DAY_MS)
    if (spanDays > max) {
      throw invalid(
        'end',
        `the range is ${spanDays} days; at most ${max} are allowed${hasToken ? '' : ' without a token (Authorization: Bearer mkt_…)'}`
      )
    }
    const whole = parseDay(q.start) !== null && parseDay(q.end) !== null
    return {
      startMs,
      endMs,
      fromDay: parisDayOf(startMs, base),
      toDay: addDays(parisDayOf(endMs - 1, base), 1),
      wholeDays: whole,
      latest: false,
    }
  }
  return latestDay ? days(latestDay, addDays(latestDay, 1), base, true) : null
}

function days(from: string, to: string, base: number, latest: boolean): ResolvedRange {
  return { startMs: dayStartUtc(from, base), endMs: dayStartUtc(to, base), fromDay: from, toDay: to, wholeDays: true, latest }
}

function invalid(path: string, message: string): DomainError {
  return new DomainError('INVALID_QUERY', `Invalid request: ${path}: ${message}.`, { issues: [{ path, message }] })
}
