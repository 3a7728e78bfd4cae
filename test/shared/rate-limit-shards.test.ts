import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../shared/app'
import { RateLimiter } from '../../shared/rate-limit/limiter'
import { rateLimit } from '../../shared/rate-limit/middleware'

// The `shards` option keeps many clients' sliding logs in a fixed set of limiter objects
// (audit's anonymous check limit uses it). Each client's scope lives in one object, so the
// limit stays exact per client while clients share an object.

type E = { Bindings: { BASE_URL: string; RATE_LIMITER: DurableObjectNamespace<RateLimiter> } }

function shardedApp(scope: string, shards: number, limit: number) {
  const app = createApp<E>({ title: 'Shard test', version: '1.0.0', description: 'test' })
  app.use('/hit', rateLimit<E>({ scope, limit, windowSeconds: 60, shards, key: (c) => c.req.header('x-client') ?? '' }))
  app.get('/hit', (c) => c.json({ ok: true }))
  return async (client: string) => app.request('/hit', { headers: { 'x-client': client } }, env)
}

const limiter = (name: string) => env.RATE_LIMITER.getByName(name) as DurableObjectStub<RateLimiter>

describe('sharded rate limit', () => {
  it('lets exactly 10 of 25 parallel requests through for each of 6 clients sharing 2 objects', async () => {
    const scope = `shards-${crypto.randomUUID()}`
    const hit = shardedApp(scope, 2, 10)
    const clients = ['a', 'b', 'c', 'd', 'e', 'f']
    // More clients than objects: an object holds several of them.
    const responses = await Promise.all(
      clients.flatMap((k) => Array.from({ length: 25 }, () => hit(k).then((r) => [k, r.status] as const)))
    )
    for (const k of clients) {
      const statuses = responses.filter(([client]) => client === k).map(([, s]) => s)
      expect(statuses.filter((s) => s === 200)).toHaveLength(10)
      expect(statuses.filter((s) => s === 429)).toHaveLength(15)
    }
  })

  it('counts each client apart inside one object: remaining and the slide are per client', async () => {
    const stub = limiter(`shard-slide-${crypto.randomUUID()}`)
    const t0 = Date.now()
    expect(await stub.hit(t0, 2, 60_000, 'x')).toMatchObject({ allowed: true, remaining: 1 })
    expect(await stub.hit(t0 + 30_000, 2, 60_000, 'x')).toMatchObject({ allowed: true, remaining: 0 })
    expect(await stub.hit(t0 + 30_000, 2, 60_000, 'y')).toMatchObject({ allowed: true, remaining: 1 })
    expect(await stub.hit(t0 + 59_999, 2, 60_000, 'x')).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 1 })
    expect((await stub.hit(t0 + 60_000, 2, 60_000, 'x')).allowed).toBe(true)
    expect((await stub.hit(t0 + 60_000, 2, 60_000, 'y')).allowed).toBe(true)
    expect((await stub.hit(t0 + 60_001, 2, 60_000, 'y')).allowed).toBe(false)
  })

  it('drops the rows of idle clients in its alarm and keeps the ones still in their window', async () => {
    const stub = limiter(`shard-alarm-${crypto.randomUUID()}`)
    const now = Date.now()
    await stub.hit(now - 120_000, 5, 60_000, 'idle-1')
    await stub.hit(now - 90_000, 5, 60_000, 'idle-2')
    await stub.hit(now, 5, 60_000, 'active')
    await runInDurableObject(stub, async (instance: RateLimiter, state) => {
      await instance.alarm()
      const scopes = state.storage.sql.exec<{ scope: string }>('SELECT DISTINCT scope FROM log').toArray()
      expect(scopes.map((r) => r.scope)).toEqual(['active'])
      // Rows remain, so the sweep is scheduled again.
      expect(await state.storage.getAlarm()).not.toBeNull()
    })
    expect((await stub.hit(now + 1, 5, 60_000, 'active')).remaining).toBe(3)
    expect((await stub.hit(now + 1, 5, 60_000, 'idle-1')).remaining).toBe(4)
  })

  it('keeps every client’s window when the object restarts (its log is read back from storage)', async () => {
    const stub = limiter(`restart-${crypto.randomUUID()}`)
    const now = Date.now()
    for (let i = 0; i < 3; i++) await stub.hit(now - 20_000 + i, 3, 60_000, 'full')
    await stub.hit(now - 10_000, 3, 60_000, 'one')
    await runInDurableObject(stub, async (_instance: RateLimiter, state) => {
      const restarted = new RateLimiter(state, env)
      expect(await restarted.hit(now, 3, 60_000, 'full')).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 40 })
      expect(await restarted.hit(now, 3, 60_000, 'one')).toMatchObject({ allowed: true, remaining: 1, resetSeconds: 50 })
    })
  })

  it('keeps the windows of an object written with the indexed log, and drops its indexes', async () => {
    const stub = limiter(`indexed-${crypto.randomUUID()}`)
    const now = Date.now()
    await runInDurableObject(stub, async (_instance: RateLimiter, state) => {
      // The log as the previous version kept it: counted with SQL through two indexes.
      state.storage.sql.exec('CREATE INDEX IF NOT EXISTS log_scope_ts ON log (scope, ts)')
      state.storage.sql.exec('CREATE INDEX IF NOT EXISTS log_expires ON log (expires)')
      state.storage.sql.exec(
        'INSERT INTO log (scope, ts, expires) VALUES (?, ?, ?), (?, ?, ?)',
        'a',
        now - 30_000,
        now + 30_000,
        'a',
        now - 1_000,
        now + 59_000
      )
      const restarted = new RateLimiter(state, env)
      expect(await restarted.hit(now, 3, 60_000, 'a')).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 30 })
      expect((await restarted.hit(now, 3, 60_000, 'a')).allowed).toBe(false)
      const indexes = state.storage.sql.exec<{ name: string }>("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = 'log'")
      expect(indexes.toArray()).toEqual([])
    })
  })

  it('keeps the window of an object written before scopes had a column', async () => {
    const stub = limiter(`legacy-${crypto.randomUUID()}`)
    const now = Date.now()
    await runInDurableObject(stub, async (_instance: RateLimiter, state) => {
      state.storage.sql.exec('DROP TABLE log')
      state.storage.sql.exec('CREATE TABLE hits (ts INTEGER NOT NULL)')
      state.storage.sql.exec('CREATE TABLE meta (k TEXT PRIMARY KEY, v INTEGER NOT NULL)')
      state.storage.sql.exec('INSERT INTO hits (ts) VALUES (?), (?)', now - 10_000, now - 5_000)
      state.storage.sql.exec("INSERT INTO meta (k, v) VALUES ('window_ms', 60000)")
      // A new instance on the same storage, as after a deploy.
      const fresh = new RateLimiter(state, env)
      expect(await fresh.hit(now, 3, 60_000)).toMatchObject({ allowed: true, remaining: 0, resetSeconds: 50 })
      expect((await fresh.hit(now, 3, 60_000)).allowed).toBe(false)
      const tables = state.storage.sql.exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name IN ('hits', 'meta')"
      )
      expect(tables.toArray()).toEqual([])
    })
  })
})
