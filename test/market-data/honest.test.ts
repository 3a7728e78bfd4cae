// Issue 37 §3: every record says how it came to be; local times beside UTC; earlier revisions.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from './app'
import { a44Xml, entsoeTime } from '../../scripts/market-data/documents'
import { dayBoundsUtc, QUARTER_MS } from '../../workers/market-data/domain/time/paris'
import type { IntervalValue } from '../../workers/market-data/domain/series'
import { load, loadEntsoe, pointsOf } from './helpers/load'
import autumn from './fixtures/entsoe-fr-2025-10-26-pt15m-a03.xml?raw'
import realA03 from './fixtures/entsoe-de-lu-2021-01-01-real-a03.xml?raw'

type Rec = Record<string, unknown> & { hour_start_utc: string; price_eur_mwh: number | null; status: string }
const json = async (path: string): Promise<Rec[]> => {
  const res = await app.request(path, {}, env)
  expect(res.status).toBe(200)
  return res.json()
}

/** A FR document for one day [from, to) of quarter-hours; `points` as [position, price]. */
function frDay(opts: {
  mRID: string
  revision: number
  created: string
  day: string
  points: Array<[number, number]>
  curve?: 'A01' | 'A03'
}) {
  const { startMs, endMs } = dayBoundsUtc(opts.day)
  return a44Xml({
    mRID: opts.mRID,
    revision: opts.revision,
    created: opts.created,
    start: entsoeTime(startMs),
    end: entsoeTime(endMs),
    series: [
      {
        curveType: opts.curve ?? 'A01',
        periods: [{ start: entsoeTime(startMs), end: entsoeTime(endMs), resolution: 'PT15M', points: opts.points }],
      },
    ],
  })
}
const all96 = (f: (p: number) => number): Array<[number, number]> => Array.from({ length: 96 }, (_, i) => [i + 1, f(i + 1)])

beforeAll(async () => {
  await loadEntsoe(autumn)
  await loadEntsoe(realA03)
})

describe('status: published, filled, missing', () => {
  it('flags every value ENTSO-E left out under A03 as filled, with the position it repeats (real DE-LU document and the autumn day)', async () => {
    // The real document's third TimeSeries is 2021-01-02's SDAC series (sequence 1), which omits a repeated hour.
    for (const [series, path] of [
      [autumn, '/api/day-ahead-prices?date=2025-10-26&resolution=native'],
      [realA03.split('<TimeSeries>')[3], '/api/day-ahead-prices?date=2021-01-02&zone=DE-LU&resolution=native'],
    ] as const) {
      const points = pointsOf(series)
      const body = await json(path)
      expect(body.length).toBeGreaterThan(points.size)
      let lastPublished = 0
      body.forEach((r, i) => {
        const position = i + 1
        if (points.has(position)) {
          expect(r).toMatchObject({ status: 'published', filled_from_position: null, price_eur_mwh: points.get(position) })
          lastPublished = position
        } else {
          expect(r).toMatchObject({ status: 'filled', filled_from_position: lastPublished, price_eur_mwh: points.get(lastPublished) })
        }
      })
      expect(body.some((r) => r.status === 'filled')).toBe(true)
    }
  })

  it('keeps the filled flag on the quarter-hour grid and in an hourly mean made with a filled part', async () => {
    const points = pointsOf(autumn)
    const quarter = await json('/api/day-ahead-prices?date=2025-10-26')
    const firstFilled = quarter.findIndex((r) => r.status === 'filled')
    expect(points.has(firstFilled + 1)).toBe(false)
    const hourly = await json('/api/day-ahead-prices?date=2025-10-26&resolution=PT60M')
    const hour = hourly[Math.floor(firstFilled / 4)]
    expect(hour.status).toBe('filled')
    expect(hour.filled_from_position).toBe(quarter[firstFilled].filled_from_position)
  })

  it('marks an interval the source gave no value for as missing (A01: a missing position stays missing)', async () => {
    const points = all96((p) => p).filter(([p]) => p !== 10)
    const xml = frDay({ mRID: 'GAP', revision: 1, created: '2026-01-01T00:00:00Z', day: '2025-03-03', points })
    await loadEntsoe(xml)
    const body = await json('/api/day-ahead-prices?date=2025-03-03')
    expect(body[9]).toMatchObject({ price_eur_mwh: null, status: 'missing', filled_from_position: null })
    expect(body.filter((r) => r.status === 'published')).toHaveLength(95)
  })

  it('writes no rows for a direction the source gave nothing for on a day, and both where it gave both', async () => {
    const { startMs, endMs } = dayBoundsUtc('2025-04-02')
    const up: IntervalValue[] = []
    for (let t = startMs; t < endMs; t += QUARTER_MS) up.push({ startMs: t, direction: 'up', volume: 100, price: 5, resolutionMin: 15 })
    await load('afrr-capacity', up)
    const oneSided = await json('/api/afrr-capacity?date=2025-04-02')
    expect(oneSided).toHaveLength(96)
    expect(oneSided.every((r) => r.direction === 'up' && r.status === 'published')).toBe(true)
    const csv = (await (await app.request('/api/afrr-capacity?date=2025-04-02&format=csv', {}, env)).text()).trim().split('\r\n')
    expect(csv).toHaveLength(1 + 96)
    // One quarter-hour of 'down' makes the day two-sided: the other 95 'down' quarter-hours are missing.
    await load('afrr-capacity', [{ startMs, direction: 'down', volume: 50, price: 3, resolutionMin: 15 }])
    const twoSided = await json('/api/afrr-capacity?date=2025-04-02')
    expect(twoSided).toHaveLength(192)
    expect(twoSided.filter((r) => r.direction === 'down' && r.status === 'missing')).toHaveLength(95)
  })
})

