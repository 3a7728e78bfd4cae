import type { Context, MiddlewareHandler } from 'hono'
import { assertNotBlockedBy, blockedMarkerKey } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'
import { SERIES, SERIES_NAMES, type SeriesName } from '../domain/series'
import { KNOWN_PARAMS, SeriesQuery } from '../schemas'
import { resolveRange } from '../domain/output/range'
import { LONG_CACHE, etagMatches, isImmutable } from '../domain/output/caching'
import { openCache, settledMarkerWith } from '../store'
import { settledMarkerKey } from '../settled-key'
import type { SettledMemory } from '../domain/recent-reads'
import { answerVariant, csvDisposition, ignoredWarning, isCacheableSpan, pickZone } from '../domain/answer'

/** Header stored with a cached settled answer (never sent): the settled marker it was computed under. */
export const SETTLED_MARKER_HEADER = 'X-Md-Settled-Marker'

export type SettledOptions = {
  /** The rate limiter's scope for this caller (`<scope>:<key>`), to honour its "blocked" marker. */
  limiterScope: (c: Context<AppEnv>) => string
  limit: (c: Context<AppEnv>) => number
  /**
   * Which callers this instance answers: `anonymous` (no Authorization header; mounted first,
   * before the token lookup) or `token` (mounted after apiKeyAuth, so a bad token is still a 401).
   */
  callers: 'anonymous' | 'token'
  /** This isolate's memory of the markers (domain/recent-reads.ts), one for both instances. */
  memory: SettledMemory
}

// Load and generation share a path with a selecting parameter (`kind=`, `psr_type=`): they take
// the route's own settled cache, whose key carries the whole request shape.
const OWN_PATH = new Set<string>(SERIES_NAMES.filter((n) => !SERIES[n].path))

/**
 * The hot path of a settled range (ended more than 8 days ago, up to a month long): the
 * answer comes from the Cache API without D1 and without the rate limiter's Durable Object.
 * For anonymous callers it is the first thing the worker does after reading the query.
 *
 * One round of I/O, in parallel: the Cache API read (key = the request shape) and one KV
 * call holding both the series and zone's settled marker and the caller's "blocked" marker
 * (three sequential reads cost a hit more than the rest of it together; docs/market-data.md,
 * "Performance design"). When this isolate read both markers less than 5 s ago (`options.memory`, on
 * the worker's clock) the KV call is skipped and the remembered values stand for it: the
 * lead's decision for the cached-day target, so a correction or a block from elsewhere shows
 * within 5 s rather than at once (docs/market-data.md, "Caching and ETags"). A cached answer
 * is used only if it was computed under the current marker (remembered or read; stored with
 * the answer in a header); otherwise, or on a miss, the route computes it from D1 (counted
 * by the limiter as usual) and stores it with that marker.
 *
 * Why the marker keeps it correct: every writer publishes the zone_state change counter as
 * the marker after writing (store.ts syncSettledMarkers) or deletes it (npm run ingest), so
 * after a correction of an old day the marker differs from the one stored with every answer
 * cached before it; such an answer is never served again, and the next request replaces it.
 * The marker is read before the answer is computed, so an answer is never labelled with a
 * marker newer than its data.
 *
 * Not counted by the limiter (docs/market-data.md, "Access and limits"), but a client the
 * limiter has blocked is refused the cached answer too.
 */
