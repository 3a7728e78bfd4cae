import type { Context, MiddlewareHandler } from 'hono'
import { assertNotBlocked } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'
import { SERIES_NAMES, type SeriesName } from '../series'
import { KNOWN_PARAMS, SeriesQuery } from '../schemas'
import { resolveRange } from '../output/range'
import { LONG_CACHE, etagMatches, isImmutable } from '../output/caching'
import { settledMarker } from '../store'
import { answerVariant, csvDisposition, ignoredWarning, isCacheableSpan, openCache, pickZone } from './series'

export type SettledOptions = {
  /** The rate limiter's scope for this caller (`<scope>:<key>`), to honour its "blocked" marker. */
  limiterScope: (c: Context<AppEnv>) => string
  limit: (c: Context<AppEnv>) => number
}

/**
 * The hot path of a settled range (ended more than 8 days ago, up to a month long): the
 * answer comes from the Cache API under a key made of the request shape and the series and
 * zone's settled marker (one KV read), without D1 and without the rate limiter's Durable
 * Object. Mounted before the rate limiter: a cached answer is not counted, but a client the
 * limiter has blocked is refused it too. On a miss the key is handed to the route, which
 * computes the answer from D1 (counted as usual) and fills the cache.
 *
 * Why the marker keeps it correct: every writer publishes the zone_state change counter as
 * the marker after writing (store.ts syncSettledMarkers) or deletes it (npm run ingest), so
 * a correction of an old day moves the key; an answer cached under an older marker is never
 * asked for again.
 */
export function settledCache(options: SettledOptions): MiddlewareHandler<AppEnv> {
  return async function settledCacheMiddleware(c, next) {
    const name = c.req.path.slice('/api/'.length) as SeriesName
    if (c.req.method !== 'GET' || !SERIES_NAMES.includes(name)) return next()
    const raw = c.req.queries()
    const single: Record<string, string> = {}
    for (const [k, v] of Object.entries(raw)) {
      if (v.length !== 1) return next()
      single[k] = v[0]
    }
    const parsed = SeriesQuery.safeParse(single)
    if (!parsed.success) return next()
    const q = parsed.data
    let shape
    try {
      const zone = pickZone(q, name)
      const range = resolveRange(q, zone, null, Boolean(c.var.apiKey))
      // No range here means "the latest day", which moves: not settled.
      if (!range || !isImmutable(range.endMs, range.latest, c.var.deps.now()) || !isCacheableSpan(range)) return next()
      shape = { zone, range }
    } catch {
      return next() // the route answers the 400
    }

    const marker = await settledMarker(c.env.CACHE, name, shape.zone.eic)
    const cache = marker === null ? null : await openCache()
    if (!cache) return next()
    const key = new Request(`${c.env.BASE_URL}/__cache/settled/${encodeURIComponent(answerVariant(name, shape.zone, shape.range, q))}/${marker}`)
    const hit = await cache.match(key)
    if (!hit) {
      c.set('settledCacheKey', key)
      return next()
    }
    await assertNotBlocked(c.env.CACHE, options.limiterScope(c), options.limit(c), c.var.deps.now())

    const etag = hit.headers.get('ETag') ?? ''
    const headers = new Headers({ ETag: etag, 'Cache-Control': LONG_CACHE })
    const ignored = Object.keys(raw).filter((k) => !KNOWN_PARAMS.has(k))
    if (ignored.length) headers.set('Warning', ignoredWarning(ignored))
    if (etagMatches(c.req.header('if-none-match'), etag)) {
      await hit.body?.cancel()
      return new Response(null, { status: 304, headers })
    }
    headers.set('Content-Type', hit.headers.get('Content-Type') ?? 'application/octet-stream')
    if (q.format === 'csv') headers.set('Content-Disposition', csvDisposition(name, shape.zone, q, shape.range))
    return new Response(hit.body, { status: 200, headers })
  }
}
