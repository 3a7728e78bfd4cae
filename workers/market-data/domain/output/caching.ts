/**
 * HTTP caching rules. Day-ahead prices are published around 12:45 CET for the next day and
 * reserve results during the day; RTE may still correct energy data in the following days,
 * and the cron re-reads the last 7 days for corrections (ingest/plan.ts). A range that ended
 * more than 8 days ago is settled: it is served from the Cache API and may be cached by
 * clients for a year (a correction changes its ETag, and the cache key with it). Anything
 * more recent, and the "latest day" answer (which moves), for 5 minutes.
 */
export const SETTLED_AFTER_MS = 8 * 86_400_000
export const LONG_CACHE = 'public, max-age=31536000, immutable'
export const SHORT_CACHE = 'public, max-age=300'

export function isImmutable(rangeEndMs: number, latest: boolean, nowMs: number): boolean {
  return !latest && rangeEndMs + SETTLED_AFTER_MS <= nowMs
}

export function cacheControl(rangeEndMs: number | null, latest: boolean, nowMs: number): string {
  if (latest || rangeEndMs === null) return SHORT_CACHE
  return isImmutable(rangeEndMs, latest, nowMs) ? LONG_CACHE : SHORT_CACHE
}

/** If-None-Match per RFC 9110 §13.1.2: weak comparison, a list of tags, or `*`. */
export function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false
  if (header.trim() === '*') return true
  const strip = (t: string) => t.trim().replace(/^W\//, '')
  return header.split(',').some((t) => strip(t) === strip(etag))
}
