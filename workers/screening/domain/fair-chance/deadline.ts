import { isBusinessDay } from './holidays'

export type ResponsePeriod = { days: number; unit: 'business' | 'calendar'; basis: string; confidence: string }

const DAY_MS = 86_400_000

/**
 * The last day the applicant may answer a notice sent on `sentOn` (YYYY-MM-DD): the Nth
 * business day after it, or N calendar days after it moved to the next business day when
 * it falls on a weekend or federal holiday. Counting starts the day after the notice.
 */
export function respondBy(sentOn: string, period: Pick<ResponsePeriod, 'days' | 'unit'>): string {
  let day = new Date(`${sentOn}T00:00:00Z`)
  if (period.unit === 'calendar') {
    day = new Date(day.getTime() + period.days * DAY_MS)
    while (!isBusinessDay(day)) day = new Date(day.getTime() + DAY_MS)
  } else {
    for (let left = period.days; left > 0; ) {
      day = new Date(day.getTime() + DAY_MS)
      if (isBusinessDay(day)) left--
    }
  }
  return day.toISOString().slice(0, 10)
}

/**
 * Whether the window is still open at `now`. The property's time zone is not stored, so the
 * last day lasts until it has ended everywhere in the US (UTC−11, American Samoa): noon UTC
 * of the next day.
 */
export function windowOpen(respondByDay: string, now: Date): boolean {
  return now.getTime() < Date.parse(`${respondByDay}T12:00:00Z`) + DAY_MS
}
