import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app, makeApp } from './app'
import { insertKey } from '../../shared/key-store'
import { newKeyRecord } from '../../shared/keys'
import { settledMarkerKey } from '../../workers/market-data/settled-key'
import { syncSettledMarkers } from '../../workers/market-data/store'
import { loadEntsoe } from './helpers/load'
import pt15 from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'

// 2025-11-12 ended long before the tests' clock (Date.now()): a settled day.
const DAY = '/api/day-ahead-prices?date=2025-11-12'
type Price = { price_eur_mwh: number | null }
const firstPrice = async (res: Response) => ((await res.json()) as Price[])[0].price_eur_mwh

/**
 * An app with its own clock and its own isolate memory (as a second isolate would have);
 * `advance` moves its clock. The settled path remembers markers it read for 5 s of it.
 */
function clockedApp(start = Date.now()) {
  let now = start
  const own = makeApp({
    clock: {
      get now() {
        return new Date(now)
      },
    },
  })
  return { app: own, advance: (ms: number) => void (now += ms) }
}

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

  it('serves a late correction of an old day within 5 s of its publication, with a new ETag', async () => {
    // Changed by the lead's decision for the cached-day target (issue 22): the settled path
    // remembers the marker it read for 5 s, so the correction shows once 5 s have passed
    // on the worker's clock, not at once.
    const { app, advance } = clockedApp()
    const before = await app.request(DAY, {}, env)
    const oldTag = before.headers.get('etag')!
    expect(await firstPrice(before)).not.toBe(6.66)

    await loadEntsoe(pt15.replace(/<price\.amount>[^<]+/, '<price.amount>6.66'))
    expect(await syncSettledMarkers(env.DB, env.CACHE)).toBe(1)

    advance(4_999)
    const early = await app.request(DAY, {}, env)
    expect(early.headers.get('etag')).toBe(oldTag)
    expect(await firstPrice(early)).not.toBe(6.66)

    advance(1)
    const after = await app.request(DAY, {}, env)
    expect(after.status).toBe(200)
    expect(after.headers.get('etag')).not.toBe(oldTag)
    expect(await firstPrice(after)).toBe(6.66)
    // The old ETag no longer matches: the client gets the corrected day, not a 304.
    const stale = await app.request(DAY, { headers: { 'If-None-Match': oldTag } }, env)
    expect(stale.status).toBe(200)
    // And the corrected answer is the one now served from the cache.
    const bare = { ...env, DB: undefined, RATE_LIMITER: undefined }
    expect(await firstPrice(await app.request(DAY, {}, bare))).toBe(6.66)
    // An isolate that never read the old marker sees the correction at once.
    expect(await firstPrice(await clockedApp().app.request(DAY, {}, env))).toBe(6.66)
    // Publishing again with nothing changed moves no marker.
    expect(await syncSettledMarkers(env.DB, env.CACHE)).toBe(0)
  })

  it('does not count cached answers, but refuses them to a client the limiter has blocked: at once where it was refused, within 5 s elsewhere', async () => {
    const limited = { ...env, ANONYMOUS_PER_MINUTE: '1' }
    const start = Date.now()
    // Two isolates of the worker: each its own memory, both on the same KV, D1 and limiter.
    const one = clockedApp(start)
    const other = clockedApp(start)
    type Clocked = ReturnType<typeof clockedApp>
    const ask = (at: Clocked, path: string, ip: string, bindings: object = limited) =>
      at.app.request(path, { headers: { 'CF-Connecting-IP': ip } }, bindings)
    await one.app.request(DAY, {}, env) // cached
    for (let i = 0; i < 3; i++) expect((await ask(one, DAY, '192.0.2.10')).status).toBe(200)
    expect((await ask(other, DAY, '192.0.2.10')).status).toBe(200) // the other isolate read it unblocked
    // The one request a minute is still there for an answer computed from D1 ...
    expect((await ask(one, '/api/day-ahead-prices?date=2025-11-11', '192.0.2.10')).status).toBe(200)
    // ... and the next one is refused, after which cached answers are refused too, at once in
    // the isolate whose limiter refused it.
    expect((await ask(one, '/api/day-ahead-prices?date=2025-11-10', '192.0.2.10')).status).toBe(429)
    const blocked = await ask(one, DAY, '192.0.2.10')
    expect(blocked.status).toBe(429)
    expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(((await blocked.json()) as { code: string }).code).toBe('RATE_LIMITED')
    expect((await ask(one, DAY, '192.0.2.11')).status).toBe(200)

    // The other isolate remembers the client unblocked for 5 s of its clock (the lead's
    // decision, docs/market-data.md), then reads the limiter's marker and refuses it.
    other.advance(4_999)
    expect((await ask(other, DAY, '192.0.2.10')).status).toBe(200)
    other.advance(1)
    const late = await ask(other, DAY, '192.0.2.10')
    expect(late.status).toBe(429)
    expect(Number(late.headers.get('retry-after'))).toBeGreaterThan(50)

    // An isolate that reads the marker while it stands refuses at once, and goes on refusing
    // from its memory without KV.
    const third = clockedApp(start + 1_000)
    expect((await ask(third, DAY, '192.0.2.10')).status).toBe(429)
    const noKv = { ...limited, CACHE: undefined, DB: undefined, RATE_LIMITER: undefined }
    expect((await ask(third, DAY, '192.0.2.10', noKv)).status).toBe(429)
    expect((await ask(third, DAY, '192.0.2.12')).status).toBe(200)
  })

  it('reads no KV for 5 s after reading the markers; then falls back to D1 when the marker is gone, as npm run ingest leaves it', async () => {
    const { app, advance } = clockedApp()
    const body = await (await app.request(DAY, {}, env)).text() // cached, markers remembered
    // Without the KV binding (and D1, and the limiter) only the Cache API is left to answer.
    const noKv = { ...env, CACHE: undefined, DB: undefined, RATE_LIMITER: undefined }
    advance(4_000)
    const hit = await app.request(DAY, {}, noKv)
    expect(hit.status).toBe(200)
    expect(await hit.text()).toBe(body)

    await env.CACHE.delete(settledMarkerKey('day-ahead-prices', '10YFR-RTE------C'))
    await loadEntsoe(pt15.replace(/<price\.amount>[^<]+/, '<price.amount>5.55'))
    advance(999)
    expect(await (await app.request(DAY, {}, env)).text()).toBe(body)
    advance(1)
    expect(await firstPrice(await app.request(DAY, {}, env))).toBe(5.55)
  })

  it('checks a token before answering from the cache: a bad one is a 401, a good one gets the cached day uncounted, a revoked one a 401 at once', async () => {
    await syncSettledMarkers(env.DB, env.CACHE) // the test before left no marker
    const { app } = clockedApp()
    const cached = await app.request(DAY, {}, env)
    const body = await cached.text()
    const bare = { ...env, RATE_LIMITER: undefined }
    const bad = await app.request(DAY, { headers: { Authorization: `Bearer mkt_${'B'.repeat(32)}` } }, bare)
    expect(bad.status).toBe(401)

    const { rawKey, row } = await newKeyRecord({ service: 'market-data', plan: 'standard', now: new Date() })
    await insertKey(env.DB, row)
    const good = { headers: { Authorization: `Bearer ${rawKey}` } }
    for (let i = 0; i < 2; i++) {
      const hit = await app.request(DAY, good, bare)
      expect(hit.status).toBe(200)
      expect(await hit.text()).toBe(body)
      expect(hit.headers.get('ratelimit-limit')).toBeNull()
    }
    // The memory holds markers, never the token: a revoked token is refused on the next request.
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(new Date().toISOString(), row.id).run()
    expect((await app.request(DAY, good, bare)).status).toBe(401)
  })
})
