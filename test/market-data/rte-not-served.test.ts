import { describe, expect, it } from 'vitest'
import { NOT_SERVED, UsageError, detectJob } from '../../scripts/market-data/ingest-lib'

// Shapes from ../shared/data/SOURCES.md (market section): RTE afrr_marginal_price (read since
// issue 22 asked for it: the afrr-marginal-price series) and the CSV form of imbalance_data,
// which feeds no served series; npm run ingest says so by name.
const marginal = JSON.stringify({
  days: [
    {
      start_date: '2025-06-15',
      datas: [
        {
          step: '00:00:04',
          prorata_mode: false,
          picasso_connection: true,
          upward_afrr_marginal_price: 81.2,
          downward_afrr_marginal_price: 'Invalid',
          pdemand: 12,
          afrr_for_france: 40,
          afrr_in_france: 35,
        },
      ],
    },
  ],
})
const csv = "Données d'équilibrage\r\nHeure de début;Heure de fin;Déséquilibre\r\n15/06/2025 00:00;15/06/2025 00:15;-120\r\n"

describe('RTE answers no served series is built from', () => {
  it('reads afrr_marginal_price; refuses imbalance CSV answers by name, not as unreadable files', () => {
    expect(detectJob(marginal)).toBe('afrr-marginal')
    expect(() => detectJob('\uFEFF' + csv)).toThrow(UsageError)
    expect(() => detectJob('\uFEFF' + csv)).toThrow(NOT_SERVED.csv)
    expect(() => detectJob('a;b\r\n1;2\r\n')).toThrow('The file is neither XML nor JSON.')
    // The served shapes are still recognised.
    expect(detectJob(JSON.stringify({ picasso: { picasso_mesures: [] } }))).toBe('afrr-energy')
  })
})
