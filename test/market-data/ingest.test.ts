import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { app } from './app'
import { ENTSOE_API } from '../../workers/market-data/domain/entsoe/client'
import { RTE_API, RTE_TOKEN_URL, memoryTokenCache } from '../../workers/market-data/domain/rte/client'
import { ingestRange, runScheduled, type IngestDeps } from '../../workers/market-data/use-cases/ingest'
import { chunks } from '../../workers/market-data/domain/ingest/fetch'
import { expectedMinutes, missingRange, windowFor } from '../../workers/market-data/domain/ingest/plan'
import { FRANCE } from '../../workers/market-data/domain/zones'
import { load, type ReserveRecord } from './helpers/load'
import { addDays, dayBoundsUtc, QUARTER_MS } from '../../workers/market-data/domain/time/paris'
import pt15 from './fixtures/entsoe-fr-2025-11-12-pt15m.xml?raw'
import ackNoData from './fixtures/entsoe-ack-no-data.xml?raw'
import unauthorized from './fixtures/entsoe-unauthorized.html?raw'
import deLu from './fixtures/entsoe-de-lu-2025-11-12.xml?raw'
import reserves from './fixtures/rte-result-procured-reserves-2025-11-12.json'
import reservesAutumn from './fixtures/rte-result-procured-reserves-2025-10-26.json'
import afrr from './fixtures/rte-standard-afrr-data-2025-11-12.json'
import mfrr from './fixtures/rte-standard-mfrr-data-2025-11-12.json'

type Log = { source: string; series: string; delivery_day: string; rows: number; status: string; error: string | null }

async function logFor(series: string, day: string): Promise<Log[]> {
  const { results } = await env.DB.prepare(
    'SELECT source, series, delivery_day, rows, status, error FROM ingestion_log WHERE series = ? AND delivery_day = ? ORDER BY id'
  )
    .bind(series, day)
    .all<Log>()
  return results
}

function deps(
  fetcher: IngestDeps['fetcher'],
  now = '2025-11-12T12:15:00Z',
  secrets: IngestDeps['secrets'] = { ENTSOE_TOKEN: 'test-token', RTE_CLIENT_ID: 'id', RTE_CLIENT_SECRET: 'secret' }
): IngestDeps {
  return {
    db: env.DB,
    fetcher,
    secrets,
    tokenCache: memoryTokenCache(),
    now: () => new Date(now),
    sleep: async () => {},
    zones: [FRANCE],
    entsoeJobs: ['day-ahead'],
  }
}

const entsoe = /^https:\/\/web-api\.tp\.entsoe\.eu\/api\?/
const rteToken: [string, { body: string }] = [RTE_TOKEN_URL, { body: JSON.stringify({ access_token: 't', expires_in: 7200 }) }]

