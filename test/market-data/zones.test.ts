import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from './app'
import { ZONES, findZone } from '../../workers/market-data/domain/zones'
import { dayBoundsUtc } from '../../workers/market-data/domain/time/paris'
import { loadEntsoe, type PriceRecord } from './helpers/load'
import deLuReal from './fixtures/entsoe-de-lu-2021-01-01-real-a03.xml?raw'
import pt15 from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'
import { dayA44 } from '../../scripts/market-data/documents'

const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }, env)
const json = async (path: string) => {
  const res = await get(path)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as PriceRecord[]
}

beforeAll(async () => {
  await loadEntsoe(deLuReal)
  await loadEntsoe(pt15)
})

describe('bidding zones', () => {
  it('knows every SDAC zone ENTSO-E publishes prices for, by EIC code or short name', () => {
    expect(ZONES.length).toBeGreaterThanOrEqual(39)
    for (const name of ['FR', 'fr', '10YFR-RTE------C', 'DE-LU', 'DE_LU', 'NO2', 'NO_2', 'IT-North', 'SE4', 'PT', 'IE(SEM)'])
      expect(findZone(name), name).toBeDefined()
    expect(findZone('DE-LU')!.eic).toBe('10Y1001A1001A82H')
    expect(findZone('GB')).toBeUndefined() // publication uncertain: not served as if known
    expect(findZone('x'.repeat(1000))).toBeUndefined()
  })

  it("serves a zone's prices for its own local day; France stays the default", async () => {
    const de = await json('/api/day-ahead-prices?zone=DE-LU&date=2021-01-01&resolution=native')
    expect(de).toHaveLength(24)
    expect(de[0]).toMatchObject({ hour_start_utc: '2020-12-31T23:00:00Z', resolution: 'PT60M' })
    expect(await json('/api/day-ahead-prices?zone=10Y1001A1001A82H&date=2021-01-01&resolution=native')).toEqual(de)
    expect(await json('/api/day-ahead-prices?date=2021-01-01')).toEqual([])
    expect(await json('/api/day-ahead-prices?date=2025-11-12')).toHaveLength(96)
    expect(await json('/api/day-ahead-prices?zone=DE-LU&date=2025-11-12')).toEqual([])
  })

  it('uses each zone’s own midnight: Lisbon (UTC+0) and Helsinki (UTC+2) days', async () => {
    for (const [zone, eic, startUtc] of [
      ['PT', '10YPT-REN------W', '2025-11-12T00:00:00Z'],
      ['FI', '10YFI-1--------U', '2025-11-11T22:00:00Z'],
    ]) {
      const base = findZone(zone)!.baseOffsetMs
      const xml = dayA44('2025-11-12', { resolutionMin: 60, zone: eic, mRID: `Z-${zone}` })
      // dayA44 writes Paris days: shift the document to the zone's day boundaries.
      const paris = dayBoundsUtc('2025-11-12')
      const local = dayBoundsUtc('2025-11-12', base)
      const iso = (ms: number) => new Date(ms).toISOString().slice(0, 16) + 'Z'
      await loadEntsoe(xml.replaceAll(iso(paris.startMs), iso(local.startMs)).replaceAll(iso(paris.endMs), iso(local.endMs)))
      const body = await json(`/api/day-ahead-prices?zone=${zone}&date=2025-11-12`)
      expect(body).toHaveLength(96)
      expect(body[0].hour_start_utc).toBe(startUtc)
    }
  })

  it('refuses an unknown zone, and a zone other than France for the RTE series', async () => {
    for (const path of ['/api/day-ahead-prices?zone=Atlantis', '/api/fcr-capacity?zone=DE-LU']) {
      const res = await get(path)
      expect(res.status).toBe(400)
      const body = (await res.json()) as { code: string; issues: Array<{ path: string }> }
      expect(body.code).toBe('INVALID_QUERY')
      expect(body.issues[0].path).toBe('zone')
    }
    expect((await get('/api/fcr-capacity?zone=FR')).status).toBe(200)
  })
})

describe('query options', () => {
  it('takes start and end as ISO times, and writes times in another zone with tz=', async () => {
    // 11:00+01:00 is 10:00Z: an empty range is refused (end must be after start).
    expect((await get('/api/day-ahead-prices?start=2025-11-12T10:00:00Z&end=2025-11-12T11:00:00%2B01:00')).status).toBe(400)
    const hour = await json('/api/day-ahead-prices?start=2025-11-12T10:00:00Z&end=2025-11-12T11:00:00Z')
    expect(hour.map((r) => r.hour_start_utc)).toEqual([
      '2025-11-12T10:00:00Z',
      '2025-11-12T10:15:00Z',
      '2025-11-12T10:30:00Z',
      '2025-11-12T10:45:00Z',
    ])
    // Issue 37: the UTC fields stay UTC; tz= adds the local times beside them.
    const paris = await json('/api/day-ahead-prices?date=2025-11-12&tz=Europe/Paris')
    expect(paris[0]).toMatchObject({
      hour_start_utc: '2025-11-11T23:00:00Z',
      hour_end_utc: '2025-11-11T23:15:00Z',
      hour_start_local: '2025-11-12T00:00:00+01:00',
      hour_end_local: '2025-11-12T00:15:00+01:00',
    })
    expect((await get('/api/day-ahead-prices?date=2025-11-12&tz=Mars/Olympus')).status).toBe(400)
    expect((await get('/api/day-ahead-prices?start=2025-11-12T25:00:00Z&end=2025-11-13')).status).toBe(400)
  })

  it('serves provenance per record in JSON and CSV with include=provenance', async () => {
    const body = (await json('/api/day-ahead-prices?date=2021-01-01&zone=DE-LU&resolution=native&include=provenance')) as unknown as Array<
      Record<string, unknown>
    >
    expect(body[0]).toMatchObject({
      source: 'entsoe',
      document_id: 'dd59adf271cb47718ca6b95e57d70e01',
      revision: 1,
      document_created: '2025-08-18T13:42:19.000Z',
      ingested_at: '2026-01-01T00:00:00.000Z',
    })
    const csv = (
      await (await get('/api/day-ahead-prices?date=2021-01-01&zone=DE-LU&resolution=native&include=provenance&format=csv')).text()
    ).split('\r\n')
    expect(csv[0]).toBe(
      'hour_start_utc,hour_end_utc,price_eur_mwh,resolution,source_resolution,status,filled_from_position,source,document_id,revision,document_created,ingested_at'
    )
    expect(csv[1]).toMatch(
      /^2020-12-31T23:00:00Z,2021-01-01T00:00:00Z,[-\d.]+,PT60M,PT60M,(published|filled),\d*,entsoe,dd59adf271cb47718ca6b95e57d70e01,1,2025-08-18T13:42:19.000Z,2026-01-01T00:00:00.000Z$/
    )
  })
})
