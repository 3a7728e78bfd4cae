import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { app } from './app'
import { memoryTokenCache } from '../../workers/market-data/domain/rte/client'
import { ingestRange, runScheduled, type IngestDeps } from '../../workers/market-data/use-cases/ingest'
import { findZone } from '../../workers/market-data/domain/zones'
import dk1Load from './fixtures/entsoe-a65-dk1-actual-load-2023-12-28.xml?raw'
import dk2Forecast from './fixtures/entsoe-a65-dk2-load-forecast-2023-12-28.xml?raw'
import fiGeneration from './fixtures/entsoe-a75-fi-generation-2025-10-21.xml?raw'
import se4Generation from './fixtures/entsoe-a75-se4-generation-2025-10-20.xml?raw'

// Real ENTSO-E documents (data/SOURCES.md, market-data): DK1 actual load A65/A16 PT60M A01
// whose Period stops 10 h before the document's window (not yet published); DK2 day-ahead
// forecast A65/A01; FI generation A75 PT15M A03; SE4 generation A75 PT60M A03 with omitted positions.

const entsoe = /^https:\/\/web-api\.tp\.entsoe\.eu\/api\?/

function deps(fetcher: IngestDeps['fetcher']): IngestDeps {
  return {
    db: env.DB,
    fetcher,
    secrets: { ENTSOE_TOKEN: 'test-token' },
    tokenCache: memoryTokenCache(),
    now: () => new Date('2026-01-01T00:00:00Z'),
    sleep: async () => {},
  }
}

/**
 * What the document says, read with a regex independent of the worker's XML reader: per
 * psrType ('' for load), interval start → [quantity, position], published positions only.
 */
function published(xml: string): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>()
  for (const ts of xml.match(/<TimeSeries>[\s\S]*?<\/TimeSeries>/g) ?? []) {
    const type = /<psrType>(\w+)<\/psrType>/.exec(ts)?.[1] ?? ''
    const values = out.get(type) ?? new Map<number, number>()
    out.set(type, values)
    for (const period of ts.match(/<Period>[\s\S]*?<\/Period>/g) ?? []) {
      const start = Date.parse(`${/<start>([^<]+)<\/start>/.exec(period)![1].replace('Z', ':00Z')}`)
      const step = Number(/<resolution>PT(\d+)M<\/resolution>/.exec(period)![1]) * 60_000
      for (const p of period.match(/<Point>[\s\S]*?<\/Point>/g) ?? []) {
        const position = Number(/<position>(\d+)<\/position>/.exec(p)![1])
        values.set(start + (position - 1) * step, Number(/<quantity>([^<]+)<\/quantity>/.exec(p)![1]))
      }
    }
  }
  return out
}

type Rec = Record<string, string | number | null>

async function get(path: string): Promise<Rec[]> {
  const res = await app.request(path, {}, env)
  expect(res.status, await res.clone().text()).toBe(200)
  return (await res.json()) as Rec[]
}

async function ingest(job: 'load-actual' | 'load-forecast' | 'generation', zone: string, xml: string, from: string, to: string) {
  const fetcher = replayFetcher([[entsoe, { body: xml }]])
  const report = await ingestRange(deps(fetcher), job, { from, to }, findZone(zone)!)
  return { report, url: new URL(fetcher.calls[0].slice(4)) }
}

const ms = (iso: string) => Date.parse(iso)

