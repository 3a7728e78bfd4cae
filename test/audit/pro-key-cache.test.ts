import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../shared/app'
import { apiKeyAuth, type KeyVariables } from '../../shared/auth'
import { insertKey } from '../../shared/key-store'
import { newKeyRecord } from '../../shared/keys'
import { issueTestKey } from '../helpers/keys'
import { harness, redirect, STRONG_HEADERS, type World } from './helpers/site'

// Issue 20, "a cached check stays cheap": audit's Pro key lookups are remembered per isolate
// for 5 s (workers/audit/limits.ts), positive results only; docs/audit.md says what it costs.

const world = (): World => ({
  zone: { 'keyed-site.com': { A: ['93.184.215.14'] } },
  pages: { 'http://keyed-site.com/': redirect(301, 'https://keyed-site.com/'), 'https://keyed-site.com/': { headers: STRONG_HEADERS } },
})
const PATH = '/api/v1/check?domain=keyed-site.com'
const bearer = (rawKey: string) => ({ authorization: `Bearer ${rawKey}` })
const later = (h: { clock: { now: Date } }, ms: number) => {
  h.clock.now = new Date(h.clock.now.getTime() + ms)
}
const revoke = (id: string) =>
  // What `npm run admin -- keys revoke` runs.
  env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(new Date().toISOString(), id).run()
const codeOf = async (res: Response) => ((await res.json()) as { code: string }).code

describe('GET /api/v1/check: Pro keys remembered for 5 s', () => {
  it('refuses a revoked key once the 5 s have passed since its lookup, and on every request after', async () => {
    const { rawKey, id } = await issueTestKey(env.DB, 'audit', 'pro')
    const h = harness(world())
    expect((await h.request(PATH, { headers: bearer(rawKey) })).status).toBe(200)
    await revoke(id)
    // Within the 5 s the isolate still trusts its lookup: the documented cost of the cache.
    later(h, 4_900)
    const stale = await h.request(PATH, { headers: bearer(rawKey) })
    expect([stale.status, stale.headers.get('cache-status')]).toEqual([200, 'audit; hit'])
    later(h, 100)
    const refused = await h.request(PATH, { headers: bearer(rawKey) })
    expect(refused.status).toBe(401)
    expect(refused.headers.get('cache-status')).toBeNull()
    expect(await codeOf(refused)).toBe('UNAUTHORIZED')
    later(h, 1_000)
    expect((await h.request(PATH, { headers: bearer(rawKey) })).status).toBe(401)
  })

  it('never remembers an unknown key: created after a refused attempt, it works on the next request', async () => {
    const { rawKey, row } = await newKeyRecord({ service: 'audit', plan: 'pro', now: new Date() })
    const h = harness(world())
    const first = await h.request(PATH, { headers: bearer(rawKey) })
    expect(first.status).toBe(401)
    await insertKey(env.DB, row)
    const next = await h.request(PATH, { headers: bearer(rawKey) })
    expect(next.status).toBe(200)
    expect(next.headers.get('ratelimit-limit')).toBeNull() // a Pro caller: the limit is lifted
  })

  it('never remembers a revoked key either: restored, it works on the next request', async () => {
    const { rawKey, id } = await issueTestKey(env.DB, 'audit', 'pro')
    await revoke(id)
    const h = harness(world())
    expect((await h.request(PATH, { headers: bearer(rawKey) })).status).toBe(401)
    await env.DB.prepare('UPDATE api_keys SET revoked_at = NULL WHERE id = ?').bind(id).run()
    expect((await h.request(PATH, { headers: bearer(rawKey) })).status).toBe(200)
  })

  it('writes last_used_at at most once a minute, also while the key is remembered', async () => {
    const { rawKey, id } = await issueTestKey(env.DB, 'audit', 'pro')
    const h = harness(world())
    const lastUsed = async () =>
      (await env.DB.prepare('SELECT last_used_at FROM api_keys WHERE id = ?').bind(id).first<{ last_used_at: string }>())?.last_used_at
    const start = h.clock.now.toISOString()
    expect((await h.request(PATH, { headers: bearer(rawKey) })).status).toBe(200)
    expect(await lastUsed()).toBe(start)
    later(h, 30_000)
    expect((await h.request(PATH, { headers: bearer(rawKey) })).status).toBe(200)
    expect(await lastUsed()).toBe(start)
    later(h, 31_000) // a minute after the first use: written again, then remembered with the row
    const minute = h.clock.now.toISOString()
    expect((await h.request(PATH, { headers: bearer(rawKey) })).status).toBe(200)
    expect(await lastUsed()).toBe(minute)
    await env.DB.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').bind('2000-01-01T00:00:00.000Z', id).run()
    later(h, 2_000)
    expect((await h.request(PATH, { headers: bearer(rawKey) })).status).toBe(200)
    expect(await lastUsed()).toBe('2000-01-01T00:00:00.000Z')
  })

  it('keeps at most its cap of keys: the oldest is dropped first and read from D1 again', async () => {
    type E = { Bindings: { DB: D1Database; BASE_URL: string }; Variables: KeyVariables }
    const clock = { now: new Date() }
    const app = createApp<E>({ title: 'Key cache test', version: '1.0.0', description: 'test' })
    app.use(
      '/who',
      apiKeyAuth<E>({ prefix: 'audit_pro_', from: 'bearer', required: true, cacheSeconds: 5, cacheEntries: 2, now: () => clock.now })
    )
    app.get('/who', (c) => c.text(c.var.apiKey?.id ?? ''))
    const who = (rawKey: string) => app.request('/who', { headers: bearer(rawKey) }, env)
    const keys = await Promise.all([1, 2, 3].map(() => issueTestKey(env.DB, 'audit', 'pro')))
    for (const k of keys) expect(await (await who(k.rawKey)).text()).toBe(k.id)
    // All three revoked: the two newest are still remembered, the first was dropped at the cap.
    for (const k of keys) await revoke(k.id)
    expect((await who(keys[0].rawKey)).status).toBe(401)
    expect((await who(keys[2].rawKey)).status).toBe(200)
    expect((await who(keys[1].rawKey)).status).toBe(200)
  })
})
