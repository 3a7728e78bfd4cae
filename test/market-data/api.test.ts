import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from './app'
import { loadEntsoe, pointsOf, type PriceRecord } from './helpers/load'
import pt15 from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'
import pt60 from './fixtures/entsoe-fr-2024-06-15-pt60m.xml?raw'
import spring from './fixtures/entsoe-fr-2026-03-29-pt15m.xml?raw'
import autumn from './fixtures/entsoe-fr-2025-10-26-pt15m-a03.xml?raw'
import twoPeriods from './fixtures/entsoe-fr-2025-11-13-a03-two-periods.xml?raw'

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }, env)

async function records(path: string): Promise<PriceRecord[]> {
  const res = await get(path)
  expect(res.status).toBe(200)
  expect(res.headers.get('content-type')).toBe('application/json; charset=utf-8')
  return res.json()
}

beforeAll(async () => {
  for (const doc of [pt15, pt60, spring, autumn, twoPeriods]) await loadEntsoe(doc)
})

describe('GET /api/day-ahead-prices', () => {
  it('returns a delivery day: 96 quarter-hours earliest first, each the exact source price, UTC with Z', async () => {
    const body = await records('/api/day-ahead-prices?date=2025-11-12')
    expect(body).toHaveLength(96)
    const points = pointsOf(pt15)
    body.forEach((r, i) => {
      // Issue 22 adds the record's resolution and the source's to every record.
      // Issue 37 adds how the value came to be.
      expect(Object.keys(r)).toEqual([
        'hour_start_utc',
        'hour_end_utc',
        'price_eur_mwh',
        'resolution',
        'source_resolution',
        'status',
        'filled_from_position',
      ])
      expect(r).toMatchObject({ status: 'published', filled_from_position: null })
      expect(r).toMatchObject({ resolution: 'PT15M', source_resolution: 'PT15M' })
      expect(r.price_eur_mwh).toBe(points.get(i + 1))
      expect(Date.parse(r.hour_end_utc) - Date.parse(r.hour_start_utc)).toBe(15 * 60_000)
      expect(r.hour_start_utc).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00Z$/)
    })
    expect(body[0].hour_start_utc).toBe('2025-11-11T23:00:00Z')
    expect(body[95].hour_end_utc).toBe('2025-11-12T23:00:00Z')
  })

  it('has 92 quarter-hours on the spring switch day and 100 on the autumn one', async () => {
    const springDay = await records('/api/day-ahead-prices?date=2026-03-29')
    expect(springDay).toHaveLength(92)
    expect(springDay[0].hour_start_utc).toBe('2026-03-28T23:00:00Z')
    expect(springDay[91].hour_end_utc).toBe('2026-03-29T22:00:00Z')
    const autumnDay = await records('/api/day-ahead-prices?date=2025-10-26')
    expect(autumnDay).toHaveLength(100)
    expect(autumnDay[0].hour_start_utc).toBe('2025-10-25T22:00:00Z')
    expect(autumnDay[99].hour_end_utc).toBe('2025-10-26T23:00:00Z')
    expect(autumnDay.every((r) => typeof r.price_eur_mwh === 'number')).toBe(true)
  })

  it('repeats an hourly price on each of its quarter-hours (before the 15-minute go-live), and says so', async () => {
    const body = await records('/api/day-ahead-prices?date=2024-06-15')
    expect(body).toHaveLength(96)
    const points = pointsOf(pt60)
    body.forEach((r, i) => expect(r.price_eur_mwh).toBe(points.get(Math.floor(i / 4) + 1)))
    expect(body.every((r) => r.resolution === 'PT15M' && r.source_resolution === 'PT60M')).toBe(true)
  })

  it('serves an hourly day as published with resolution=native, and as hours with PT60M', async () => {
    const points = pointsOf(pt60)
    for (const q of ['native', 'PT60M']) {
      const body = await records(`/api/day-ahead-prices?date=2024-06-15&resolution=${q}`)
      expect(body).toHaveLength(24)
      body.forEach((r, i) => expect(r).toMatchObject({ price_eur_mwh: points.get(i + 1), resolution: 'PT60M', source_resolution: 'PT60M' }))
    }
    // A quarter-hour day as hours: the mean of its four quarter-hours.
    const hours = await records('/api/day-ahead-prices?date=2025-11-12&resolution=PT60M')
    expect(hours).toHaveLength(24)
    const q = pointsOf(pt15)
    expect(hours[0].price_eur_mwh).toBeCloseTo((q.get(1)! + q.get(2)! + q.get(3)! + q.get(4)!) / 4, 10)
    expect(hours[0]).toMatchObject({
      hour_start_utc: '2025-11-11T23:00:00Z',
      hour_end_utc: '2025-11-12T00:00:00Z',
      resolution: 'PT60M',
      source_resolution: 'PT15M',
    })
    // An hour with a missing quarter-hour is null, not the mean of three.
    const gap = await records('/api/day-ahead-prices?date=2025-11-13&resolution=PT60M')
    expect(gap.find((r) => r.hour_start_utc === '2025-11-13T11:00:00Z')!.price_eur_mwh).toBeNull()
  })

  it('gives null for a quarter-hour the source left without a value, never an invented one', async () => {
    const body = await records('/api/day-ahead-prices?date=2025-11-13')
    expect(body).toHaveLength(96)
    const nulls = body.filter((r) => r.price_eur_mwh === null)
    expect(nulls.map((r) => r.hour_start_utc)).toEqual(['2025-11-13T11:00:00Z'])
  })

  it('returns a range [start, end) with only the days held, earliest first', async () => {
    const body = await records('/api/day-ahead-prices?start=2025-10-26&end=2025-11-14')
    expect(body).toHaveLength(100 + 96 + 96)
    const starts = body.map((r) => r.hour_start_utc)
    expect([...starts].sort()).toEqual(starts)
    expect(starts[0]).toBe('2025-10-25T22:00:00Z')
    expect(starts.at(-1)).toBe('2025-11-13T22:45:00Z')
    // end is exclusive
    expect(await records('/api/day-ahead-prices?start=2025-10-26&end=2025-11-12')).toHaveLength(100)
  })

  it('returns [] for a range or a day with no data, cached briefly since a backfill may fill it', async () => {
    const res = await get('/api/day-ahead-prices?start=2020-01-01&end=2020-02-01')
    expect(await res.json()).toEqual([])
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    expect(await records('/api/day-ahead-prices?date=2020-01-01')).toEqual([])
    expect(await records('/api/fcr-capacity')).toEqual([])
  })

  it('without parameters returns the latest delivery day held, with a short cache', async () => {
    const res = await get('/api/day-ahead-prices')
    const body: PriceRecord[] = await res.json()
    expect(body).toHaveLength(92)
    expect(body[0].hour_start_utc).toBe('2026-03-28T23:00:00Z')
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
  })

  it('returns CSV with the same columns, CRLF line ends and the same values', async () => {
    const res = await get('/api/day-ahead-prices?date=2025-11-13&format=csv')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8; header=present')
    expect(res.headers.get('content-disposition')).toBe('inline; filename="day-ahead-prices_2025-11-13_2025-11-14.csv"')
    const text = await res.text()
    const lines = text.split('\r\n')
    expect(lines[0]).toBe('hour_start_utc,hour_end_utc,price_eur_mwh,resolution,source_resolution,status,filled_from_position')
    expect(lines).toHaveLength(1 + 96 + 1)
    expect(lines.at(-1)).toBe('')
    const json = await records('/api/day-ahead-prices?date=2025-11-13')
    lines.slice(1, 97).forEach((line, i) => {
      const [start, end, price] = line.split(',')
      expect(start).toBe(json[i].hour_start_utc)
      expect(end).toBe(json[i].hour_end_utc)
      expect(price === '' ? null : Number(price)).toBe(json[i].price_eur_mwh)
    })
    expect(lines).toContain('2025-11-13T11:00:00Z,2025-11-13T11:15:00Z,,PT15M,,missing,')
    const empty = await get('/api/day-ahead-prices?date=2020-01-01&format=csv')
    expect(await empty.text()).toBe(
      'hour_start_utc,hour_end_utc,price_eur_mwh,resolution,source_resolution,status,filled_from_position\r\n'
    )
  })

  it('sends an ETag; If-None-Match with it gives 304; new data changes it', async () => {
    const first = await get('/api/day-ahead-prices?date=2025-11-12')
    const etag = first.headers.get('etag')!
    // Issue 22: the ETag is per requested range (it moves only when a day in it changes), and a
    // settled day is cached for a year.
    expect(etag).toMatch(/^"s2\.day-ahead-prices\.FR\.\d+-\d+\.json\.PT15M\.\.UTC\.1-\d+-\d+"$/)
    expect(first.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')

    for (const header of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const again = await get('/api/day-ahead-prices?date=2025-11-12', { 'If-None-Match': header })
      expect(again.status).toBe(304)
      expect(again.headers.get('etag')).toBe(etag)
      expect(await again.text()).toBe('')
    }
    expect((await get('/api/day-ahead-prices?date=2025-11-12', { 'If-None-Match': '"stale"' })).status).toBe(200)
    // CSV and JSON of the same range are different representations.
    expect((await get('/api/day-ahead-prices?date=2025-11-12&format=csv', { 'If-None-Match': etag })).status).toBe(200)

    await loadEntsoe(pt15) // identical document: nothing changes
    expect((await get('/api/day-ahead-prices?date=2025-11-12', { 'If-None-Match': etag })).status).toBe(304)
    await loadEntsoe(pt15.replace(/<price\.amount>[^<]+/, '<price.amount>1.23'))
    const changed = await get('/api/day-ahead-prices?date=2025-11-12', { 'If-None-Match': etag })
    expect(changed.status).toBe(200)
    expect(changed.headers.get('etag')).not.toBe(etag)
    expect(((await changed.json()) as PriceRecord[])[0].price_eur_mwh).toBe(1.23)
  })

  it('caches a day that is not yet settled for a short time only', async () => {
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10)
    const res = await get(`/api/day-ahead-prices?date=${tomorrow}`)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
  })
})