describe('actual total load (A65, realised): DK1', () => {
  it('asks ENTSO-E for A65/A16 of the zone and serves exactly the document’s 47 hourly values, nothing after its Period', async () => {
    const { report, url } = await ingest('load-actual', 'DK1', dk1Load, '2023-12-28', '2023-12-31')
    expect(report).toMatchObject({ status: 'ok', rows: 47 })
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      documentType: 'A65',
      processType: 'A16',
      outBiddingZone_Domain: '10YDK-1--------W',
      periodStart: '202312272300',
      periodEnd: '202312302300',
    })
    const native = await get('/api/load?zone=DK1&start=2023-12-28&end=2023-12-31&resolution=native')
    const doc = published(dk1Load).get('')!
    expect(native).toHaveLength(47)
    for (const r of native) {
      expect(r.load_mw).toBe(doc.get(ms(r.hour_start_utc as string)))
      expect(r).toMatchObject({ resolution: 'PT60M', source_resolution: 'PT60M', status: 'published', filled_from_position: null })
    }
    expect(native[0]).toMatchObject({ hour_start_utc: '2023-12-28T15:00:00Z', load_mw: 3031 })
    expect(native.at(-1)).toMatchObject({ hour_start_utc: '2023-12-30T13:00:00Z', load_mw: 2723 })

    // On the quarter-hour grid the last day is whole: the hours the document has not published
    // yet (14:00Z to the end of the Danish day) are `missing`, not a repeated or made-up value.
    const day = await get('/api/load?zone=DK1&date=2023-12-30')
    expect(day).toHaveLength(96)
    const tail = day.filter((r) => ms(r.hour_start_utc as string) >= ms('2023-12-30T14:00:00Z'))
    expect(tail).toHaveLength(36)
    expect(tail.every((r) => r.load_mw === null && r.status === 'missing')).toBe(true)
    const first = day.find((r) => r.hour_start_utc === '2023-12-30T13:45:00Z')!
    expect(first).toMatchObject({ load_mw: 2723, resolution: 'PT15M', source_resolution: 'PT60M', status: 'published' })
  })

  it('serves the same values as CSV, as hourly means (a mean of one hourly value is itself) and with provenance', async () => {
    await ingest('load-actual', 'DK1', dk1Load, '2023-12-28', '2023-12-31')
    const csv = await (await app.request('/api/load?zone=DK1&date=2023-12-29&format=csv&resolution=PT60M', {}, env)).text()
    const lines = csv.trim().split('\r\n')
    expect(lines[0]).toBe('hour_start_utc,hour_end_utc,load_mw,resolution,source_resolution,status,filled_from_position')
    expect(lines).toHaveLength(25)
    const doc = published(dk1Load).get('')!
    for (const line of lines.slice(1)) {
      const [start, , value] = line.split(',')
      expect(Number(value)).toBe(doc.get(ms(start)))
    }
    const prov = await get('/api/load?zone=DK1&date=2023-12-29&include=provenance&resolution=native')
    expect(prov[0]).toMatchObject({
      source: 'entsoe',
      document_id: '7b654895c4364b56830be98c45fea709',
      revision: 1,
      document_created: '2023-12-30T15:03:18.000Z',
    })
  })
})

describe('day-ahead load forecast (A65, day-ahead): DK2', () => {
  it('is served under kind=forecast and not under the actual load', async () => {
    const { report, url } = await ingest('load-forecast', 'DK2', dk2Forecast, '2023-12-28', '2024-01-01')
    expect(report.status).toBe('ok')
    expect(url.searchParams.get('processType')).toBe('A01')
    const doc = published(dk2Forecast).get('')!
    const native = await get('/api/load?zone=DK2&kind=forecast&start=2023-12-28&end=2024-01-01&resolution=native')
    expect(native.length).toBe(doc.size)
    for (const r of native) expect(r.load_mw).toBe(doc.get(ms(r.hour_start_utc as string)))
    expect(await get('/api/load?zone=DK2&kind=actual&date=2023-12-29')).toEqual([])
  })
})

