// Issue 22 replaces the old write rules ("a day is never a mix of resolutions", "a 15-minute
// document replaces a whole hourly day") with revision rules: these tests assert the new ones.
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { rangeVersion, writeDocument, zoneState } from '../../workers/market-data/store'
import { coversOfValues, documentStatements, literal, type SeriesDocument } from '../../workers/market-data/domain/sql'
import { parseEntsoeBody } from '../../workers/market-data/domain/entsoe/day-ahead'
import { dayBoundsUtc, QUARTER_MS, HOUR_MS } from '../../workers/market-data/domain/time/paris'
import { a44Xml, entsoeTime } from '../../scripts/market-data/documents'
import { app } from './app'
import type { PriceRecord } from './helpers/load'

const FR = '10YFR-RTE------C'
type Plan = { detail: string }
async function plan(sql: string, ...binds: unknown[]): Promise<string> {
  const { results } = await env.DB.prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .bind(...binds)
    .all<Plan>()
  return results.map((r) => r.detail).join(' | ')
}

/** An A44 document for France: one Period [from, to) at a resolution, prices by index. */
function doc(opts: {
  mRID: string
  revision?: number
  created: string
  from: number
  to: number
  minutes: 15 | 60
  price: (i: number) => number
  skip?: number[]
}): SeriesDocument {
  const count = (opts.to - opts.from) / (opts.minutes * 60_000)
  const points: Array<[number, number]> = []
  for (let i = 0; i < count; i++) if (!opts.skip?.includes(i)) points.push([i + 1, opts.price(i)])
  const xml = a44Xml({
    mRID: opts.mRID,
    revision: opts.revision ?? 1,
    created: opts.created,
    start: entsoeTime(opts.from),
    end: entsoeTime(opts.to),
    series: [{ periods: [{ start: entsoeTime(opts.from), end: entsoeTime(opts.to), resolution: `PT${opts.minutes}M`, points }] }],
  })
  const out = parseEntsoeBody(xml)
  if (out.kind !== 'document') throw new Error('not a document')
  const d = out.document
  return {
    series: 'day-ahead-prices',
    zone: d.zone,
    baseOffsetMs: HOUR_MS,
    provenance: { source: 'entsoe', documentId: d.mRID, revision: d.revision ?? 0, createdAt: d.createdAt! },
    covers: d.covers,
    values: d.slots.map((s) => ({ startMs: s.startMs, direction: '', volume: null, price: s.price, resolutionMin: s.resolutionMin })),
  }
}

async function rows(
  day: string
): Promise<Array<{ start_utc: number; end_utc: number; price: number | null; document_id: string; revision: number }>> {
  const { startMs, endMs } = dayBoundsUtc(day)
  const { results } = await env.DB.prepare(
    'SELECT start_utc, end_utc, price, document_id, revision FROM points WHERE series = ? AND zone = ? AND start_utc >= ? AND start_utc < ? ORDER BY start_utc'
  )
    .bind('day-ahead-prices', FR, startMs / 1000, endMs / 1000)
    .all<{ start_utc: number; end_utc: number; price: number | null; document_id: string; revision: number }>()
  return results
}

async function served(day: string, query = ''): Promise<PriceRecord[]> {
  return (await app.request(`/api/day-ahead-prices?date=${day}${query}`, {}, env)).json()
}

const now = new Date('2026-05-01T00:00:00Z')

