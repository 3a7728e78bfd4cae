import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from '../../workers/market-data/index'
import { RecordWriter, type StoredRow } from '../../workers/market-data/output/records'
import { dayBoundsUtc, QUARTER_MS } from '../../workers/market-data/time/paris'
import type { IntervalValue } from '../../workers/market-data/series'
import { load, type PriceRecord } from './helpers/load'

// Price of a quarter-hour, derived from its start so every record can be checked exactly.
const priceAt = (ms: number) => ((ms / QUARTER_MS) % 10_000) / 100 - 20

beforeAll(async () => {
  const { startMs } = dayBoundsUtc('2025-01-01')
  const endMs = dayBoundsUtc('2025-12-31').endMs
  const values: IntervalValue[] = []
  for (let t = startMs; t < endMs; t += QUARTER_MS) values.push({ startMs: t, direction: '', volume: null, price: priceAt(t), resolutionMin: 15 })
  expect(values).toHaveLength(35_040)
  await load('day-ahead-prices', values)
}, 120_000)

describe('a year of quarter-hours', () => {
  it('returns 35,040 exact records in one streamed response, read from D1 a quarter of a year at a time', async () => {
    const res = await app.request('/api/day-ahead-prices?start=2025-01-01&end=2026-01-01', {}, env)
    expect(res.status).toBe(200)
    expect(res.body).toBeInstanceOf(ReadableStream)
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    let chunks = 0
    let text = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      chunks++
      text += decoder.decode(value, { stream: true })
    }
    // One chunk per 92-day window (4) and the closing bracket: never the whole year at once.
    expect(chunks).toBe(5)
    const body = JSON.parse(text) as PriceRecord[]
    expect(body).toHaveLength(35_040)
    expect(body[0].hour_start_utc).toBe('2024-12-31T23:00:00Z')
    expect(body.at(-1)!.hour_end_utc).toBe('2025-12-31T23:00:00Z')
    for (let i = 0; i < body.length; i++) {
      const ms = Date.parse(body[i].hour_start_utc)
      if (i) expect(ms - Date.parse(body[i - 1].hour_start_utc)).toBe(QUARTER_MS)
      expect(body[i].price_eur_mwh).toBe(priceAt(ms))
    }
  }, 60_000)

  it('streams the year as CSV too', async () => {
    const res = await app.request('/api/day-ahead-prices?start=2025-01-01&end=2026-01-01&format=csv', {}, env)
    const lines = (await res.text()).split('\r\n')
    expect(lines).toHaveLength(1 + 35_040 + 1)
    expect(lines[1]).toBe(`2024-12-31T23:00:00Z,2024-12-31T23:15:00Z,${priceAt(Date.parse('2024-12-31T23:00:00Z'))}`)
  }, 60_000)

  it('the writer keeps at most one quarter-hour back between pages', () => {
    const writer = new RecordWriter('capacity', ['down', 'up'], 'json')
    const t = Date.parse('2024-12-31T23:00:00Z') / 1000
    const page1: StoredRow[] = [[t, 'down', 1, 2]]
    const page2: StoredRow[] = [[t, 'up', 3, 4]]
    const text = writer.head() + writer.write(page1) + writer.write(page2) + writer.end()
    const records = JSON.parse(text) as Array<{ direction: string }>
    expect(records).toHaveLength(192)
    expect(records.slice(0, 2)).toEqual([
      { hour_start_utc: '2024-12-31T23:00:00Z', hour_end_utc: '2024-12-31T23:15:00Z', direction: 'down', volume_mw: 1, price_eur_mw_h: 2 },
      { hour_start_utc: '2024-12-31T23:00:00Z', hour_end_utc: '2024-12-31T23:15:00Z', direction: 'up', volume_mw: 3, price_eur_mw_h: 4 },
    ])
  })
})
