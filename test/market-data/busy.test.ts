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