export function settledCache(options: SettledOptions): MiddlewareHandler<AppEnv> {
  return async function settledCacheMiddleware(c, next) {
    const name = c.req.path.slice('/api/'.length) as SeriesName
    if (c.req.method !== 'GET' || !OWN_PATH.has(name)) return next()
    const hasToken = Boolean(c.var.apiKey)
    if (options.callers === 'anonymous' ? c.req.header('authorization') !== undefined : !hasToken) return next()
    const raw = c.req.queries()
    const single: Record<string, string> = {}
    for (const [k, v] of Object.entries(raw)) {
      if (v.length !== 1) return next()
      single[k] = v[0]
    }
    const parsed = SeriesQuery.safeParse(single)
    if (!parsed.success) return next()
    const q = parsed.data
    const now = c.var.deps.now().getTime()
    let shape
    try {
      const zone = pickZone(q, name)
      const range = resolveRange(q, zone, null, hasToken)
      // No range here means "the latest day", which moves: not settled.
      if (!range || !isImmutable(range.endMs, range.latest, now) || !isCacheableSpan(range)) return next()
      shape = { zone, range }
    } catch {
      return next() // the route answers the 400
    }
    const cache = await openCache()
    if (!cache) return next()

    const keyUrl = `${c.env.BASE_URL}/__cache/settled/${encodeURIComponent(answerVariant(name, shape.zone, shape.range, q))}`
    const blockedKey = blockedMarkerKey(options.limiterScope(c))
    const markerKey = settledMarkerKey(name, shape.zone.eic)
    const { markers, blocked, answers } = options.memory
    const knownMarker = markers.fresh(markerKey, now)
    const knownBlocked = blocked.fresh(blockedKey, now)
    // This isolate's copy of the Cache API's answer, if it read it within a minute: used
    // under the same rule as the Cache API's copy (computed under the current marker).
    const remembered = answers.fresh(keyUrl, now)?.value
    let hit: Response | undefined
    let kv: { marker: string | null; other: string | null }
    if (knownMarker && knownBlocked) {
      kv = { marker: knownMarker.value, other: knownBlocked.value }
    } else {
      ;[hit, kv] = await Promise.all([
        remembered ? undefined : cache.match(keyUrl),
        settledMarkerWith(c.env.CACHE, name, shape.zone.eic, blockedKey),
      ])
      markers.remember(markerKey, kv.marker, now)
      blocked.remember(blockedKey, kv.other, now)
    }
    // No marker published: the route's own cache, keyed by the D1 ETag.
    if (kv.marker === null) {
      await hit?.body?.cancel()
      return next()
    }
    let answer: { etag: string; contentType: string; body: Uint8Array | ReadableStream | null } | null = null
    if (remembered && remembered.marker === kv.marker) {
      answer = remembered
    } else {
      hit ??= await cache.match(keyUrl)
      if (!hit || hit.headers.get(SETTLED_MARKER_HEADER) !== kv.marker) {
        await hit?.body?.cancel()
        c.set('settled', { key: new Request(keyUrl), marker: kv.marker })
        return next()
      }
      answer = {
        etag: hit.headers.get('ETag') ?? '',
        contentType: hit.headers.get('Content-Type') ?? 'application/octet-stream',
        body: hit.body,
      }
      if (shape.range.endMs - shape.range.startMs <= MAX_REMEMBERED_SPAN_MS) {
        // A day's answer is at most a few tens of KB: read whole, kept if small enough.
        const body = new Uint8Array(await hit.arrayBuffer())
        answer.body = body
        if (body.byteLength <= MAX_REMEMBERED_BYTES) answers.remember(keyUrl, { ...answer, marker: kv.marker, body }, now)
      }
    }
    const body = answer.body
    const cancel = async () => {
      if (body instanceof ReadableStream) await body.cancel()
    }
    try {
      assertNotBlockedBy(kv.other, options.limit(c), now)
    } catch (e) {
      await cancel()
      throw e
    }

    const etag = answer.etag
    const headers = new Headers({ ETag: etag, 'Cache-Control': LONG_CACHE })
    const ignored = Object.keys(raw).filter((k) => !KNOWN_PARAMS.has(k))
    if (ignored.length) headers.set('Warning', ignoredWarning(ignored))
    if (etagMatches(c.req.header('if-none-match'), etag)) {
      await cancel()
      return new Response(null, { status: 304, headers })
    }
    headers.set('Content-Type', answer.contentType)
    if (q.format === 'csv') headers.set('Content-Disposition', csvDisposition(name, shape.zone, q, shape.range))
    return new Response(body, { status: 200, headers })
  }
}

// Answers remembered in the isolate: ranges of a delivery day at most (25 h on the day the
// clocks go back) and 64 KB (domain/recent-reads.ts).
const MAX_REMEMBERED_SPAN_MS = 25 * 3_600_000
const MAX_REMEMBERED_BYTES = 64 * 1024
