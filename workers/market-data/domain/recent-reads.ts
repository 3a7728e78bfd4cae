import { IsolateMemory } from '../../../shared/isolate-memory'

/**
 * This isolate's memory of KV values it read recently (the settled markers and the limiter's
 * "blocked" markers; routes/settled.ts), so a settled hit can skip its KV read for a few
 * seconds. The lead's decision for issue 22's cached-day target: docs/market-data.md,
 * "Caching and ETags". A null value ("no marker") is remembered too.
 */
export type RecentReads = IsolateMemory<string | null>

/**
 * A settled answer of one delivery day as the Cache API holds it: its bytes and the settled
 * marker it was computed under. Served only while that marker is the current one, exactly as
 * the Cache API's copy is (docs/market-data.md, "Caching and ETags").
 */
export type SettledAnswer = { marker: string; etag: string; contentType: string; body: Uint8Array }

/**
 * What the settled path remembers: each series and zone's settled marker, each limiter
 * scope's "blocked" marker, and the answers of one day it last read from the Cache API.
 */
export type SettledMemory = { markers: RecentReads; blocked: RecentReads; answers: IsolateMemory<SettledAnswer> }

/** 5 s (the lead's decision); 10,000 limiter scopes and 1,000 series/zone markers at most (6 series × ~40 zones fit). */
export const SETTLED_MEMORY_MS = 5_000

/**
 * Answers are kept a minute: the marker check decides whether one may be served, the lifetime
 * only how long an unused one holds memory. One day is at most 192 records (two directions),
 * under 64 KB even with provenance, so 128 answers hold at most 8 MB of an isolate's 128 MB.
 */
export const SETTLED_ANSWER_MS = 60_000
export const SETTLED_ANSWERS = 128

export function settledMemory(maxScopes = 10_000, maxMarkers = 1_000, maxAnswers = SETTLED_ANSWERS): SettledMemory {
  return {
    markers: new IsolateMemory<string | null>(SETTLED_MEMORY_MS, maxMarkers),
    blocked: new IsolateMemory<string | null>(SETTLED_MEMORY_MS, maxScopes),
    answers: new IsolateMemory<SettledAnswer>(SETTLED_ANSWER_MS, maxAnswers),
  }
}
