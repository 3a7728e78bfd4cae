// Issue 37 §2: several zones in one request (long format), counted per zone-year.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from './app'
import { loadEntsoe } from './helpers/load'
import fr from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'
import de from './fixtures/entsoe-de-lu-2025-11-12.xml?raw'

type Rec = Record<string, unknown> & { zone?: string; hour_start_utc: string; price_eur_mwh: number | null }
const get = (path: string, headers: Record<string, string> = {}, e: object = env) => app.request(path, { headers }, e)
const json = async (path: string): Promise<Rec[]> => {
  const res = await get(path)
  expect(res.status).toBe(200)
  return res.json()
}

beforeAll(async () => {
  await loadEntsoe(fr)
  await loadEntsoe(de)
})

describe('zone=FR,DE-LU', () => {
  it('answers zone after zone in the order asked, every record starting with zone, the same values as one zone at a time', async () => {
    const both = await json('/api/day-ahead-prices?date=2025-11-12&zone=DE-LU,FR')
    expect(both).toHaveLength(192)
    expect(Object.keys(both[0])[0]).toBe('zone')
    expect(both.slice(0, 96).every((r) => r.zone === 'DE_LU')).toBe(true)
    expect(both.slice(96).every((r) => r.zone === 'FR')).toBe(true)
    const alone = [
      ...(await json('/api/day-ahead-prices?date=2025-11-12&zone=DE-LU')),
      ...(await json('/api/day-ahead-prices?date=2025-11-12')),
    ]
    expect(both.map(({ zone, ...r }) => r)).toEqual(alone)
    // One zone alone has no zone field (older clients).
    expect(Object.keys(alone[0])).not.toContain('zone')
  })

  it('writes the same records as CSV and NDJSON, and a zone with nothing held adds no records', async () => {
    const csv = await get('/api/day-ahead-prices?date=2025-11-12&zone=FR,DE-LU,BE&format=csv')
    expect(csv.headers.get('content-disposition')).toBe('inline; filename="day-ahead-prices_FR+DE_LU+BE_2025-11-12_2025-11-13.csv"')
    const lines = (await csv.text()).trim().split('\r\n')
    expect(lines[0].startsWith('zone,hour_start_utc,hour_end_utc,price_eur_mwh')).toBe(true)
    expect(lines).toHaveLength(1 + 192)
    expect(lines[1].startsWith('FR,2025-11-11T23:00:00Z,')).toBe(true)
    expect(lines[97].startsWith('DE_LU,')).toBe(true)
    const nd = (await (await get('/api/day-ahead-prices?date=2025-11-12&zone=FR,DE-LU&format=ndjson')).text()).trim().split('\n')
    expect(nd).toHaveLength(192)
    expect(JSON.parse(nd[96])).toMatchObject({ zone: 'DE_LU' })
    expect(await json('/api/day-ahead-prices?date=2025-11-12&zone=BE,NL')).toEqual([])
  })

  it('gives an ETag that a change in any of the zones moves', async () => {
    const res = await get('/api/day-ahead-prices?date=2025-11-12&zone=FR,DE-LU')
    const etag = res.headers.get('etag')!
    expect((await get('/api/day-ahead-prices?date=2025-11-12&zone=FR,DE-LU', { 'If-None-Match': etag })).status).toBe(304)
    expect((await get('/api/day-ahead-prices?date=2025-11-12&zone=DE-LU,FR', { 'If-None-Match': etag })).status).toBe(200)
  })

  it('refuses more than 10 zones, a zone named twice, an unknown zone and reserves outside France with 400 INVALID_QUERY', async () => {
    for (const zone of ['FR,DE-LU,BE,NL,AT,PL,CZ,SK,HU,SI,HR', 'FR,10YFR-RTE------C', 'FR,Atlantis', 'FR,']) {
      const res = await get(`/api/day-ahead-prices?date=2025-11-12&zone=${encodeURIComponent(zone)}`)
      expect(res.status, zone).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'INVALID_QUERY' })
    }
    expect((await get('/api/afrr-capacity?date=2025-11-12&zone=FR,DE-LU')).status).toBe(400)
  })
})

describe('limits count one request per zone-year', () => {
  const limited = { ...env, ANONYMOUS_PER_MINUTE: '5' }

  it('a request for three zones uses three of the five a minute', async () => {
    const ip = { 'CF-Connecting-IP': '198.51.100.37' }
    const first = await get('/api/day-ahead-prices?date=2025-11-12&zone=FR,DE-LU,BE', ip, limited)
    expect(first.status).toBe(200)
    expect(first.headers.get('ratelimit-limit')).toBe('5')
    const second = await get('/api/day-ahead-prices?date=2025-11-12&zone=FR,DE-LU,BE', ip, limited)
    expect(second.status).toBe(429)
    expect(await second.json()).toMatchObject({ code: 'RATE_LIMITED' })
    expect(second.headers.get('retry-after')).toMatch(/^\d+$/)
    // Another client is not touched by it.
    const single = await get('/api/day-ahead-prices?date=2025-11-12', { 'CF-Connecting-IP': '198.51.100.38' }, limited)
    expect(single.status).toBe(200)
  })

  it('holds under concurrency: five parallel two-zone requests against a limit of five serve at most two', async () => {
    const ip = { 'CF-Connecting-IP': '198.51.100.39' }
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => get('/api/day-ahead-prices?date=2025-11-12&zone=FR,DE-LU', ip, limited))
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.every((s) => s === 200 || s === 429)).toBe(true)
    expect(statuses.filter((s) => s === 200).length).toBeLessThanOrEqual(2)
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(3)
  })

  it('a token counts a multi-year range once per started year', async () => {
    const { zoneYears } = await import('../../workers/market-data/domain/answer')
    const day = 86_400_000
    expect(zoneYears([{ startMs: 0, endMs: day }])).toBe(1)
    expect(zoneYears([{ startMs: 0, endMs: 366 * day }])).toBe(1)
    expect(zoneYears([{ startMs: 0, endMs: 367 * day }])).toBe(2)
    expect(zoneYears([{ startMs: 0, endMs: 3 * 366 * day }, null, { startMs: 0, endMs: day }])).toBe(5)
  })
})
