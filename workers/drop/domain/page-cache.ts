// A small copy of stored pages held in this isolate's memory, for GET /v/{slug} (issue 19's
// speed target: one local KV read costs about as much CPU as a whole empty request, so only a
// copy in memory brings a view near an empty worker; docs/drop.md, "Performance design").
//
// Why a copy may be a few seconds old: Cloudflare KV itself serves a cached value for up to
// 60 s in other locations after a write or delete ("How KV works", developers.cloudflare.com/
// kv/concepts/how-kv-works/), so readers elsewhere may already see an old page that long. A copy
// kept PAGE_CACHE_TTL_MS in one isolate stays well inside that guarantee. The isolate that
// edits, deletes, burns or upgrades a drop forgets its copy at once (store.ts calls `forget`).

/**
 * How long a copy is served without asking KV again. Short next to KV's own 60 s, so an edit,
 * delete or takedown made in another isolate or by the admin script shows here within 5 s.
 */
export const PAGE_CACHE_TTL_MS = 5_000

export type PageCacheLimits = { entries: number; bytes: number; pageBytes: number }

/** 200 pages and 8 MiB per isolate (its memory limit is 128 MB); larger pages are never kept. */
export const PAGE_CACHE_LIMITS: PageCacheLimits = { entries: 200, bytes: 8 * 1024 * 1024, pageBytes: 512 * 1024 }

export type CachedPage = {
  bytes: Uint8Array<ArrayBuffer>
  /** ms since the epoch; null for a permanent drop. */
  expiresAt: number | null
  /** ms since the epoch, by the service clock (deps.now). */
  cachedAt: number
}

/**
 * `pages` in least-recently-used order (a Map keeps insertion order; a hit moves its page to the
 * end). `generation` counts every `forget`: a KV read that began before one is not kept, since
 * it may hold what the edit or delete just replaced.
 */
export type PageCache = { pages: Map<string, CachedPage>; bytes: number; generation: number }

export const createPageCache = (): PageCache => ({ pages: new Map(), bytes: 0, generation: 0 })

/** The copy to serve at `now`, or null (none, older than the TTL, or past the drop's expiry). */
export function lookup(cache: PageCache, slug: string, now: number): CachedPage | null {
  const page = cache.pages.get(slug)
  if (!page) return null
  const age = now - page.cachedAt
  // A clock before cachedAt (tests move deps.now both ways) is treated as stale too.
  if (age < 0 || age >= PAGE_CACHE_TTL_MS || (page.expiresAt !== null && now >= page.expiresAt)) {
    remove(cache, slug, page)
    return null
  }
  cache.pages.delete(slug)
  cache.pages.set(slug, page)
  return page
}

/**
 * Keeps a page, then evicts the least recently used until both bounds hold. Each eviction is
 * one Map deletion and at most `limits.entries` can happen, so the cost per call is bounded.
 * A page over `limits.pageBytes` is not kept.
 */
export function admit(cache: PageCache, slug: string, page: CachedPage, limits: PageCacheLimits): void {
  const old = cache.pages.get(slug)
  if (old) remove(cache, slug, old)
  if (page.bytes.byteLength > limits.pageBytes || page.bytes.byteLength > limits.bytes) return
  cache.pages.set(slug, page)
  cache.bytes += page.bytes.byteLength
  while (cache.pages.size > limits.entries || cache.bytes > limits.bytes) {
    const [oldest, evicted] = cache.pages.entries().next().value as [string, CachedPage]
    remove(cache, oldest, evicted)
  }
}

/** Drops the copy of one slug (edit, delete, burn, upgrade in this isolate). */
export function forget(cache: PageCache, slug: string): void {
  cache.generation++
  const page = cache.pages.get(slug)
  if (page) remove(cache, slug, page)
}

function remove(cache: PageCache, slug: string, page: CachedPage): void {
  cache.pages.delete(slug)
  cache.bytes -= page.bytes.byteLength
}

/** The one cache of this isolate (module state lives as long as the isolate). */
export const isolatePageCache = createPageCache()
