import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { app } from './app'
import { RTE_API, RTE_TOKEN_URL, memoryTokenCache } from '../../workers/market-data/domain/rte/client'
import { csvAsJson, readRteCsv } from '../../workers/market-data/domain/rte/csv'
import { normaliseAfrrEnergy } from '../../workers/market-data/domain/rte/normalise'
import { ingestRange } from '../../workers/market-data/use-cases/ingest'
import { FRANCE } from '../../workers/market-data/domain/zones'
import { detectJob } from '../../scripts/market-data/ingest-lib'
import afrr from './fixtures/rte-standard-afrr-data-2025-11-12.json'

// The CSV layout of ../shared/data/SOURCES.md (market section): title lines, then a ';' table
// whose header starts "Heure de", times dd/mm/yyyy HH:MM in Paris local time. Our fixture's
// JSON answer is written out in that layout (French decimal comma for one value), so the CSV
// and the JSON must give the same records.
type Item = Record<string, string | number | null>
const FIELDS = [
  'upward_afrr_activated_volume_for_fr',
  'downward_afrr_activated_volume_for_fr',
  'upward_weighted_average_price_afrr_activated_for_fr',
  'downward_weighted_average_price_afrr_activated_for_fr',
]
const local = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)} ${iso.slice(11, 16)}`
function asCsv(items: Item[]): string {
  const lines = ['Données PICASSO', '', ['Heure de début', 'Heure de fin', ...FIELDS].join(';')]
  for (const m of items)
    lines.push(
      [
        local(String(m.start_date)),
        local(String(m.end_date)),
        ...FIELDS.map((f) => (m[f] === null ? '' : String(m[f]).replace('.', ','))),
      ].join(';')
    )
  return '\uFEFF' + lines.join('\r\n') + '\r\n'
}
const items = (afrr as { picasso: { picasso_mesures: Item[] } }).picasso.picasso_mesures

describe('RTE CSV answers', () => {
  it('read into the same records as the JSON answer of the resource', () => {
    const withComma = items.map((m, i) => (i === 3 ? { ...m, upward_weighted_average_price_afrr_activated_for_fr: 101.25 } : m))
    const json = normaliseAfrrEnergy({ picasso: { picasso_mesures: withComma } })
    expect(normaliseAfrrEnergy(csvAsJson(asCsv(withComma)))).toEqual(json)
    expect(json.find((v) => v.direction === 'up' && v.price === 101.25)).toBeDefined()
    expect(detectJob(asCsv(items))).toBe('afrr-energy')
  })

  it('read the repeated hour of the October switch in time order, and refuse a time that does not exist', () => {
    const csv = [
      'Heure de début;Heure de fin;x',
      '26/10/2025 01:45;26/10/2025 02:00;1',
      '26/10/2025 02:00;26/10/2025 02:15;2',
      '26/10/2025 02:45;26/10/2025 02:00;3',
      '26/10/2025 02:00;26/10/2025 02:15;4',
      '26/10/2025 03:00;26/10/2025 03:15;5',
    ].join('\n')
    expect(readRteCsv(csv).records.map((r) => [r.start_date, r.end_date, r.x])).toEqual([
      ['2025-10-26T01:45:00+02:00', '2025-10-26T02:00:00+02:00', 1],
      ['2025-10-26T02:00:00+02:00', '2025-10-26T02:15:00+02:00', 2],
      ['2025-10-26T02:45:00+02:00', '2025-10-26T02:00:00+01:00', 3],
      ['2025-10-26T02:00:00+01:00', '2025-10-26T02:15:00+01:00', 4],
      ['2025-10-26T03:00:00+01:00', '2025-10-26T03:15:00+01:00', 5],
    ])
    expect(() => readRteCsv('Heure de début;x\n29/03/2026 02:30;1\n')).toThrow(/does not exist/)
    expect(() => readRteCsv('Heure de début;x\n29/03/2026 01:30;1;2\n')).toThrow(/cells/)
  })

  it('are accepted from the API (Content-Type text/csv): stored and served like the JSON answer', async () => {
    const fetcher = replayFetcher([
      [RTE_TOKEN_URL, { body: JSON.stringify({ access_token: 't', expires_in: 7200 }) }],
      [
        new RegExp(`^${RTE_API}/balancing_energy/v5/standard_afrr_data\\?`),
        { headers: { 'content-type': 'text/csv; charset=utf-8' }, body: asCsv(items) },
      ],
    ])
    const deps = {
      db: env.DB,
      fetcher,
      secrets: { RTE_CLIENT_ID: 'id', RTE_CLIENT_SECRET: 'secret' },
      tokenCache: memoryTokenCache(),
      now: () => new Date('2025-11-13T12:00:00Z'),
      sleep: async () => {},
      zones: [FRANCE],
    }
    expect(await ingestRange(deps, 'afrr-energy', { from: '2025-11-12', to: '2025-11-13' })).toMatchObject({ status: 'ok', rows: 192 })
    const energy = (await (await app.request('/api/afrr-energy?date=2025-11-12', {}, env)).json()) as Array<Record<string, unknown>>
    expect(energy).toHaveLength(192)
    expect(energy[1]).toMatchObject({ direction: 'up', volume_mwh: 21, price_eur_mwh: 95 })
  })

  it('of a resource no series is built from are refused by name', () => {
    const imbalance = "Données d'équilibrage\r\nHeure de début;Heure de fin;Déséquilibre\r\n15/06/2025 00:00;15/06/2025 00:15;-120\r\n"
    expect(() => detectJob(imbalance)).toThrow(/no series is built from/)
    expect(() => csvAsJson(imbalance, 'balancing_energy/v5/standard_afrr_data')).toThrow(/not balancing_energy/)
  })
})
