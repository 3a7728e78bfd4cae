import { IsolateMemory } from '../../../shared/isolate-memory'

/**
 * This isolate's memory of KV values it read recently (the settled markers and the limiter's
 * "blocked" markers; routes/settled.ts), so a settled hit can skip its KV read for a few
 * seconds. The lead's decision for issue 22's cached-day target: docs/market-data.md,
 * "Caching and ETags". A null value ("no marker") is remembered too.
 */
export type RecentReads = IsolateMemory<string | null>

/** What the settled path remembers: each series and zone's settled marker and each limiter scope's "blocked" marker. */
export type SettledMemory = { markers: RecentReads; blocked: RecentReads }

/** 5 s (the lead's decision); 10,000 limiter scopes and 1,000 series/zone markers at most (6 series × ~40 zones fit). */
export const SETTLED_MEMORY_MS = 5_000

export function settledMemory(maxScopes = 10_000, maxMarkers = 1_000): SettledMemory {
  return {
    markers: new IsolateMemory<string | null>(SETTLED_MEMORY_MS, maxMarkers),
    blocked: new IsolateMemory<string | null>(SETTLED_MEMORY_MS, maxScopes),
  }
}