describe('actual generation per production type (A75)', () => {
  it('SE4 (PT60M, A03): every published position as given, an omitted one filled from the position before, the tail after the Period missing', async () => {
    const { report, url } = await ingest('generation', 'SE4', se4Generation, '2025-10-20', '2025-10-24')
    expect(report.status).toBe('ok')
    expect(Object.fromEntries(url.searchParams)).toMatchObject({ documentType: 'A75', processType: 'A16', in_Domain: '10Y1001A1001A47J' })
    const doc = published(se4Generation)
    const native = await get('/api/generation?zone=SE4&start=2025-10-20&end=2025-10-24&resolution=native')
    expect([...new Set(native.map((r) => r.psr_type))]).toEqual(['B04', 'B12', 'B16', 'B19', 'B20'])
    expect(native).toHaveLength(5 * 71)
    let filled = 0
    for (const r of native) {
      const t = ms(r.hour_start_utc as string)
      const given = doc.get(r.psr_type as string)!.get(t)
      if (given !== undefined) expect(r).toMatchObject({ generation_mw: given, status: 'published', filled_from_position: null })
      else {
        // A03: the value of the position named in filled_from_position, carried forward.
        const from = ms('2025-10-20T11:00:00Z') + ((r.filled_from_position as number) - 1) * 3_600_000
        expect(r).toMatchObject({ status: 'filled', generation_mw: doc.get(r.psr_type as string)!.get(from) })
        filled++
      }
    }
    expect(filled).toBe(5 * 71 - [...doc.values()].reduce((n, m) => n + m.size, 0))
    // B04 omits position 5 (2025-10-20T15:00Z): it repeats position 4.
    expect(native.find((r) => r.psr_type === 'B04' && r.hour_start_utc === '2025-10-20T15:00:00Z')).toMatchObject({
      status: 'filled',
      filled_from_position: 4,
      generation_mw: doc.get('B04')!.get(ms('2025-10-20T14:00:00Z')),
      production_type: 'Fossil Gas',
    })
    // The Swedish day of 2025-10-23 runs to 22:00Z; the document stops at 10:00Z.
    const solar = await get('/api/generation?zone=SE4&date=2025-10-23&psr_type=B16')
    expect(solar).toHaveLength(96)
    expect(solar.every((r) => r.psr_type === 'B16')).toBe(true)
    const after = solar.filter((r) => ms(r.hour_start_utc as string) >= ms('2025-10-23T10:00:00Z'))
    expect(after).toHaveLength(48)
    expect(after.every((r) => r.status === 'missing' && r.generation_mw === null)).toBe(true)
  })

  it('FI (PT15M, A03): twelve types, values as given, hourly means of four quarter-hours', async () => {
    const { report } = await ingest('generation', 'FI', fiGeneration, '2025-10-21', '2025-10-25')
    expect(report.status).toBe('ok')
    const doc = published(fiGeneration)
    const day = await get('/api/generation?zone=FI&date=2025-10-22&resolution=native')
    // Helsinki is UTC+3 in October before the switch: the day is 96 quarter-hours per type.
    expect(day).toHaveLength(12 * 96)
    for (const r of day) {
      const given = doc.get(r.psr_type as string)!.get(ms(r.hour_start_utc as string))
      if (given !== undefined) expect(r.generation_mw).toBe(given)
      else expect(r.status).toBe('filled')
    }
    const nuclear = await get('/api/generation?zone=FI&date=2025-10-22&psr_type=B14&resolution=PT60M')
    expect(nuclear).toHaveLength(24)
    const quarters = day.filter((r) => r.psr_type === 'B14')
    for (let h = 0; h < 24; h++) {
      const four = quarters.slice(h * 4, h * 4 + 4).map((r) => r.generation_mw as number)
      expect(nuclear[h].generation_mw).toBeCloseTo((four[0] + four[1] + four[2] + four[3]) / 4, 9)
      expect(nuclear[h]).toMatchObject({ resolution: 'PT60M', source_resolution: 'PT15M' })
    }
  })

  it('refuses what it cannot serve with a 400 in the error shape', async () => {
    for (const path of [
      '/api/generation?psr_type=B99',
      '/api/generation?psr_type=B16,B16',
      '/api/generation?layout=wide&zone=FI',
      '/api/load?kind=intraday',
    ]) {
      const res = await app.request(path, {}, env)
      expect(res.status, path).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'INVALID_QUERY', error: expect.any(String) })
    }
  })
})