describe('ingestion', () => {
  it('fetches day-ahead prices from ENTSO-E with the documented query and stores them', async () => {
    const fetcher = replayFetcher([[entsoe, { body: pt15 }]])
    const report = await ingestRange(deps(fetcher), 'day-ahead', { from: '2025-11-12', to: '2025-11-13' })
    expect(report).toMatchObject({ status: 'ok', rows: 96, changed: 96 })
    const url = new URL(fetcher.calls[0].slice(4))
    expect(`${url.origin}${url.pathname}`).toBe(ENTSOE_API)
    expect(Object.fromEntries(url.searchParams)).toEqual({
      securityToken: 'test-token',
      documentType: 'A44',
      in_Domain: '10YFR-RTE------C',
      out_Domain: '10YFR-RTE------C',
      'contract_MarketAgreement.type': 'A01',
      periodStart: '202511112300',
      periodEnd: '202511122300',
    })
    expect(await logFor('day-ahead-prices', '2025-11-12')).toEqual([
      { source: 'entsoe', series: 'day-ahead-prices', delivery_day: '2025-11-12', rows: 96, status: 'ok', error: null },
    ])
    // The same answer again changes nothing.
    expect(await ingestRange(deps(fetcher), 'day-ahead', { from: '2025-11-12', to: '2025-11-13' })).toMatchObject({
      status: 'ok',
      rows: 96,
      changed: 0,
    })
  })

  it('logs an acknowledgement 999 (even with HTTP 200) as no data', async () => {
    const report = await ingestRange(deps(replayFetcher([[entsoe, { status: 200, body: ackNoData }]])), 'day-ahead', {
      from: '2030-01-02',
      to: '2030-01-03',
    })
    expect(report.status).toBe('no_data')
    const [log] = await logFor('day-ahead-prices', '2030-01-02')
    expect(log).toMatchObject({ status: 'no_data', rows: 0 })
    expect(log.error).toMatch(/No matching data/)
  })

  it('logs a bad token, a foreign zone and a missing token without storing anything', async () => {
    const r1 = await ingestRange(deps(replayFetcher([[entsoe, { status: 401, body: unauthorized }]])), 'day-ahead', {
      from: '2030-02-01',
      to: '2030-02-02',
    })
    expect(r1).toMatchObject({ status: 'error', rows: 0 })
    expect((await logFor('day-ahead-prices', '2030-02-01'))[0].error).toMatch(/^UNAUTHORIZED/)
    const r2 = await ingestRange(deps(replayFetcher([[entsoe, { body: deLu }]])), 'day-ahead', { from: '2030-02-02', to: '2030-02-03' })
    expect(r2.status).toBe('error')
    expect((await logFor('day-ahead-prices', '2030-02-02'))[0].error).toMatch(/^WRONG_ZONE/)
    const r3 = await ingestRange(deps(replayFetcher([]), undefined, {}), 'day-ahead', { from: '2030-02-03', to: '2030-02-04' })
    expect(r3.status).toBe('skipped')
    const r4 = await ingestRange(deps(replayFetcher([]), undefined, {}), 'capacity', { from: '2030-02-03', to: '2030-02-04' })
    expect(r4.status).toBe('skipped')
    const { results } = await env.DB.prepare(
      "SELECT delivery_day, error FROM ingestion_log WHERE series = 'fcr-capacity' AND status = 'skipped'"
    ).all<{ delivery_day: string | null; error: string }>()
    expect(results).toHaveLength(1)
    expect(results[0].delivery_day).toBeNull()
    expect(results[0].error).toMatch(/^NOT_CONFIGURED/)
  })

  it('stores the five reserve series from RTE and serves them', async () => {
    const fetcher = replayFetcher([
      rteToken,
      [new RegExp(`^${RTE_API}/balancing_capacity/v5/result_procured_reserves\\?`), { body: JSON.stringify(reserves) }],
      [new RegExp(`^${RTE_API}/balancing_energy/v5/standard_afrr_data\\?`), { body: JSON.stringify(afrr) }],
      [new RegExp(`^${RTE_API}/balancing_energy/v5/standard_mfrr_data\\?`), { body: JSON.stringify(mfrr) }],
    ])
    const range = { from: '2025-11-12', to: '2025-11-13' }
    expect(await ingestRange(deps(fetcher), 'capacity', range)).toMatchObject({ status: 'ok', rows: 96 + 192 + 192 })
    expect(await ingestRange(deps(fetcher), 'afrr-energy', range)).toMatchObject({ status: 'ok', rows: 192 })
    expect(await ingestRange(deps(fetcher), 'mfrr-energy', range)).toMatchObject({ status: 'ok', rows: 192 })
    expect(fetcher.calls.filter((c) => c.includes(RTE_TOKEN_URL))).toHaveLength(3)

    const fcr = (await (await app.request('/api/fcr-capacity?date=2025-11-12', {}, env)).json()) as ReserveRecord[]
    expect(fcr).toHaveLength(96)
    const qh = { resolution: 'PT15M', source_resolution: 'PT15M', status: 'published', filled_from_position: null }
    expect(fcr[0]).toEqual({
      hour_start_utc: '2025-11-11T23:00:00Z',
      hour_end_utc: '2025-11-11T23:15:00Z',
      direction: 'symmetric',
      volume_mw: 515,
      price_eur_mw_h: 12.48,
      ...qh,
    })
    const cap = (await (await app.request('/api/afrr-capacity?date=2025-11-12', {}, env)).json()) as ReserveRecord[]
    expect(cap).toHaveLength(192)
    expect(cap.slice(0, 2)).toEqual([
      {
        hour_start_utc: '2025-11-11T23:00:00Z',
        hour_end_utc: '2025-11-11T23:15:00Z',
        direction: 'down',
        volume_mw: 690,
        price_eur_mw_h: 8.8,
        ...qh,
      },
      {
        hour_start_utc: '2025-11-11T23:00:00Z',
        hour_end_utc: '2025-11-11T23:15:00Z',
        direction: 'up',
        volume_mw: 760,
        price_eur_mw_h: 16.4,
        ...qh,
      },
    ])
    const energy = (await (await app.request('/api/afrr-energy?date=2025-11-12', {}, env)).json()) as ReserveRecord[]
    expect(Object.keys(energy[0])).toEqual([
      'hour_start_utc',
      'hour_end_utc',
      'direction',
      'volume_mwh',
      'price_eur_mwh',
      'resolution',
      'source_resolution',
      'status',
      'filled_from_position',
    ])
    expect(energy[1]).toMatchObject({ direction: 'up', volume_mwh: 21, price_eur_mwh: 95 })
    const mfrrEnergy = (await (await app.request('/api/mfrr-energy?date=2025-11-12&format=csv', {}, env)).text()).split('\r\n')
    expect(mfrrEnergy[0]).toBe(
      'hour_start_utc,hour_end_utc,direction,volume_mwh,price_eur_mwh,resolution,source_resolution,status,filled_from_position'
    )
    expect(mfrrEnergy[2]).toBe('2025-11-11T23:00:00Z,2025-11-11T23:15:00Z,up,50,110,PT15M,PT15M,published,')
    expect(mfrrEnergy).toHaveLength(1 + 192 + 1)
    expect((await (await app.request('/api/mfrr-capacity?date=2025-11-12', {}, env)).json()) as unknown[]).toHaveLength(192)
  })

  it('serves 100 quarter-hours × 2 directions for a reserve series on the autumn switch day', async () => {
    const fetcher = replayFetcher([rteToken, [new RegExp(`^${RTE_API}/balancing_capacity/`), { body: JSON.stringify(reservesAutumn) }]])
    expect(await ingestRange(deps(fetcher), 'capacity', { from: '2025-10-26', to: '2025-10-27' })).toMatchObject({
      status: 'ok',
      rows: 100 + 200 + 200,
    })
    const cap = (await (await app.request('/api/afrr-capacity?date=2025-10-26', {}, env)).json()) as ReserveRecord[]
    expect(cap).toHaveLength(200)
    expect(cap[0].hour_start_utc).toBe('2025-10-25T22:00:00Z')
    expect(cap[199].hour_end_utc).toBe('2025-10-26T23:00:00Z')
    expect(cap.every((r) => r.price_eur_mw_h !== null && r.volume_mw !== null)).toBe(true)
  })

  it('logs RTE 204 as no data and 429 as rate limited', async () => {
    const noData = replayFetcher([rteToken, [new RegExp(`^${RTE_API}/`), { status: 204, body: '' }]])
    expect((await ingestRange(deps(noData), 'afrr-energy', { from: '2030-03-01', to: '2030-03-02' })).status).toBe('no_data')
    const limited = replayFetcher([rteToken, [new RegExp(`^${RTE_API}/`), { status: 429, body: '' }]])
    expect((await ingestRange(deps(limited), 'afrr-energy', { from: '2030-03-02', to: '2030-03-03' })).status).toBe('rate_limited')
    const [log] = await logFor('afrr-energy', '2030-03-02')
    expect(log.status).toBe('rate_limited')
    expect(log.error).toMatch(/retry after 60 s/)
  })
})

