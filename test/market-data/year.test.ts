import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from './app'
import { RecordWriter, type StoredRow } from '../../workers/market-data/domain/output/records'
import { TextSink } from '../../workers/market-data/domain/output/text-sink'
import { dayBoundsUtc, QUARTER_MS } from '../../workers/market-data/domain/time/paris'
import { readPoints, readWindowMs } from '../../workers/market-data/store'
import type { IntervalValue } from '../../workers/market-data/domain/series'
import { load, type PriceRecord, type ReserveRecord } from './helpers/load'

// Price of a quarter-hour, derived from its start so every record can be checked exactly.
const priceAt = (ms: number) => ((ms / QUARTER_MS) % 10_000) / 100 - 20

beforeAll(async () => {
  const { startMs } = dayBoundsUtc('2025-01-01')
  const endMs = dayBoundsUtc('2025-12-31').endMs
  const values: IntervalValue[] = []
  for (let t = startMs; t < endMs; t += QUARTER_MS)
    values.push({ startMs: t, direction: '', volume: null, price: priceAt(t), resolutionMin: 15 })
  expect(values).toHaveLength(35_040)
  await load('day-ahead-prices', values)
}, 120_000)

describe('a year of quarter-hours', () => {
  it('returns 35,040 exact records in one streamed response, about three weeks a chunk', async () => {
    const res = await app.request('/api/day-ahead-prices?start=2025-01-01&end=2026-01-01', {}, env)
    expect(res.status).toBe(200)
    expect(res.body).toBeInstanceOf(ReadableStream)
    const reader = res.body!.getReader()
    const decoder = new TextDecoder()
    const sizes: number[] = []
    let text = ''
    for (;;) {
      const { done, value } = await reader.read()
      if (done) break
      sizes.push(value.byteLength)
      text += decoder.decode(value, { stream: true })
    }
    // The year is one D1 window, written 2,000 rows a chunk: 18 chunks and the closing one,
    // never the whole 7 MB answer in one buffer.
    expect(sizes).toHaveLength(19)
    expect(Math.max(...sizes)).toBeLessThan(450_000)
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

  it('reads a year of one zone in one D1 query; reserves and provenance rows in shorter windows', () => {
    const day = 86_400_000
    // 100 rows a day and direction at most (the day clocks go back), 40,000 rows a window.
    expect(readWindowMs(1, false)).toBe(400 * day)
    expect(readWindowMs(2, false)).toBe(200 * day)
    // Provenance rows are five values longer: 10,000 rows a window.
    expect(readWindowMs(1, true)).toBe(100 * day)
    expect(readWindowMs(2, true)).toBe(50 * day)
  })

  it('streams the year with provenance: every record names its document', async () => {
    const res = await app.request('/api/day-ahead-prices?start=2025-01-01&end=2026-01-01&include=provenance', {}, env)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Array<PriceRecord & { document_id: string }>
    expect(body).toHaveLength(35_040)
    expect(body.every((r) => typeof r.document_id === 'string')).toBe(true)
  }, 60_000)

  it('reads the next D1 window while the current one is written: every row once, in order, and a reader may stop early', async () => {
    const { startMs } = dayBoundsUtc('2025-01-01')
    const { endMs } = dayBoundsUtc('2025-12-31')
    const week = 7 * 86_400_000
    let rows = 0
    let pages = 0
    let last = -Infinity
    for await (const page of readPoints(env.DB, 'day-ahead-prices', '10YFR-RTE------C', startMs, endMs, week)) {
      pages++
      for (const r of page) {
        expect(r[0]).toBeGreaterThan(last)
        last = r[0]
        rows++
      }
    }
    expect(pages).toBe(53)
    expect(rows).toBe(35_040)

    // A client gone after two pages: the generator stops, with a read still in flight.
    const early = readPoints(env.DB, 'day-ahead-prices', '10YFR-RTE------C', startMs, endMs, week)
    expect((await early.next()).done).toBe(false)
    expect((await early.next()).done).toBe(false)
    expect((await early.return(undefined)).done).toBe(true)
    expect((await early.next()).done).toBe(true)
  })

  it('a client that cancels the year after its first chunk leaves the worker answering the next in full', async () => {
    const res = await app.request('/api/day-ahead-prices?start=2025-01-01&end=2026-01-01', {}, env)
    const reader = res.body!.getReader()
    expect((await reader.read()).done).toBe(false)
    await reader.cancel()
    const again = await app.request('/api/day-ahead-prices?start=2025-01-01&end=2026-01-01&format=ndjson', {}, env)
    expect((await again.text()).trimEnd().split('\n')).toHaveLength(35_040)
  }, 60_000)

  it('streams the year as CSV too', async () => {
    const res = await app.request('/api/day-ahead-prices?start=2025-01-01&end=2026-01-01&format=csv', {}, env)
    const lines = (await res.text()).split('\r\n')
    expect(lines).toHaveLength(1 + 35_040 + 1)
    expect(lines[0]).toBe('hour_start_utc,hour_end_utc,price_eur_mwh,resolution,source_resolution,status,filled_from_position')
    expect(lines[1]).toBe(`2024-12-31T23:00:00Z,2024-12-31T23:15:00Z,${priceAt(Date.parse('2024-12-31T23:00:00Z'))},PT15M,PT15M,published,`)
  }, 60_000)

  it('the writer holds a delivery day back until it is complete, across pages', () => {
    const writer = new RecordWriter({
      kind: 'capacity',
      directions: ['down', 'up'],
      format: 'json',
      target: 15,
      baseOffsetMs: 3_600_000,
      provenance: false,
      tzBaseOffsetMs: null,
    })
    const t = Date.parse('2024-12-31T23:00:00Z') / 1000
    const page1: StoredRow[] = [[t, 'down', t + 900, 1, 2, null]]
    const page2: StoredRow[] = [[t, 'up', t + 900, 3, 4, null]]
    expect(writer.head() + writer.write(page1)).toBe('[')
    const text = '[' + writer.write(page2) + writer.end()
    const records = JSON.parse(text) as Array<{ direction: string }>
    expect(records).toHaveLength(192)
    expect(records.slice(0, 2)).toEqual([
      {
        hour_start_utc: '2024-12-31T23:00:00Z',
        hour_end_utc: '2024-12-31T23:15:00Z',
        direction: 'down',
        volume_mw: 1,
        price_eur_mw_h: 2,
        resolution: 'PT15M',
        source_resolution: 'PT15M',
        status: 'published',
        filled_from_position: null,
      },
      {
        hour_start_utc: '2024-12-31T23:00:00Z',
        hour_end_utc: '2024-12-31T23:15:00Z',
        direction: 'up',
        volume_mw: 3,
        price_eur_mw_h: 4,
        resolution: 'PT15M',
        source_resolution: 'PT15M',
        status: 'published',
        filled_from_position: null,
      },
    ])
    expect(records[2]).toMatchObject({ direction: 'down', volume_mw: null, source_resolution: null, status: 'missing' })
  })

  it('the bytes streamed are the UTF-8 of the records, across chunks and a buffer that has to grow', () => {
    const options = {
      kind: 'energy',
      directions: ['down', 'up'],
      format: 'json',
      target: 15,
      baseOffsetMs: 3_600_000,
      provenance: true,
      tzBaseOffsetMs: null,
    } as const
    const t = Date.parse('2024-12-31T23:00:00Z') / 1000
    // Two days, a document id with non-ASCII text, a quote and a line break (provenance is the only free text).
    const rows: StoredRow[] = []
    for (let s = t; s < t + 2 * 86_400; s += 900)
      rows.push([s, 'up', s + 900, 1.5, -2, null, 'rte', 'marché "aFRR"\n€', 3, '2025-01-01T00:00:00Z', null])
    const pages = [rows.slice(0, 5), rows.slice(5, 100), rows.slice(100)]
    const asText = new RecordWriter(options)
    const expected = asText.head() + pages.map((p) => asText.write(p)).join('') + asText.end()
    const writer = new RecordWriter(options)
    const sink = new TextSink(16)
    sink.add(writer.head())
    const chunks: Uint8Array[] = []
    for (const page of pages) {
      writer.writeTo(page, sink)
      chunks.push(sink.take())
    }
    sink.add(writer.end())
    chunks.push(sink.take())
    const decoded = chunks.map((c) => new TextDecoder().decode(c)).join('')
    expect(decoded).toBe(expected)
    const records = JSON.parse(decoded) as Array<{ document_id: string; volume_mwh: number | null }>
    // Only 'up' is held: the 'down' direction the source never gave is not written as nulls (issue 37).
    expect(records).toHaveLength(2 * 96)
    expect(records[0]).toMatchObject({ direction: 'up', document_id: 'marché "aFRR"\n€', volume_mwh: 1.5 })
  })

  it('streams NDJSON, one record per line', async () => {
    const res = await app.request('/api/day-ahead-prices?start=2025-06-01&end=2025-06-03&format=ndjson', {}, env)
    expect(res.headers.get('content-type')).toBe('application/x-ndjson; charset=utf-8')
    const lines = (await res.text()).split('\n')
    expect(lines).toHaveLength(2 * 96 + 1)
    expect(lines.at(-1)).toBe('')
    expect(JSON.parse(lines[0])).toMatchObject({ hour_start_utc: '2025-05-31T22:00:00Z', resolution: 'PT15M' })
  })

  it('PT60M gives hourly means of the quarter-hours (8,760 hours); native gives the stored quarter-hours', async () => {
    const hourly = (await (
      await app.request('/api/day-ahead-prices?start=2025-01-01&end=2026-01-01&resolution=PT60M', {}, env)
    ).json()) as PriceRecord[]
    expect(hourly).toHaveLength(8_760)
    const h0 = Date.parse(hourly[0].hour_start_utc)
    const mean = [0, 1, 2, 3].map((k) => priceAt(h0 + k * QUARTER_MS)).reduce((a, b) => a + b) / 4
    expect(hourly[0]).toMatchObject({ hour_end_utc: '2025-01-01T00:00:00Z', resolution: 'PT60M', source_resolution: 'PT15M' })
    expect(hourly[0].price_eur_mwh).toBeCloseTo(mean, 10)
    const native = (await (await app.request('/api/day-ahead-prices?date=2025-03-30&resolution=native', {}, env)).json()) as PriceRecord[]
    expect(native).toHaveLength(92)
  }, 60_000)

  it('an hourly record made of quarter-hours from two documents carries the provenance of the later one, whatever the load order', async () => {
    const at = (iso: string, volume: number): IntervalValue => ({
      startMs: Date.parse(iso),
      direction: 'up',
      volume,
      price: 1,
      resolutionMin: 15,
    })
    const early = { documentId: 'early', createdAt: '2024-06-09T08:00:00Z' }
    const late = { documentId: 'late', createdAt: '2024-06-09T09:00:00Z' }
    // 22:00Z: the earlier document loaded first, on the first quarter-hours; 23:00Z: the later
    // one loaded first, on the first quarter-hours.
    await load('afrr-capacity', [at('2024-06-09T22:00:00Z', 10), at('2024-06-09T22:15:00Z', 20)], undefined, early)
    await load('afrr-capacity', [at('2024-06-09T22:30:00Z', 30), at('2024-06-09T22:45:00Z', 40)], undefined, late)
    await load('afrr-capacity', [at('2024-06-09T23:00:00Z', 10), at('2024-06-09T23:15:00Z', 20)], undefined, {
      ...late,
      documentId: 'late-2',
    })
    await load('afrr-capacity', [at('2024-06-09T23:30:00Z', 30), at('2024-06-09T23:45:00Z', 40)], undefined, {
      ...early,
      documentId: 'early-2',
    })
    const res = await app.request('/api/afrr-capacity?date=2024-06-10&resolution=PT60M&include=provenance', {}, env)
    const records = (await res.json()) as Array<ReserveRecord & { document_id: string | null; document_created: string | null }>
    const up = records.filter((r) => r.direction === 'up')
    expect(up).toHaveLength(24)
    expect(up[0]).toMatchObject({
      hour_start_utc: '2024-06-09T22:00:00Z',
      volume_mw: 25,
      document_id: 'late',
      document_created: late.createdAt,
    })
    expect(up[1]).toMatchObject({
      hour_start_utc: '2024-06-09T23:00:00Z',
      volume_mw: 25,
      document_id: 'late-2',
      document_created: late.createdAt,
    })
    // No value held: no provenance either.
    expect(up[2]).toMatchObject({ volume_mw: null, document_id: null })
  })
})