describe('tz= adds local times and keeps the UTC fields', () => {
  it('on the autumn switch day: UTC with Z in every row, local with +02:00 then +01:00, and a CSV header naming both', async () => {
    const res = await app.request('/api/day-ahead-prices?date=2025-10-26&tz=Europe/Paris&format=csv', {}, env)
    const lines = (await res.text()).trim().split('\r\n')
    const header = lines[0].split(',')
    expect(header.slice(0, 4)).toEqual(['hour_start_utc', 'hour_end_utc', 'hour_start_local', 'hour_end_local'])
    const rows = lines.slice(1).map((l) => l.split(','))
    expect(rows).toHaveLength(100)
    expect(rows.every((r) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/.test(r[0]) && r[1].endsWith('Z'))).toBe(true)
    expect(rows[0].slice(0, 4)).toEqual([
      '2025-10-25T22:00:00Z',
      '2025-10-25T22:15:00Z',
      '2025-10-26T00:00:00+02:00',
      '2025-10-26T00:15:00+02:00',
    ])
    // 01:00Z is 02:00 again, in winter time.
    const back = rows.find((r) => r[0] === '2025-10-26T01:00:00Z')!
    expect(back[2]).toBe('2025-10-26T02:00:00+01:00')
    expect(rows.find((r) => r[0] === '2025-10-26T00:00:00Z')![2]).toBe('2025-10-26T02:00:00+02:00')
    // Each local time names the same instant as its UTC time.
    for (const r of rows) expect(Date.parse(r[2])).toBe(Date.parse(r[0]))
    const plain = await json('/api/day-ahead-prices?date=2025-10-26')
    expect(Object.keys(plain[0])).not.toContain('hour_start_local')
  })
})

describe('include=revisions', () => {
  const day = '2025-05-05'
  beforeAll(async () => {
    const base = (p: number) => 40 + p
    await loadEntsoe(frDay({ mRID: 'REV', revision: 1, created: '2025-05-04T12:00:00Z', day, points: all96(base) }))
    // Revision 2 corrects position 5; revision 3 leaves position 7 out (A01: the value is withdrawn).
    await loadEntsoe(
      frDay({ mRID: 'REV', revision: 2, created: '2025-05-04T13:00:00Z', day, points: all96((p) => (p === 5 ? 99 : base(p))) })
    )
    await loadEntsoe(
      frDay({
        mRID: 'REV',
        revision: 3,
        created: '2025-05-04T14:00:00Z',
        day,
        points: all96((p) => (p === 5 ? 99 : base(p))).filter(([p]) => p !== 7),
      })
    )
  })

  it('lists the earlier values of an interval with their document, oldest first; none where nothing changed', async () => {
    const body = await json(`/api/day-ahead-prices?date=${day}&include=revisions`)
    expect(body).toHaveLength(96)
    expect(body[0].revisions).toEqual([])
    expect(body[4].price_eur_mwh).toBe(99)
    expect(body[4].revisions).toEqual([
      expect.objectContaining({ price_eur_mwh: 45, document_id: 'REV', revision: 1, document_created: '2025-05-04T12:00:00.000Z' }),
    ])
    // Withdrawn by revision 3: its last value is the one revision 2 confirmed.
    expect(body[6]).toMatchObject({ price_eur_mwh: null, status: 'missing' })
    const withdrawn = body[6].revisions as Array<{ price_eur_mwh: number; revision: number; superseded_at: string }>
    expect(withdrawn.at(-1)).toMatchObject({ price_eur_mwh: 47, revision: 2 })
    expect(typeof withdrawn.at(-1)!.superseded_at).toBe('string')
  })

  it('gives the same history as JSON text in a CSV column, with provenance beside it', async () => {
    const res = await app.request(`/api/day-ahead-prices?date=${day}&include=provenance,revisions&format=csv`, {}, env)
    const text = await res.text()
    const header = text.split('\r\n')[0]
    expect(header.endsWith(',source,document_id,revision,document_created,ingested_at,revisions')).toBe(true)
    const line = text.split('\r\n')[5]
    const cell = line.slice(line.indexOf(',"[') + 2, -1).replace(/""/g, '"')
    expect(JSON.parse(cell)).toEqual([expect.objectContaining({ price_eur_mwh: 45, revision: 1 })])
  })

  it('refuses an unknown include with 400 INVALID_QUERY', async () => {
    const res = await app.request(`/api/day-ahead-prices?date=${day}&include=everything`, {}, env)
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_QUERY' })
  })
})
