import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from './app'
import { insertKey } from '../../shared/key-store'
import { newKeyRecord } from '../../shared/keys'
import { loadEntsoe } from './helpers/load'
import pt15 from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'

// The real anonymous limit (test-vars.json raises it for the other suites).
const realEnv = { ...env, ANONYMOUS_PER_MINUTE: undefined }
let token = ''

beforeAll(async () => {
  await loadEntsoe(pt15)
  const { rawKey, row } = await newKeyRecord({ service: 'market-data', plan: 'standard', now: new Date() })
  await insertKey(env.DB, row)
  token = rawKey
})

describe('tokens', () => {
  it('are mkt_ keys; a multi-year range needs one, and a token streams it', async () => {
    expect(token).toMatch(/^mkt_[0-9A-Za-z]{32}$/)
    const path = '/api/day-ahead-prices?start=2020-01-01&end=2026-01-01&format=csv'
    const anonymous = await app.request(path, {}, env)
    expect(anonymous.status).toBe(400)
    expect(((await anonymous.json()) as { error: string }).error).toMatch(/at most 366 .*without a token/)
    const withToken = await app.request(path, { headers: { Authorization: `Bearer ${token}` } }, env)
    expect(withToken.status).toBe(200)
    expect(withToken.body).toBeInstanceOf(ReadableStream)
    const lines = (await withToken.text()).split('\r\n')
    expect(lines).toHaveLength(1 + 96 + 1)
  })

  it('refuses an unknown or malformed token with 401 rather than serving it as anonymous', async () => {
    for (const value of ['Bearer mkt_' + 'A'.repeat(32), 'Bearer nonsense', 'Basic abc']) {
      const res = await app.request('/api/day-ahead-prices?date=2025-11-12', { headers: { Authorization: value } }, env)
      expect(res.status, value).toBe(401)
      expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED')
    }
  })
})

describe('rate limits', () => {
  it('allows exactly 60 anonymous requests a minute per client, in parallel, then 429 with the usual headers', async () => {
    const ask = (ip: string) => app.request('/api/day-ahead-prices?date=2025-11-12', { headers: { 'CF-Connecting-IP': ip } }, realEnv)
    const answers = await Promise.all(Array.from({ length: 61 }, () => ask('203.0.113.7')))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(60)
    expect(statuses.filter((s) => s === 429)).toHaveLength(1)
    const limited = answers.find((r) => r.status === 429)!
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('ratelimit-limit')).toBe('60')
    expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    expect(((await limited.json()) as { code: string }).code).toBe('RATE_LIMITED')
    const ok = answers.find((r) => r.status === 200)!
    expect(ok.headers.get('ratelimit-limit')).toBe('60')
    // Another client, and a token, have their own allowance.
    expect((await ask('198.51.100.9')).status).toBe(200)
    const tokenRes = await app.request(
      '/api/day-ahead-prices?date=2025-11-12',
      { headers: { 'CF-Connecting-IP': '203.0.113.7', Authorization: `Bearer ${token}` } },
      realEnv
    )
    expect(tokenRes.status).toBe(200)
    expect(tokenRes.headers.get('ratelimit-limit')).toBe('600')
  })
})

describe('immutable history', () => {
  it('serves a settled day from the Cache API, and a correction still shows (the key carries the ETag)', async () => {
    const first = await app.request('/api/day-ahead-prices?date=2025-11-12', {}, env)
    const etag = first.headers.get('etag')!
    const text = await first.text()
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    const cached = await caches.default.match(new Request(`${env.BASE_URL}/__cache/${encodeURIComponent(etag)}`))
    expect(cached).toBeDefined()
    expect(await cached!.text()).toBe(text)
    await loadEntsoe(pt15.replace(/<price\.amount>[^<]+/, '<price.amount>7.77'))
    const after = await app.request('/api/day-ahead-prices?date=2025-11-12', {}, env)
    expect(after.headers.get('etag')).not.toBe(etag)
    expect(((await after.json()) as Array<{ price_eur_mwh: number }>)[0].price_eur_mwh).toBe(7.77)
  })

  it('does not put long ranges in the cache (a tee would buffer them), but still marks them immutable', async () => {
    const res = await app.request('/api/day-ahead-prices?start=2025-09-01&end=2025-11-20', {}, env)
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(await res.json()).toHaveLength(96)
    expect(
      await caches.default.match(new Request(`${env.BASE_URL}/__cache/${encodeURIComponent(res.headers.get('etag')!)}`))
    ).toBeUndefined()
  })
})
