import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { app } from './app'
import { RTE_API, RTE_TOKEN_URL, memoryTokenCache } from '../../workers/market-data/domain/rte/client'
import { ingestRange, type IngestDeps } from '../../workers/market-data/use-cases/ingest'
import { FRANCE } from '../../workers/market-data/domain/zones'
import { valuesFromDocument } from '../../scripts/market-data/ingest-lib'

// RTE afrr_marginal_price in the shape of ../shared/data/SOURCES.md: one day of 4-second steps
// in Paris local time (21,600), built here; no real answer is staged.
function marginalDay(date: string) {
  const datas = []
  for (let s = 0; s < 86_400; s += 4) {
    const step = [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, '0')).join(':')
    // Up: 100 for the first 2 minutes of each quarter-hour, 10 after (mean 22); down: RTE's "Invalid" once at 00:00:08.
    const inQuarter = s % 900
    datas.push({
      step,
      prorata_mode: false,
      picasso_connection: true,
      upward_afrr_marginal_price: inQuarter < 120 ? 100 : 10,
      downward_afrr_marginal_price: s === 8 ? 'Invalid' : -5.5,
      pdemand: 0,
      afrr_for_france: 0,
      afrr_in_france: 0,
    })
  }
  return { days: [{ start_date: date, datas }] }
}

const deps = (fetcher: IngestDeps['fetcher']): IngestDeps => ({
  db: env.DB,
  fetcher,
  secrets: { RTE_CLIENT_ID: 'id', RTE_CLIENT_SECRET: 'secret' },
  tokenCache: memoryTokenCache(),
  now: () => new Date('2025-11-13T12:00:00Z'),
  sleep: async () => {},
  zones: [FRANCE],
})

describe('aFRR marginal prices (RTE, 4-second steps)', () => {
  it('are fetched a day at a time, stored as quarter-hour means and served saying both resolutions', async () => {
    const fetcher = replayFetcher([
      [RTE_TOKEN_URL, { body: JSON.stringify({ access_token: 't', expires_in: 7200 }) }],
      [
        new RegExp(`^${RTE_API}/balancing_energy/v5/afrr_marginal_price\\?`),
        { body: '\uFEFF' + JSON.stringify(marginalDay('2025-11-12')) },
      ],
    ])
    expect(await ingestRange(deps(fetcher), 'afrr-marginal', { from: '2025-11-12', to: '2025-11-13' })).toMatchObject({
      status: 'ok',
      rows: 192,
    })
    expect(fetcher.calls.filter((c) => c.includes('afrr_marginal_price'))).toHaveLength(1)

    const res = await app.request('/api/afrr-marginal-price?date=2025-11-12', {}, env)
    expect(res.status).toBe(200)
    const records = (await res.json()) as Array<Record<string, unknown>>
    expect(records).toHaveLength(192)
    expect(records.slice(0, 4)).toEqual([
      {
        hour_start_utc: '2025-11-11T23:00:00Z',
        hour_end_utc: '2025-11-11T23:15:00Z',
        direction: 'down',
        price_eur_mwh: null,
        resolution: 'PT15M',
        source_resolution: 'PT4S',
        status: 'missing',
        filled_from_position: null,
      },
      {
        hour_start_utc: '2025-11-11T23:00:00Z',
        hour_end_utc: '2025-11-11T23:15:00Z',
        direction: 'up',
        price_eur_mwh: 22,
        resolution: 'PT15M',
        source_resolution: 'PT4S',
        status: 'published',
        filled_from_position: null,
      },
      {
        hour_start_utc: '2025-11-11T23:15:00Z',
        hour_end_utc: '2025-11-11T23:30:00Z',
        direction: 'down',
        price_eur_mwh: -5.5,
        resolution: 'PT15M',
        source_resolution: 'PT4S',
        status: 'published',
        filled_from_position: null,
      },
      {
        hour_start_utc: '2025-11-11T23:15:00Z',
        hour_end_utc: '2025-11-11T23:30:00Z',
        direction: 'up',
        price_eur_mwh: 22,
        resolution: 'PT15M',
        source_resolution: 'PT4S',
        status: 'published',
        filled_from_position: null,
      },
    ])
    // Hourly: the mean of the four quarter-hours, null where one of them is null.
    const hourly = (
      await (await app.request('/api/afrr-marginal-price?date=2025-11-12&resolution=PT60M&format=csv', {}, env)).text()
    ).split('\r\n')
    expect(hourly[0]).toBe('hour_start_utc,hour_end_utc,direction,price_eur_mwh,resolution,source_resolution,status,filled_from_position')
    expect(hourly.slice(1, 5)).toEqual([
      '2025-11-11T23:00:00Z,2025-11-12T00:00:00Z,down,,PT60M,PT4S,missing,',
      '2025-11-11T23:00:00Z,2025-11-12T00:00:00Z,up,22,PT60M,PT4S,published,',
      '2025-11-12T00:00:00Z,2025-11-12T01:00:00Z,down,-5.5,PT60M,PT4S,published,',
      '2025-11-12T00:00:00Z,2025-11-12T01:00:00Z,up,22,PT60M,PT4S,published,',
    ])
  })

  it('load from a file with npm run ingest (same reader)', () => {
    const [doc] = valuesFromDocument(JSON.stringify(marginalDay('2025-06-15')), [], 'marginal.json', new Date('2025-06-16T00:00:00Z'))
    expect(doc.series).toBe('afrr-marginal-price')
    expect(doc.values).toHaveLength(192)
    expect(doc.values[1]).toMatchObject({ direction: 'up', price: 22, resolutionMin: 15 })
  })
})
