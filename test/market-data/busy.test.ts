// Issue 37 §5: reads never answer 500 because an ingest is writing.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { ApiError } from '../../shared/errors'
import { BUSY_DELAYS_MS, retryOnBusy } from '../../workers/market-data/busy'
import { app } from './app'
import { load } from './helpers/load'
import { dayBoundsUtc, QUARTER_MS } from '../../workers/market-data/domain/time/paris'
import type { IntervalValue } from '../../workers/market-data/domain/series'

// The message workerd's SQLite gives while `wrangler d1 execute` holds the write lock.
const busy = () => new Error('D1_ERROR: database is locked: SQLITE_BUSY')

describe('retryOnBusy', () => {
  it('reads again after SQLITE_BUSY and returns what the database holds', async () => {
    await env.DB.prepare("INSERT OR REPLACE INTO zone_state VALUES ('busy-test', 'Z', 7, '2025-01-01', 'now')").run()
    const waits: number[] = []
    let failures = 2
    const row = await retryOnBusy(
      async () => {
        if (failures-- > 0) throw busy()
        return env.DB.prepare("SELECT version FROM zone_state WHERE series = 'busy-test'").first<{ version: number }>()
      },
      async (ms) => void waits.push(ms)
    )
    expect(row?.version).toBe(7)
    expect(waits).toEqual([25, 50])
  })

  it('gives up after a bounded number of attempts with a 503 DATABASE_BUSY and Retry-After', async () => {
    let attempts = 0
    const err = await retryOnBusy(
      async () => {
        attempts++
        throw busy()
      },
      async () => {}
    ).catch((e: unknown) => e)
    expect(attempts).toBe(BUSY_DELAYS_MS.length + 1)
    expect(err).toBeInstanceOf(ApiError)
    expect(err).toMatchObject({ status: 503, code: 'DATABASE_BUSY', headers: { 'Retry-After': '5' } })
  })

  it('does not repeat other errors', async () => {
    let attempts = 0
    const err = await retryOnBusy(
      async () => {
        attempts++
        return env.DB.prepare('SELECT * FROM no_such_table').first()
      },
      async () => {}
    ).catch((e: unknown) => e)
    expect(attempts).toBe(1)
    expect(String(err)).toMatch(/no such table/)
  })
})

/**
 * env.DB whose statements fail with SQLITE_BUSY `failures.n` times (then work), as D1 does
 * while another connection holds the write lock. Why a wrapper and not a real lock: in
 * workerd's local D1 every statement of the test runs on one SQLite connection, one after
 * the other, so a concurrent write here never makes a read see SQLITE_BUSY (the reads test
 * below shows it: no read fails); the lock comes from another process (`wrangler d1 execute`
 * in `npm run ingest`), which a test inside workerd cannot start. So the route's retry path
 * is proven with the error D1 gives, and the bound with retryOnBusy's attempts above.
 */
function busyDb(failures: { n: number }): D1Database {
  const wrap = (stmt: D1PreparedStatement): D1PreparedStatement =>
    new Proxy(stmt, {
      get(target, key) {
        if (key === 'bind') return (...args: unknown[]) => wrap(target.bind(...args))
        const v = Reflect.get(target, key)
        if (typeof v !== 'function') return v
        if (key === 'first' || key === 'all' || key === 'raw' || key === 'run')
          return (...args: unknown[]) => (failures.n-- > 0 ? Promise.reject(busy()) : v.apply(target, args))
        return v.bind(target)
      },
    })
  return new Proxy(env.DB, {
    get(target, key) {
      if (key === 'prepare') return (sql: string) => wrap(target.prepare(sql))
      const v = Reflect.get(target, key)
      return typeof v === 'function' ? v.bind(target) : v
    },
  })
}

describe('a busy database seen by the API', () => {
  it('answers 200 with the data after D1 said SQLITE_BUSY a few times', async () => {
    await load('day-ahead-prices', [
      { startMs: dayBoundsUtc('2025-05-05').startMs, direction: '', volume: null, price: 42, resolutionMin: 60 },
    ])
    const failures = { n: 3 }
    const res = await app.request('/api/day-ahead-prices?date=2025-05-05&resolution=native', {}, { ...env, DB: busyDb(failures) })
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject([{ hour_start_utc: '2025-05-04T22:00:00Z', price_eur_mwh: 42 }])
    expect(failures.n).toBeLessThan(0)
  })

  it('answers 503 DATABASE_BUSY with Retry-After in the error shape, never 500, when D1 stays busy past the bound', async () => {
    const res = await app.request('/api/day-ahead-prices?date=2025-05-05', {}, { ...env, DB: busyDb({ n: Number.POSITIVE_INFINITY }) })
    expect(res.status).toBe(503)
    expect(res.headers.get('retry-after')).toBe('5')
    expect(await res.json()).toMatchObject({ code: 'DATABASE_BUSY', error: expect.stringMatching(/busy/) })
  })
})

describe('reads during an ingest', () => {
  it('answers every read 200 with whole days while a month is being written', async () => {
    const days = Array.from({ length: 30 }, (_, i) => `2025-06-${String(i + 1).padStart(2, '0')}`)
    const values = (day: string, price: number): IntervalValue[] => {
      const { startMs, endMs } = dayBoundsUtc(day)
      const out: IntervalValue[] = []
      for (let t = startMs; t < endMs; t += QUARTER_MS) out.push({ startMs: t, direction: '', volume: null, price, resolutionMin: 15 })
      return out
    }
    await load('day-ahead-prices', values(days[0], 1))
    // The ingest: one document per day, written while the reads below run.
    const ingest = (async () => {
      for (const day of days) await load('day-ahead-prices', values(day, 2), new Date('2026-01-02T00:00:00Z'), { documentId: day })
    })()
    const reads = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        app.request(`/api/day-ahead-prices?start=2025-06-01&end=2025-07-01&format=${i % 2 ? 'csv' : 'json'}`, {}, env)
      )
    )
    await ingest
    for (const res of reads) {
      expect(res.status).toBe(200)
      const text = await res.text()
      // Whatever the read saw, every day it holds is whole (96 quarter-hours per day).
      const rows = res.headers.get('content-type')!.startsWith('text/csv') ? text.trim().split('\r\n').length - 1 : JSON.parse(text).length
      expect(rows % 96).toBe(0)
      expect(rows).toBeGreaterThan(0)
    }
    const after = (await (await app.request('/api/day-ahead-prices?start=2025-06-01&end=2025-07-01', {}, env)).json()) as unknown[]
    expect(after).toHaveLength(30 * 96)
  })
})