describe('request windows', () => {
  it('cuts a range into pieces of at most N days', () => {
    expect(chunks({ from: '2024-01-01', to: '2025-01-03' }, 365)).toEqual([
      { from: '2024-01-01', to: '2024-12-31' },
      { from: '2024-12-31', to: '2025-01-03' },
    ])
    expect(chunks({ from: '2025-11-01', to: '2025-11-08' }, 7)).toEqual([{ from: '2025-11-01', to: '2025-11-08' }])
    expect(chunks({ from: '2025-11-01', to: '2025-11-09' }, 7)).toHaveLength(2)
  })

  it('asks ENTSO-E for at most a year per request', async () => {
    const fetcher = replayFetcher([[entsoe, { body: ackNoData }]])
    expect((await ingestRange(deps(fetcher), 'day-ahead', { from: '2020-01-01', to: '2021-06-01' })).status).toBe('no_data')
    const windows = fetcher.calls.map((c) => new URL(c.slice(4)).searchParams).map((p) => [p.get('periodStart'), p.get('periodEnd')])
    expect(windows).toEqual([
      ['201912312300', '202012302300'],
      ['202012302300', '202105312200'],
    ])
  })
})

describe('schedule', () => {
  it('looks a week back and, for published-ahead series, one day ahead', () => {
    const now = new Date('2025-11-12T12:15:00Z')
    expect(windowFor('day-ahead', now)).toEqual({ from: '2025-11-05', to: '2025-11-14' })
    expect(windowFor('capacity', now)).toEqual({ from: '2025-11-05', to: '2025-11-14' })
    expect(windowFor('afrr-energy', now)).toEqual({ from: '2025-11-05', to: '2025-11-13' })
    // 23:30 UTC on 25 October 2025 is already 26 October in Paris.
    expect(windowFor('day-ahead', new Date('2025-10-25T23:30:00Z'))).toEqual({ from: '2025-10-19', to: '2025-10-28' })
  })

  // Issue 22: completeness is counted in minutes held (an hourly day is 24 rows) and a day
  // holding a null value is fetched again.
  it('asks only for the span of incomplete days, counting 23/24/25-hour days, directions and nulls', () => {
    const window = { from: '2025-10-24', to: '2025-10-28' }
    const full = (series: string, days: string[]) => ({
      [series]: new Map(days.map((d) => [d, { minutes: expectedMinutes(series as never, d), nulls: 0 }])),
    })
    expect(expectedMinutes('afrr-capacity', '2025-10-26')).toBe(2 * 25 * 60)
    expect(missingRange('day-ahead', window, full('day-ahead-prices', ['2025-10-24', '2025-10-25', '2025-10-26', '2025-10-27']))).toBeNull()
    expect(missingRange('day-ahead', window, full('day-ahead-prices', ['2025-10-24', '2025-10-27']))).toEqual({
      from: '2025-10-25',
      to: '2025-10-27',
    })
    const partial = {
      'day-ahead-prices': new Map(['2025-10-24', '2025-10-25', '2025-10-26', '2025-10-27'].map((d) => [d, { minutes: 24 * 60, nulls: 0 }])),
    }
    expect(missingRange('day-ahead', window, partial)).toEqual({ from: '2025-10-26', to: '2025-10-27' })
    const withNull = full('day-ahead-prices', ['2025-10-24', '2025-10-25', '2025-10-26', '2025-10-27'])
    withNull['day-ahead-prices'].set('2025-10-25', { minutes: 24 * 60, nulls: 1 })
    expect(missingRange('day-ahead', window, withNull)).toEqual({ from: '2025-10-25', to: '2025-10-26' })
    // Capacity is complete only when all three series are.
    const capacity = {
      ...full('fcr-capacity', ['2025-10-24', '2025-10-25', '2025-10-26', '2025-10-27']),
      ...full('afrr-capacity', ['2025-10-24', '2025-10-25', '2025-10-26', '2025-10-27']),
      ...full('mfrr-capacity', ['2025-10-24', '2025-10-25', '2025-10-27']),
    }
    expect(missingRange('capacity', window, capacity)).toEqual({ from: '2025-10-26', to: '2025-10-27' })
  })

  it('runs every job, skips complete windows, backfills gaps and stops calling a source after a 429', async () => {
    const fetcher = replayFetcher([
      [entsoe, { body: ackNoData }],
      rteToken,
      [new RegExp(`^${RTE_API}/`), { status: 429, headers: { 'retry-after': '30' }, body: '' }],
    ])
    const reports = await runScheduled(deps(fetcher, '2031-05-10T12:15:00Z'))
    expect(reports.map((r) => [r.job, r.status])).toEqual([
      ['day-ahead', 'no_data'],
      ['capacity', 'rate_limited'],
      ['afrr-energy', 'rate_limited'],
      ['mfrr-energy', 'rate_limited'],
      ['afrr-marginal', 'rate_limited'],
    ])
    expect(reports[0].range).toEqual({ from: '2031-05-03', to: '2031-05-12' })
    // After the 429 on the capacity call, the energy jobs made no request.
    expect(fetcher.calls.filter((c) => c.includes('/open_api/'))).toHaveLength(1)
  })

  it('makes no request for a job whose whole window is held', async () => {
    for (let d = '2026-06-01'; d < '2026-06-10'; d = addDays(d, 1)) {
      const { startMs, endMs } = dayBoundsUtc(d)
      const values = []
      for (let t = startMs; t < endMs; t += QUARTER_MS)
        values.push({ startMs: t, direction: '' as const, volume: null, price: 50, resolutionMin: 15 })
      await load('day-ahead-prices', values)
    }
    const fetcher = replayFetcher([])
    const reports = await runScheduled({ ...deps(fetcher, '2026-06-08T12:15:00Z'), secrets: {} })
    expect(reports.find((r) => r.job === 'day-ahead')).toMatchObject({ status: 'complete', range: null })
    expect(reports.filter((r) => r.job !== 'day-ahead').every((r) => r.status === 'skipped')).toBe(true)
    expect(fetcher.calls).toEqual([])
  })

  it('exports fetch and scheduled for workerd, and the RateLimiter class', async () => {
    const mod = await import('../../workers/market-data/index')
    expect(typeof mod.default.fetch).toBe('function')
    expect(typeof mod.default.scheduled).toBe('function')
    expect(typeof mod.RateLimiter).toBe('function')
  })
})