describe('browsers', () => {
  it('allows any origin to read the data (CORS) and answers the preflight', async () => {
    const res = await get('/api/day-ahead-prices?date=2025-11-12', { Origin: 'https://notebook.example' })
    expect(res.headers.get('access-control-allow-origin')).toBe('*')
    expect(res.headers.get('access-control-expose-headers')).toContain('ETag')
    const pre = await app.request(
      '/api/day-ahead-prices',
      { method: 'OPTIONS', headers: { Origin: 'https://x.example', 'Access-Control-Request-Method': 'GET' } },
      env
    )
    expect(pre.status).toBe(204)
    expect(pre.headers.get('access-control-allow-methods')).toContain('GET')
  })

  it('answers HEAD with the headers of GET', async () => {
    const res = await app.request('/api/day-ahead-prices?date=2025-11-12', { method: 'HEAD' }, env)
    expect(res.status).toBe(200)
    expect(res.headers.get('etag')).toMatch(/^"s2\.day-ahead-prices\.FR\./)
  })
})

describe('query validation', () => {
  it.each([
    ['date=2025-02-30', 'date'],
    ['date=2025-1-1', 'date'],
    ['date=yesterday', 'date'],
    ['date=1999-12-31', 'date'],
    ['date=2100-01-01', 'date'],
    ['date=', 'date'],
    ['date=2025-11-12&start=2025-11-01&end=2025-11-02', 'date'],
    ['start=2025-11-01', 'end'],
    ['end=2025-11-01', 'start'],
    ['start=2025-11-02&end=2025-11-02', 'end'],
    ['start=2025-11-03&end=2025-11-02', 'end'],
    ['start=2024-01-01&end=2025-01-02', 'end'],
    ['start=2025-11-31&end=2025-12-02', 'start'],
    ['format=xml', 'format'],
    ['format=CSV', 'format'],
    ['date=2025-11-12&date=2025-11-13', 'date'],
  ])('refuses %s with 400 INVALID_QUERY naming %s', async (query, path) => {
    const res = await get(`/api/day-ahead-prices?${query}`)
    expect(res.status).toBe(400)
    const body = (await res.json()) as { code: string; error: string; issues: Array<{ path: string; message: string }> }
    expect(body.code).toBe('INVALID_QUERY')
    expect(body.error).toMatch(/^Invalid request: /)
    expect(body.issues.map((i) => i.path)).toContain(path)
  })

  // Issue 22: unknown parameters are ignored with a Warning header (they were a 400).
  it('ignores an unknown parameter and names it in a Warning header', async () => {
    const res = await get('/api/day-ahead-prices?date=2025-11-12&dat=x&colour=blue')
    expect(res.status).toBe(200)
    expect(res.headers.get('warning')).toBe('299 - "Ignored unknown query parameter(s): dat, colour"')
    expect((await get('/api/day-ahead-prices?date=2025-11-12')).headers.get('warning')).toBeNull()
  })

  it('accepts the longest range, 366 days', async () => {
    expect((await get('/api/day-ahead-prices?start=2024-01-01&end=2025-01-01')).status).toBe(200)
  })

  it.each(['fcr-capacity', 'afrr-capacity', 'afrr-energy', 'mfrr-capacity', 'mfrr-energy', 'afrr-marginal-price'])(
    'validates /api/%s the same way',
    async (name) => {
      const res = await get(`/api/${name}?date=2025-13-01`)
      expect(res.status).toBe(400)
      expect(((await res.json()) as { code: string }).code).toBe('INVALID_QUERY')
    }
  )
})

describe('service documents', () => {
  it('documents the series endpoints and /api/status in OpenAPI and answers /healthz', async () => {
    const doc = (await (await get('/openapi.json')).json()) as {
      paths: Record<string, { get: { parameters: Array<{ name: string }>; responses: Record<string, unknown> } }>
    }
    expect(doc.paths['/api/status'].get).toBeDefined()
    for (const name of [
      'day-ahead-prices',
      'fcr-capacity',
      'afrr-capacity',
      'afrr-energy',
      'mfrr-capacity',
      'mfrr-energy',
      'afrr-marginal-price',
    ]) {
      const op = doc.paths[`/api/${name}`].get
      expect(op.parameters.map((p) => p.name).sort()).toEqual([
        'date',
        'end',
        'format',
        'include',
        'layout',
        'resolution',
        'start',
        'tz',
        'zone',
      ])
      expect(Object.keys(op.responses).sort()).toEqual(['200', '304', '400', '401', '429'])
    }
    expect(await (await get('/healthz')).json()).toEqual({ ok: true })
    expect((await get('/docs')).status).toBe(200)
  })
})

describe('benchmark reference route', () => {
  it('is off (JSON 404) unless BENCH_D1_BASELINE is true, and then returns the raw rows', async () => {
    const path = '/_bench/d1?series=day-ahead-prices&start=2025-11-12&end=2025-11-13'
    const off = await get(path)
    expect(off.status).toBe(404)
    expect(((await off.json()) as { code: string }).code).toBe('NOT_FOUND')
    const on = await app.request(path, {}, { ...env, BENCH_D1_BASELINE: 'true' })
    const rows = (await on.json()) as unknown[][]
    expect(rows).toHaveLength(96)
    expect(rows[0]).toHaveLength(6)
  })
})
