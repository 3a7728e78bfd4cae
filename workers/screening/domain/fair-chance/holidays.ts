import data from '../../data/us-federal-holidays.json'

type Holiday = { name: string; month: number; day?: number; weekday?: number; nth?: number; since?: number }

const HOLIDAYS = data.holidays as Holiday[]

const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d))

/** The observed date of one holiday in a year (5 U.S.C. § 6103). */
function observed(h: Holiday, year: number): Date | null {
  if (h.since && year < h.since) return null
  if (h.day !== undefined) {
    const date = utc(year, h.month, h.day)
    const dow = date.getUTCDay()
    if (dow === 6) return utc(year, h.month, h.day - 1)
    if (dow === 0) return utc(year, h.month, h.day + 1)
    return date
  }
  const { weekday = 1, nth = 1 } = h
  if (nth > 0) {
    const first = utc(year, h.month, 1).getUTCDay()
    return utc(year, h.month, 1 + ((weekday - first + 7) % 7) + (nth - 1) * 7)
  }
  const last = utc(year, h.month + 1, 0)
  return utc(year, h.month, last.getUTCDate() - ((last.getUTCDay() - weekday + 7) % 7))
}

/** The observed federal holidays of a year as YYYY-MM-DD (New Year's of the next year may fall on Dec 31). */
export function federalHolidays(year: number): Set<string> {
  const days = new Set<string>()
  for (const y of [year, year + 1]) {
    for (const h of HOLIDAYS) {
      const d = observed(h, y)
      if (d && d.getUTCFullYear() === year) days.add(d.toISOString().slice(0, 10))
    }
  }
  return days
}

export function isBusinessDay(day: Date): boolean {
  const dow = day.getUTCDay()
  return dow !== 0 && dow !== 6 && !federalHolidays(day.getUTCFullYear()).has(day.toISOString().slice(0, 10))
}
