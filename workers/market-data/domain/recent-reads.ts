/**
 * This isolate's memory of KV values it read recently (the settled markers and the limiter's
 * "blocked" markers; routes/settled.ts), so a settled hit can skip its KV read for a few
 * seconds. The lead's decision for issue 22's cached-day target: docs/market-data.md,
 * "Caching and ETags". Time is the worker's clock (`deps.now`), so tests move it.
 *
 * Bounded: at most `maxEntries` keys; a Map keeps insertion order and a key read again moves
 * to the end, so the oldest read is dropped first.
 */
export class RecentReads {
  private readonly entries = new Map<string, { value: string | null; readAt: number }>()

  constructor(
    private readonly lifetimeMs: number,
    private readonly maxEntries: number
  ) {}

  /** The value read less than the lifetime ago, or undefined (never read, expired, or the clock went back). */
  fresh(key: string, now: number): { value: string | null } | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    const age = now - entry.readAt
    if (age >= 0 && age < this.lifetimeMs) return { value: entry.value }
    this.entries.delete(key)
    return undefined
  }

  remember(key: string, value: string | null, now: number): void {
    this.entries.delete(key)
    this.entries.set(key, { value, readAt: now })
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }

  get size(): number {
    return this.entries.size
  }
}

/** What the settled path remembers: each series and zone's settled marker and each limiter scope's "blocked" marker. */
export type SettledMemory = { markers: RecentReads; blocked: RecentReads }

/** 5 s (the lead's decision); 10,000 limiter scopes and 1,000 series/zone markers at most (6 series × ~40 zones fit). */
export const SETTLED_MEMORY_MS = 5_000

export function settledMemory(maxScopes = 10_000, maxMarkers = 1_000): SettledMemory {
  return { markers: new RecentReads(SETTLED_MEMORY_MS, maxMarkers), blocked: new RecentReads(SETTLED_MEMORY_MS, maxScopes) }
}
