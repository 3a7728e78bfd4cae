// Issue 37 §1: GET /api/zones and GET /api/series.
import { env } from 'cloudflare:workers'
import { beforeAll, describe, expect, it } from 'vitest'
import { app } from './app'
import { loadEntsoe } from './helpers/load'
import pt15 from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'
import pt60 from './fixtures/entsoe-fr-2024-06-15-pt60m.xml?raw'
import spring from './fixtures/entsoe-fr-2026-03-29-pt15m.xml?raw'

type ZoneSeries = { name: string; units: Record<string, string>; first_day: string | null; last_day: string | null; resolutions: unknown[] }
type Zone = { code: string; eic: string; timezone: string; series: ZoneSeries[] }
const get = (path: string, headers: Record<string, string> = {}) => app.request(path, { headers }, env)

beforeAll(async () => {
  for (const doc of [pt60, pt15]) await loadEntsoe(doc)
})

describe('GET /api/series', () => {
  it('lists every series with its meaning, units, directions, source and licence', async () => {
    const res = await get('/api/series')
    expect(res.status).toBe(200)
    const { series } = (await res.json()) as { series: Array<Record<string, unknown> & { source: Record<string, string> }> }
    expect(series.map((s) => s.name)).toEqual([
      'day-ahead-prices',
      'fcr-capacity',
      'afrr-capacity',
      'afrr-energy',
      'mfrr-capacity',
      'mfrr-energy',
      'afrr-marginal-price',
      'load-actual',
      'load-forecast',
      'generation-actual',
    ])
    expect(series[0]).toMatchObject({ units: { price_eur_mwh: 'EUR/MWh' }, directions: [], zones: 'all', source: { id: 'entsoe' } })
    expect(series[2]).toMatchObject({ units: { volume_mw: 'MW', price_eur_mw_h: 'EUR/MW/h' }, zones: ['FR'], source: { id: 'rte' } })
    for (const s of series) {
      expect(String(s.meaning).length).toBeGreaterThan(20)
      expect(s.source.licence.length).toBeGreaterThan(20)
    }
  })
})

describe('GET /api/zones', () => {
  it('gives each zone its codes, time zone and series, with the resolutions and days held', async () => {
    const res = await get('/api/zones')
    expect(res.status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('public, max-age=300')
    const { zones } = (await res.json()) as { zones: Zone[] }
    expect(zones.length).toBeGreaterThan(30)
    const fr = zones.find((z) => z.code === 'FR')!
    expect(fr).toMatchObject({ eic: '10YFR-RTE------C', timezone: 'Europe/Paris' })
    expect(fr.series.map((s) => s.name)).toHaveLength(10)
    expect(fr.series[0]).toEqual({
      name: 'day-ahead-prices',
      path: '/api/day-ahead-prices',
      units: { price_eur_mwh: 'EUR/MWh' },
      source: 'entsoe',
      first_day: '2024-06-15',
      last_day: '2025-11-12',
      resolutions: [
        { resolution: 'PT60M', first_day: '2024-06-15', last_day: '2024-06-15' },
        { resolution: 'PT15M', first_day: '2025-11-12', last_day: '2025-11-12' },
      ],
    })
    expect(fr.series.find((s) => s.name === 'afrr-energy')).toMatchObject({ first_day: null, last_day: null, resolutions: [] })
    // Reserve series exist for France only.
    const de = zones.find((z) => z.code === 'DE_LU' || z.code === 'DE-LU')!
    expect(de.series.map((s) => s.name)).toEqual(['day-ahead-prices', 'load-actual', 'load-forecast', 'generation-actual'])
    expect(zones.find((z) => z.code === 'FI')!.timezone).toBe('Europe/Helsinki')
  })

  it('answers If-None-Match with 304 until new data changes the ETag', async () => {
    const first = await get('/api/zones')
    const etag = first.headers.get('etag')!
    expect(etag).toMatch(/^"[0-9a-f]{32}"$/)
    expect((await get('/api/zones', { 'If-None-Match': etag })).status).toBe(304)
    await loadEntsoe(spring)
    const after = await get('/api/zones', { 'If-None-Match': etag })
    expect(after.status).toBe(200)
    const { zones } = (await after.json()) as { zones: Zone[] }
    expect(zones.find((z) => z.code === 'FR')!.series[0].last_day).toBe('2026-03-29')
    const seriesTag = (await get('/api/series')).headers.get('etag')!
    expect((await get('/api/series', { 'If-None-Match': seriesTag })).status).toBe(304)
  })

  it('is in the OpenAPI document', async () => {
    const doc = (await (await get('/openapi.json')).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/zones', '/api/series']))
  })
})
