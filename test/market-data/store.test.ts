import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { DAY_COUNT_QUERY, PAGE_QUERY, dayCounts, seriesState, upsertIntervals } from '../../workers/market-data/store'
import { upsertSql } from '../../workers/market-data/sql'
import { dayBoundsUtc, QUARTER_MS } from '../../workers/market-data/time/paris'
import type { IntervalValue } from '../../workers/market-data/series'
import { loadEntsoe } from './helpers/load'
import pt15 from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'
import mixed from './fixtures/entsoe-fr-2025-09-30-mixed.xml?raw'

type Plan = { detail: string }
async function plan(sql: string, ...binds: unknown[]): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`).bind(...binds).all<Plan>()
  return results.map((r) => r.detail).join(' | ')
}

function hourlyDay(day: string, price: (i: number) => number, resolutionMin = 60, skip: number[] = []): IntervalValue[] {
  const { startMs, endMs } = dayBoundsUtc(day)
  const out: IntervalValue[] = []
  for (let t = startMs, i = 0; t < endMs; t += QUARTER_MS, i++) {
    if (!skip.includes(i)) out.push({ startMs: t, direction: '', volume: null, price: price(i), resolutionMin })
  }
  return out
}

async function pricesOf(day: string): Promise<Array<{ start_utc: number; price: number; resolution_min: number }>> {
  const { startMs, endMs } = dayBoundsUtc(day)
  const { results } = await env.DB.prepare('SELECT start_utc, price, resolution_min FROM intervals WHERE series = ? AND start_utc >= ? AND start_utc < ? ORDER BY start_utc')
    .bind('day-ahead-prices', startMs / 1000, endMs / 1000)
    .all<{ start_utc: number; price: number; resolution_min: number }>()
  return results
}

describe('store', () => {
  it('reads ranges through the primary key and counts days through the day index (EXPLAIN QUERY PLAN)', async () => {
    expect(await plan(PAGE_QUERY, 'day-ahead-prices', 0, 1)).toMatch(/SEARCH intervals USING PRIMARY KEY \(series=\? AND start_utc>\? AND start_utc<\?\)/)
    expect(await plan(PAGE_QUERY, 'day-ahead-prices', 0, 1)).not.toMatch(/TEMP B-TREE|SCAN/)
    expect(await plan(DAY_COUNT_QUERY, 'day-ahead-prices', '2025-01-01', '2025-02-01')).toMatch(
      /SEARCH intervals USING COVERING INDEX intervals_series_day \(series=\? AND delivery_day>\? AND delivery_day<\?\)/
    )
    expect(await plan('SELECT version, latest_day FROM series_state WHERE series = ?', 'x')).toMatch(/SEARCH series_state USING PRIMARY KEY \(series=\?\)/)
    // The upsert's "finer resolution already held?" check is an index seek, not a scan.
    const sql = upsertSql('day-ahead-prices', hourlyDay('2030-01-01', () => 1).slice(0, 2), 'x', new Date())
    const insert = sql.split(';')[0]
    expect(await plan(insert)).toMatch(/SEARCH held USING COVERING INDEX intervals_series_day \(series=\? AND delivery_day=\? AND resolution_min<\?\)/)
  })

  it('is idempotent: the same document twice changes no row and keeps the series version', async () => {
    expect(await loadEntsoe(pt15)).toBe(96)
    const before = await seriesState(env.DB, 'day-ahead-prices')
    expect(await loadEntsoe(pt15, new Date('2026-02-01T00:00:00Z'))).toBe(0)
    expect(await seriesState(env.DB, 'day-ahead-prices')).toEqual(before)
    expect(before?.latestDay).toBe('2025-11-12')
    expect((await dayCounts(env.DB, 'day-ahead-prices', '2025-11-01', '2025-12-01')).get('2025-11-12')).toBe(96)
  })

  it('applies a revision and bumps the version', async () => {
    const before = await seriesState(env.DB, 'day-ahead-prices')
    const revised = hourlyDay('2025-11-12', () => 42, 15)
    expect(await upsertIntervals(env.DB, 'day-ahead-prices', revised, 'rev2', new Date())).toBe(96)
    const after = await seriesState(env.DB, 'day-ahead-prices')
    expect(after!.version).toBeGreaterThan(before!.version)
    expect((await pricesOf('2025-11-12')).every((r) => r.price === 42)).toBe(true)
  })

  it('never overwrites 15-minute values with a later 60-minute document for the same day', async () => {
    await loadEntsoe(mixed) // 2025-09-30 hourly, 2025-10-01 quarter-hourly
    const before = await pricesOf('2025-10-01')
    const hourly = hourlyDay('2025-10-01', () => 5000)
    expect(await upsertIntervals(env.DB, 'day-ahead-prices', hourly, 'late-hourly', new Date())).toBe(0)
    expect(await pricesOf('2025-10-01')).toEqual(before)
    expect(before.every((r) => r.resolution_min === 15)).toBe(true)
  })

  it('does not fill gaps of a 15-minute day with 60-minute values', async () => {
    await upsertIntervals(env.DB, 'day-ahead-prices', hourlyDay('2025-12-01', () => 70, 15, [10, 11]), 'qh', new Date())
    expect(await upsertIntervals(env.DB, 'day-ahead-prices', hourlyDay('2025-12-01', () => 99), 'hourly', new Date())).toBe(0)
    const rows = await pricesOf('2025-12-01')
    expect(rows).toHaveLength(94)
    expect(rows.every((r) => r.resolution_min === 15 && r.price === 70)).toBe(true)
  })

  it('replaces a whole 60-minute day with a 15-minute document, gaps included', async () => {
    await upsertIntervals(env.DB, 'day-ahead-prices', hourlyDay('2025-12-02', () => 60), 'hourly', new Date())
    expect(await pricesOf('2025-12-02')).toHaveLength(96)
    await upsertIntervals(env.DB, 'day-ahead-prices', hourlyDay('2025-12-02', (i) => 1000 + i, 15, [40]), 'qh', new Date())
    const rows = await pricesOf('2025-12-02')
    expect(rows).toHaveLength(95)
    expect(rows.every((r) => r.resolution_min === 15 && r.price !== 60)).toBe(true)
  })

  it('writes literal SQL that escapes text and refuses non-finite numbers', () => {
    const sql = upsertSql('day-ahead-prices', [{ startMs: Date.UTC(2025, 0, 1), direction: '', volume: null, price: -0.19, resolutionMin: 15 }], "doc 'quoted'", new Date('2026-01-01T00:00:00Z'))
    expect(sql).toContain("'doc ''quoted'''")
    expect(sql).toContain('(\'day-ahead-prices\',1735689600,\'\',\'2025-01-01\',NULL,-0.19,15,')
    expect(() => upsertSql('day-ahead-prices', [{ startMs: 0, direction: '', volume: null, price: Infinity, resolutionMin: 15 }], 'x', new Date())).toThrow(RangeError)
  })

  it('literal SQL and bound statements write the same rows', async () => {
    const values = hourlyDay('2025-12-03', (i) => i / 4 - 3.25, 15)
    for (const statement of upsertSql('afrr-energy', values.map((v) => ({ ...v, direction: 'up' })), 'sql', new Date('2026-01-01T00:00:00Z')).split(';\n')) {
      await env.DB.prepare(statement).run()
    }
    await upsertIntervals(env.DB, 'afrr-energy', values.map((v) => ({ ...v, direction: 'down' })), 'sql', new Date('2026-01-01T00:00:00Z'))
    const { results } = await env.DB.prepare("SELECT direction, COUNT(*) AS n, SUM(price) AS s FROM intervals WHERE series = 'afrr-energy' GROUP BY direction").all<{ direction: string; n: number; s: number }>()
    expect(results).toEqual([
      { direction: 'down', n: 96, s: results[1].s },
      { direction: 'up', n: 96, s: results[0].s },
    ])
  })
})