describe('store: revisions and provenance', () => {
  it('reads ranges and day states through primary keys (EXPLAIN QUERY PLAN)', async () => {
    const page =
      'SELECT start_utc, direction, end_utc, volume, price FROM points WHERE series = ? AND zone = ? AND start_utc >= ? AND start_utc < ? ORDER BY start_utc, direction'
    expect(await plan(page, 'day-ahead-prices', FR, 0, 1)).toMatch(
      /SEARCH points USING PRIMARY KEY \(series=\? AND zone=\? AND start_utc>\? AND start_utc<\?\)/
    )
    expect(await plan(page, 'day-ahead-prices', FR, 0, 1)).not.toMatch(/TEMP B-TREE|SCAN/)
    expect(
      await plan(
        'SELECT version FROM day_state WHERE series = ? AND zone = ? AND delivery_day >= ? AND delivery_day < ?',
        'x',
        FR,
        'a',
        'b'
      )
    ).toMatch(/SEARCH day_state USING PRIMARY KEY/)
  })

  it('is idempotent: the same document twice, or another document with the same values, changes no row', async () => {
    const { startMs, endMs } = dayBoundsUtc('2025-11-12')
    const first = doc({ mRID: 'A', created: '2025-11-11T12:00:00Z', from: startMs, to: endMs, minutes: 15, price: (i) => i })
    expect(await writeDocument(env.DB, first, now)).toBe(96)
    const before = await zoneState(env.DB, 'day-ahead-prices', FR)
    expect(await writeDocument(env.DB, first, now)).toBe(0)
    const refetch = doc({ mRID: 'B', created: '2025-11-13T12:00:00Z', from: startMs, to: endMs, minutes: 15, price: (i) => i })
    expect(await writeDocument(env.DB, refetch, now)).toBe(0)
    expect(await zoneState(env.DB, 'day-ahead-prices', FR)).toEqual(before)
  })

  it('never lets an older revision of a document replace a newer one, whatever the order of loading', async () => {
    const { startMs, endMs } = dayBoundsUtc('2026-03-29')
    const rev2 = doc({ mRID: 'R', revision: 2, created: '2026-03-28T12:00:00Z', from: startMs, to: endMs, minutes: 15, price: () => 20 })
    const rev1 = doc({ mRID: 'R', revision: 1, created: '2026-03-28T12:00:00Z', from: startMs, to: endMs, minutes: 15, price: () => 10 })
    await writeDocument(env.DB, rev2, now)
    expect(await writeDocument(env.DB, rev1, now)).toBe(0)
    const held = await rows('2026-03-29')
    expect(held).toHaveLength(92)
    expect(held.every((r) => r.price === 20 && r.revision === 2)).toBe(true)
    // Another document created earlier does not win either.
    const older = doc({ mRID: 'OTHER', created: '2026-03-28T11:00:00Z', from: startMs, to: endMs, minutes: 15, price: () => 5 })
    expect(await writeDocument(env.DB, older, now)).toBe(0)
  })

  it('a new revision replaces its whole period: a value it omits becomes null, never the old value', async () => {
    const { startMs, endMs } = dayBoundsUtc('2026-03-30')
    await writeDocument(
      env.DB,
      doc({ mRID: 'M', revision: 1, created: '2026-03-29T12:00:00Z', from: startMs, to: endMs, minutes: 15, price: () => 1 }),
      now
    )
    await writeDocument(
      env.DB,
      doc({ mRID: 'M', revision: 2, created: '2026-03-29T13:00:00Z', from: startMs, to: endMs, minutes: 15, price: () => 2, skip: [7] }),
      now
    )
    const body = await served('2026-03-30', '&include=provenance')
    expect(body).toHaveLength(96)
    expect(body.filter((r) => r.price_eur_mwh === null).map((r) => r.hour_start_utc)).toEqual([
      new Date(startMs + 7 * QUARTER_MS).toISOString().slice(0, 19) + 'Z',
    ])
    expect(body.filter((r) => r.price_eur_mwh !== null).every((r) => r.price_eur_mwh === 2)).toBe(true)
    const rec = body[0] as unknown as Record<string, unknown>
    expect(rec).toMatchObject({
      source: 'entsoe',
      document_id: 'M',
      revision: 2,
      document_created: '2026-03-29T13:00:00.000Z',
      ingested_at: now.toISOString(),
    })
    expect(body[7] as unknown).toMatchObject({ source: null, document_id: null })
  })

  it('a partial document touches only its own intervals: 8 quarter-hours in an hourly day leave the other 22 hours alone', async () => {
    const { startMs, endMs } = dayBoundsUtc('2024-06-16')
    await writeDocument(
      env.DB,
      doc({ mRID: 'H', created: '2024-06-15T12:00:00Z', from: startMs, to: endMs, minutes: 60, price: (i) => 100 + i }),
      now
    )
    const from = startMs + 10 * HOUR_MS
    await writeDocument(
      env.DB,
      doc({ mRID: 'Q', created: '2024-06-20T12:00:00Z', from, to: from + 2 * HOUR_MS, minutes: 15, price: (i) => 500 + i }),
      now
    )
    const held = await rows('2024-06-16')
    expect(held).toHaveLength(22 + 8)
    const body = await served('2024-06-16')
    expect(body).toHaveLength(96)
    expect(body[0]).toMatchObject({ price_eur_mwh: 100, resolution: 'PT15M', source_resolution: 'PT60M' })
    expect(body.slice(40, 48).map((r) => r.price_eur_mwh)).toEqual([500, 501, 502, 503, 504, 505, 506, 507])
    expect(body[40].source_resolution).toBe('PT15M')
    expect(body[48]).toMatchObject({ price_eur_mwh: 112, source_resolution: 'PT60M' })
  })

  it('loading one day leaves the version (ETag) of every other day alone', async () => {
    const a = await rangeVersion(env.DB, 'day-ahead-prices', FR, '2025-11-12', '2025-11-13')
    const { startMs, endMs } = dayBoundsUtc('2025-11-20')
    await writeDocument(
      env.DB,
      doc({ mRID: 'X', created: '2025-11-19T12:00:00Z', from: startMs, to: endMs, minutes: 15, price: () => 3 }),
      now
    )
    expect(await rangeVersion(env.DB, 'day-ahead-prices', FR, '2025-11-12', '2025-11-13')).toEqual(a)
    expect((await rangeVersion(env.DB, 'day-ahead-prices', FR, '2025-11-12', '2025-11-21')).maxVersion).toBeGreaterThan(a.maxVersion)
  })

  it('literal SQL (npm run ingest) and bound statements write the same rows; text is escaped, non-finite refused', async () => {
    const { startMs } = dayBoundsUtc('2025-12-03')
    const values = Array.from({ length: 96 }, (_, i) => ({
      startMs: startMs + i * QUARTER_MS,
      direction: 'up' as const,
      volume: i / 4 - 3.25,
      price: -0.19 + i,
      resolutionMin: 15,
    }))
    const base = { series: 'afrr-energy' as const, zone: FR, baseOffsetMs: HOUR_MS, covers: coversOfValues(values) }
    for (const st of documentStatements(
      { ...base, values, provenance: { source: 'file', documentId: "doc 'quoted'", revision: 0, createdAt: '2026-01-01T00:00:00.000Z' } },
      now
    )) {
      const sql = literal(st)
      expect(sql).not.toMatch(/\?\d/)
      await env.DB.prepare(sql).run()
    }
    await writeDocument(
      env.DB,
      {
        ...base,
        values: values.map((v) => ({ ...v, direction: 'down' as const })),
        provenance: { source: 'file', documentId: 'bound', revision: 0, createdAt: '2026-01-01T00:00:00.000Z' },
      },
      now
    )
    const { results } = await env.DB.prepare(
      "SELECT direction, COUNT(*) AS n, SUM(price) AS p, SUM(volume) AS v FROM points WHERE series = 'afrr-energy' GROUP BY direction ORDER BY direction"
    ).all<{ direction: string; n: number; p: number; v: number }>()
    expect(results).toHaveLength(2)
    expect(results[0]).toMatchObject({ direction: 'down', n: 96, p: results[1].p, v: results[1].v })
    const { results: docs } = await env.DB.prepare(
      "SELECT DISTINCT document_id FROM points WHERE series = 'afrr-energy' AND direction = 'up'"
    ).all<{ document_id: string }>()
    expect(docs).toEqual([{ document_id: "doc 'quoted'" }])
    expect(() =>
      documentStatements(
        {
          ...base,
          values: [{ ...values[0], price: Infinity }],
          provenance: { source: 'file', documentId: 'x', revision: 0, createdAt: '' },
        },
        now
      )
    ).toThrow(RangeError)
  })
})
