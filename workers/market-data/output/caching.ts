/**
 * HTTP caching rules. Day-ahead prices are published once around 12:45 CET for the next
 * day and reserve results during the day; RTE may still correct energy data in the
 * following hours. A range that ended more than two days ago is settled and may be cached
 * for a day; anything more recent, and the "latest day" answer (which moves), for 5 minutes.
 */
export const SETTLED_AFTER_MS = 48 * 3_600_000
export const LONG_CACHE = 'public, max-age=86400, stale-while-revalidate=86400'
export const SHORT_CACHE = 'public, max-age=300'

export function cacheControl(rangeEndMs: number | null, latest: boolean, nowMs: number): string {
  if (latest || rangeEndMs === null) return SHORT_CACHE
  return rangeEndMs + SETTLED_AFTER_MS <= nowMs ? LONG_CACHE : SHORT_CACHE
}

/** If-None-Match per RFC 9110 §13.1.2: weak comparison, a list of tags, or `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const strip = (t: string) => t.trim().replace(/^W\//, '')
  return header.split(',').some((t) => strip(t) === strip(etag))
}
