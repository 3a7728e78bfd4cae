/**
 * Europe/Paris delivery days on the UTC quarter-hour grid, computed from the EU summer-time
 * rule rather than from the runtime's time-zone database, so workerd and Node agree exactly.
 *
 * Directive 2000/84/EC, arts. 2 and 3: summer time begins at 01:00 UTC on the last Sunday of
 * March and ends at 01:00 UTC on the last Sunday of October. France is UTC+1 in winter (CET)
 * and UTC+2 in summer (CEST). Both switches happen at 01:00 UTC (02:00 or 03:00 local), so
 * local midnight is never ambiguous and a delivery day is 23, 24 or 25 hours long:
 * 92, 96 or 100 quarter-hours.
 */
export const MINUTE_MS = 60_000
export const QUARTER_MS = 15 * MINUTE_MS
export const HOUR_MS = 60 * MINUTE_MS
const DAY_MS = 24 * HOUR_MS

const DAY_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/

/** Midnight UTC of a calendar date, or null when the text is not a real YYYY-MM-DD date. */
export function parseDay(day: string): number | null {
  const m = DAY_PATTERN.exec(day)
  if (!m) return null
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const ms = Date.UTC(y, mo - 1, d)
  const back = new Date(ms)
  if (back.getUTCFullYear() !== y || back.getUTCMonth() !== mo - 1 || back.getUTCDate() !== d) return null
  return ms
}

function requireDay(day: string): number {
  const ms = parseDay(day)
  if (ms === null) throw new RangeError(`Not a calendar date: ${day}`)
  return ms
}

/** Midnight UTC of the last Sunday of a month (monthIndex 0-11). */
function lastSundayUtc(year: number, monthIndex: number): number {
  const lastDay = Date.UTC(year, monthIndex + 1, 0)
  return lastDay - new Date(lastDay).getUTCDay() * DAY_MS
}

/** The UTC instants summer time starts and ends in a year (Directive 2000/84/EC). */
export function summerTime(year: number): { startMs: number; endMs: number } {
  return {
    startMs: lastSundayUtc(year, 2) + HOUR_MS,
    endMs: lastSundayUtc(year, 9) + HOUR_MS,
  }
}

/**
 * Offset of local time from UTC at an instant: one hour in winter, two in summer for Paris.
 * Every other zone we serve follows the same EU rule from its own winter offset `base`
 * (0 for Lisbon/Dublin, 2 h for Helsinki/Athens…), so the same functions give any zone's day.
 */
export function parisOffsetMs(utcMs: number, base = HOUR_MS): number {
  const { startMs, endMs } = summerTime(new Date(utcMs).getUTCFullYear())
  return utcMs >= startMs && utcMs < endMs ? base + HOUR_MS : base
}

/** First instant (UTC ms) of a delivery day (Paris unless `base` names another zone's winter offset). */
export function dayStartUtc(day: string, base = HOUR_MS): number {
  const midnight = requireDay(day)
  // Local midnight is midnight minus the offset in force then; try winter, then summer.
  for (const offset of [base, base + HOUR_MS]) {
    if (parisOffsetMs(midnight - offset, base) === offset) return midnight - offset
  }
  /* c8 ignore next: unreachable, midnight is never inside a switch */
  throw new RangeError(`No local midnight on ${day}`)
}

/** The delivery day's UTC span, end exclusive. */
export function dayBoundsUtc(day: string, base = HOUR_MS): { startMs: number; endMs: number } {
  return { startMs: dayStartUtc(day, base), endMs: dayStartUtc(addDays(day, 1), base) }
}

/** 96 on an ordinary day, 92 on the spring switch, 100 on the autumn one. */
export function quarterHoursIn(day: string, base = HOUR_MS): number {
  const { startMs, endMs } = dayBoundsUtc(day, base)
  return (endMs - startMs) / QUARTER_MS
}

/** The Paris delivery day an instant belongs to. */
export function parisDayOf(utcMs: number, base = HOUR_MS): string {
  return new Date(utcMs + parisOffsetMs(utcMs, base)).toISOString().slice(0, 10)
}

/** Calendar arithmetic on YYYY-MM-DD dates. */
export function addDays(day: string, n: number): string {
  return new Date(requireDay(day) + n * DAY_MS).toISOString().slice(0, 10)
}

/** Whole days from `a` to `b` (b - a). */
export function daysBetween(a: string, b: string): number {
  return Math.round((requireDay(b) - requireDay(a)) / DAY_MS)
}

/** `2025-10-26T01:00:00Z`: second precision with a `Z`, the form every response uses. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19) + 'Z'
}

/** Paris local wall-clock time with its offset, `2025-10-26T00:00:00+02:00` (RTE's query format). */
export function isoParis(utcMs: number, base = HOUR_MS): string {
  const offset = parisOffsetMs(utcMs, base)
  const local = new Date(utcMs + offset).toISOString().slice(0, 19)
  return `${local}+0${offset / HOUR_MS}:00`
}
