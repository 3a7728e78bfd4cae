import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import app from '../../workers/market-data/index'
import { insertKey } from '../../shared/key-store'
import { newKeyRecord } from '../../shared/keys'
import { settledMarkerKey, syncSettledMarkers } from '../../workers/market-data/store'
import { loadEntsoe } from './helpers/load'
import pt15 from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'

// 2025-11-12 ended long before the tests' clock (Date.now()): a settled day.
const DAY = '/api/day-ahead-prices?date=2025-11-12'
type Price = { price_eur_mwh: number | null }

beforeAll(async () => {
  await loadEntsoe(pt15)
  await syncSettledMarkers(env.DB, env.CACHE)
})

describe('settled days from the Cache API', () => {
  it('answers a cached settled day without D1 or the rate limiter, with the same body, ETag and 304', async () => {
    const first = await app.request(DAY, {}, env)
    expect(first.status).toBe(200)
    const etag = first.headers.get('etag')!
    const body = await first.text()
    expect(JSON.parse(body)).toHaveLength(96)

    // Without the database and the Durable Object bindings a request that touched either would fail.
    const bare = { ...env, DB: undefined, RATE_LIMITER: undefined }
    const hit = await app.request(DAY, { headers: { Origin: 'https://example.org' } }, bare)
    expect(hit.status).toBe(200)
    expect(await hit.text()).toBe(body)
    expect(hit.headers.get('etag')).toBe(etag)
    expect(hit.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(hit.headers.get('content-type')).toBe('application/json; charset=utf-8')
    expect(hit.headers.get('access-control-allow-origin')).toBe('*')

    const revalidated = await app.request(DAY, { headers: { 'If-None-Match': etag } }, bare)
    expect(revalidated.status).toBe(304)
    expect(revalidated.headers.get('etag')).toBe(etag)

    // The Warning of one request's unknown parameters is not stored with the answer.
    const odd = await app.request(`${DAY}&foo=1`, {}, bare)
    expect(odd.headers.get('warning')).toMatch(/foo/)
    expect((await app.request(DAY, {}, bare)).headers.get('warning')).toBeNull()
  })

  it('serves a late correction of an old day once the writer has published it, with a new ETag', async () => {
    const before = await app.request(DAY, {}, env)
    const oldTag = before.headers.get('etag')!
    const oldFirst = ((await before.json()) as Price[])[0].price_eur_mwh
    expect(oldFirst).not.toBe(6.66)

    await loadEntsoe(pt15.replace(/<price\.amount>[^<]+/, '<price.amount>6.66'))
    expect(await syncSettledMarkers(env.DB, env.CACHE)).toBe(1)

    const after = await app.request(DAY, {}, env)
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(oldTag)
    expect(((await after.json()) as Price[])[0].price_eur_mwh).toBe(6.66)
    // The old ETag no longer matches: the client gets the corrected day, not a 304.
    const stale = await app.request(DAY, { headers: { 'If-None-Match': oldTag } }, env)
    expect(stale.status).toBe(200)
    // And the corrected answer is the one now served from the cache.
    const bare = { ...env, DB: undefined, RATE_LIMITER: undefined }
    expect(((await (await app.request(DAY, {}, bare)).json()) as Price[])[0].price_eur_mwh).toBe(6.66)
    // Publishing again with nothing changed moves no marker.
    expect(await syncSettledMarkers(env.DB, env.CACHE)).toBe(0)
  })

  it('does not count cached answers, but refuses them to a client the limiter has blocked', async () => {
    const limited = { ...env, ANONYMOUS_PER_MINUTE: '1' }
    const ask = (path: string, ip: string) => app.request(path, { headers: { 'CF-Connecting-IP': ip } }, limited)
    await app.request(DAY, {}, env) // cached
    for (let i = 0; i < 3; i++) expect((await ask(DAY, '192.0.2.10')).status).toBe(200)
    // The one request a minute is still there for an answer computed from D1 ...
    expect((await ask('/api/day-ahead-prices?date=2025-11-11', '192.0.2.10')).status).toBe(200)
    // ... and the next one is refused, after which cached answers are refused too.
    expect((await ask('/api/day-ahead-prices?date=2025-11-10', '192.0.2.10')).status).toBe(429)
    const blocked = await ask(DAY, '192.0.2.10')
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await blocked.json()) as { code: string }).code).toBe('RATE_LIMITED')
    expect((await ask(DAY, '192.0.2.11')).status).toBe(200)
  })

  it('falls back to D1 when the marker is gone, as npm run ingest leaves it after a load', async () => {
    await app.request(DAY, {}, env) // cached under the current marker
    await env.CACHE.delete(settledMarkerKey('day-ahead-prices', '10YFR-RTE------C'))
    await loadEntsoe(pt15.replace(/<price\.amount>[^<]+/, '<price.amount>5.55'))
    expect(((await (await app.request(DAY, {}, env)).json()) as Price[])[0].price_eur_mwh).toBe(5.55)
  })

  it('checks a token before answering from the cache: a bad one is a 401, a good one gets the cached day uncounted', async () => {
    await syncSettledMarkers(env.DB, env.CACHE) // the test before left no marker
    const cached = await app.request(DAY, {}, env)
    const body = await cached.text()
    const bare = { ...env, RATE_LIMITER: undefined }
    const bad = await app.request(DAY, { headers: { Authorization: `Bearer mkt_${'B'.repeat(32)}` } }, bare)
    expect(bad.status).toBe(401)

    const { rawKey, row } = await newKeyRecord({ service: 'market-data', plan: 'standard', now: new Date() })
    await insertKey(env.DB, row)
    const good = { headers: { Authorization: `Bearer ${rawKey}` } }
    const hit = await app.request(DAY, good, bare)
    expect(hit.status).toBe(200)
    expect(await hit.text()).toBe(body)
    expect(hit.headers.get('ratelimit-limit')).toBeNull()
  })
})
