// Issue 37 §2: layout=wide, one column per zone on the requested grid.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from './app'
import { loadEntsoe } from './helpers/load'
import fr from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'
import de from './fixtures/entsoe-de-lu-2025-11-12.xml?raw'

type Row = Record<string, string | number | null>
const get = (path: string) => app.request(path, {}, env)
const json = async <T>(path: string): Promise<T> => {
  const res = await get(path)
  expect(res.status).toBe(200)
  return res.json() as Promise<T>
}

beforeAll(async () => {
  await loadEntsoe(fr)
  await loadEntsoe(de)
})

describe('layout=wide', () => {
  it('gives one row per quarter-hour with a column per zone, the values of each zone alone', async () => {
    const rows = await json<Row[]>('/api/day-ahead-prices?date=2025-11-12&zone=FR,DE-LU,FI&layout=wide')
    expect(rows).toHaveLength(96)
    expect(Object.keys(rows[0])).toEqual(['hour_start_utc', 'hour_end_utc', 'FR', 'DE_LU', 'FI'])
    const frLong = await json<Row[]>('/api/day-ahead-prices?date=2025-11-12')
    const deLong = await json<Row[]>('/api/day-ahead-prices?date=2025-11-12&zone=DE-LU')
    rows.forEach((r, i) => {
      expect(r.hour_start_utc).toBe(frLong[i].hour_start_utc)
      expect(r.FR).toBe(frLong[i].price_eur_mwh)
      expect(r.DE_LU).toBe(deLong[i].price_eur_mwh)
      // Nothing is held for FI: its column is null, no row is made up for it.
      expect(r.FI).toBeNull()
    })
  })

  it('writes CSV with the UTC columns, the local ones with tz=, and the zone columns; hourly on PT60M', async () => {
    const text = await (await get('/api/day-ahead-prices?date=2025-11-12&zone=DE-LU,FR&layout=wide&format=csv&tz=Europe/Paris')).text()
    const lines = text.trim().split('\r\n')
    expect(lines[0]).toBe('hour_start_utc,hour_end_utc,hour_start_local,hour_end_local,DE_LU,FR')
    expect(lines).toHaveLength(1 + 96)
    expect(lines[1].startsWith('2025-11-11T23:00:00Z,2025-11-11T23:15:00Z,2025-11-12T00:00:00+01:00,2025-11-12T00:15:00+01:00,')).toBe(true)
    const hourly = await json<Row[]>('/api/day-ahead-prices?date=2025-11-12&zone=FR,DE-LU&layout=wide&resolution=PT60M')
    const frHourly = await json<Row[]>('/api/day-ahead-prices?date=2025-11-12&resolution=PT60M')
    expect(hourly).toHaveLength(24)
    expect(hourly.map((r) => r.FR)).toEqual(frHourly.map((r) => r.price_eur_mwh))
    const nd = (await (await get('/api/day-ahead-prices?date=2025-11-12&zone=FR&layout=wide&format=ndjson')).text()).trim().split('\n')
    expect(nd).toHaveLength(96)
    expect(Object.keys(JSON.parse(nd[0]))).toEqual(['hour_start_utc', 'hour_end_utc', 'FR'])
  })

  it('refuses what has no single column per zone with 400 INVALID_QUERY', async () => {
    for (const path of [
      '/api/afrr-capacity?date=2025-11-12&layout=wide',
      '/api/day-ahead-prices?date=2025-11-12&zone=FR,DE-LU&layout=wide&resolution=native',
      '/api/day-ahead-prices?date=2025-11-12&zone=FR,DE-LU&layout=wide&include=provenance',
      '/api/day-ahead-prices?date=2025-11-12&layout=sideways',
    ]) {
      const res = await get(path)
      expect(res.status, path).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'INVALID_QUERY' })
    }
  })
})
