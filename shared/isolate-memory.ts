/**
 * What this isolate read recently from D1, KV or a Durable Object, each value kept for
 * `lifetimeMs` on the caller's clock (the worker's `deps.now`, so tests move it). Where a
 * service accepts answering from it, the lifetime is the longest a change may take to show.
 *
 * Bounded: an isolate serves every client, so at most `maxEntries` keys. A Map keeps insertion
 * order and a key remembered again moves to the end, so the oldest read is dropped first.
 */
export class IsolateMemory<V> {
  private readonly entries = new Map<string, { value: V; readAt: number }>()

  constructor(
    private readonly lifetimeMs: number,
    private readonly maxEntries: number
  ) {}

  /** The value read less than the lifetime ago, or undefined (never read, expired, or the clock went back). */
  fresh(key: string, now: number): { value: V } | undefined {
    const entry = this.entries.get(key)
    if (!entry) return undefined
    const age = now - entry.readAt
    if (age >= 0 && age < this.lifetimeMs) return { value: entry.value }
    this.entries.delete(key)
    return undefined
  }

  remember(key: string, value: V, now: number): void {
    this.entries.delete(key)
    this.entries.set(key, { value, readAt: now })
    while (this.entries.size > this.maxEntries) {
      const oldest = this.entries.keys().next().value
      if (oldest === undefined) break
      this.entries.delete(oldest)
    }
  }

  /** Replaces a remembered value and keeps when it was read (its lifetime does not restart). */
  revise(key: string, value: V): void {
    const entry = this.entries.get(key)
    if (entry) entry.value = value
  }

  get size(): number {
    return this.entries.size
  }
}