describe('the cron', () => {
  it('asks for the load, the forecast and the generation of every zone it polls, after the prices, and stores them', async () => {
    const ack =
      '<Acknowledgement_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0"><Reason><code>999</code><text>No matching data found</text></Reason></Acknowledgement_MarketDocument>'
    const fetcher = replayFetcher([
      [
        entsoe,
        (req) => {
          const p = new URL(req.url).searchParams
          return { body: p.get('documentType') === 'A65' && p.get('processType') === 'A16' ? dk1Load : ack }
        },
      ],
    ])
    const reports = await runScheduled({ ...deps(fetcher), now: () => new Date('2023-12-30T15:30:00Z'), zones: [findZone('DK1')!] })
    expect(reports.slice(0, 4).map((r) => [r.job, r.status])).toEqual([
      ['day-ahead', 'no_data'],
      ['load-actual', 'ok'],
      ['load-forecast', 'no_data'],
      ['generation', 'no_data'],
    ])
    const asked = fetcher.calls.map((c) => Object.fromEntries(new URL(c.slice(4)).searchParams))
    expect(asked.map((p) => [p.documentType, p.processType ?? null, p.in_Domain ?? p.outBiddingZone_Domain, p.periodEnd])).toEqual([
      ['A44', null, '10YDK-1--------W', '202312312300'],
      ['A65', 'A16', '10YDK-1--------W', '202312302300'],
      ['A65', 'A01', '10YDK-1--------W', '202312312300'],
      ['A75', 'A16', '10YDK-1--------W', '202312302300'],
    ])
    const day = await get('/api/load?zone=DK1&date=2023-12-29')
    expect(day.filter((r) => r.status === 'published')).toHaveLength(96)
    const log = await env.DB.prepare(
      "SELECT series, status FROM ingestion_log WHERE zone = '10YDK-1--------W' AND delivery_day = '2023-12-29'"
    ).all()
    expect(log.results).toEqual(
      expect.arrayContaining([
        { series: 'load-actual', status: 'ok' },
        { series: 'load-forecast', status: 'no_data' },
        { series: 'generation-actual', status: 'no_data' },
      ])
    )
  })
})

describe('OpenAPI', () => {
  it('documents /api/load with kind and /api/generation with psr_type', async () => {
    const doc = (await (await app.request('/openapi.json', {}, env)).json()) as {
      paths: Record<string, { get: { parameters: Array<{ name: string }> } }>
    }
    expect(doc.paths['/api/load'].get.parameters.map((p) => p.name)).toContain('kind')
    expect(doc.paths['/api/generation'].get.parameters.map((p) => p.name)).toContain('psr_type')
    expect(doc.paths['/api/load-actual']).toBeUndefined()
  })
})

describe('discovery', () => {
  it('lists load and generation with their units, power not energy, and the production types', async () => {
    const { series } = (await (await app.request('/api/series', {}, env)).json()) as { series: Array<Record<string, unknown>> }
    const byName = Object.fromEntries(series.map((s) => [s.name, s]))
    expect(byName['load-actual']).toMatchObject({
      path: '/api/load?kind=actual',
      units: { load_mw: 'MW' },
      quantities: { load_mw: 'power' },
    })
    expect(byName['load-forecast']).toMatchObject({ path: '/api/load?kind=forecast' })
    expect(byName['generation-actual']).toMatchObject({
      path: '/api/generation',
      quantities: { generation_mw: 'power' },
      psr_types: expect.objectContaining({ B16: 'Solar', B19: 'Wind Onshore' }),
    })
    expect(byName['afrr-energy']).toMatchObject({ quantities: { volume_mwh: 'energy', price_eur_mwh: 'price' } })
    const { zones } = (await (await app.request('/api/zones', {}, env)).json()) as {
      zones: Array<{ code: string; series: Array<{ name: string }> }>
    }
    const fi = zones.find((z) => z.code === 'FI')!
    expect(fi.series.map((s) => s.name)).toEqual(['day-ahead-prices', 'load-actual', 'load-forecast', 'generation-actual'])
  })
})
