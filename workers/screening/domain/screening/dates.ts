/** `YYYY-MM-DD` that names a real calendar day from 1900-01-01 up to today (UTC). */
export function isRealDate(value: string, now: Date = new Date()): boolean {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value)
  if (!m) return false
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])]
  const date = new Date(Date.UTC(y, mo - 1, d))
  const real = date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d
  return real && y >= 1900 && value <= now.toISOString().slice(0, 10)
}

/**
 * At least 18 on `now` (UTC): the only use of the date of birth. Someone born on 29 February
 * turns 18 on 1 March in common years. Age is a protected characteristic under some state
 * laws, so it never reaches the score.
 */
export function isAdult(dob: string, now: Date): boolean {
  const [y, m, d] = dob.split('-').map(Number)
  const eighteenth = new Date(Date.UTC(y + 18, m - 1, d))
  return eighteenth.getTime() <= Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate())
}
