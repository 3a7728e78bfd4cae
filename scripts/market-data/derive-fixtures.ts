/**
 * Derives trimmed test fixtures from the real payloads staged in ../shared/data/market/
 * (see /work/shared/data/SOURCES.md for where each came from). The raw files are not
 * committed; these trimmed copies are, with their origin in test/market-data/fixtures/ORIGIN.md.
 * Run: `npx tsx scripts/market-data/derive-fixtures.ts [/path/to/shared/data/market]`.
 *
 * Trimming keeps the shapes the readers must accept (BOM, top-level keys, directions, steps,
 * A03 gaps, two resolutions); it never edits a value.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const market = process.argv[2] ?? join(here, '../../../shared/data/market')
const out = join(here, '../../test/market-data/fixtures')
const BOM = '\uFEFF'

function json(path: string): Record<string, Array<Record<string, unknown>>> {
  const text = readFileSync(join(market, path), 'utf8')
  return JSON.parse(text.startsWith(BOM) ? text.slice(1) : text)
}

// RTE balancing_capacity procured_reserves (2015-12-17): FCR, AFRR and MFRR whole; RR cut to two values.
const reserves = json('rte/balancing_capacity-v1doc-procured_reserves.sample.json')
reserves.procured_reserves = reserves.procured_reserves.map((b) =>
  b.type === 'RR' ? { ...b, values: (b.values as unknown[]).slice(0, 2) } : b
)
writeFileSync(join(out, 'rte-v1-procured-reserves-2015-12-17.json'), BOM + JSON.stringify(reserves))

// RTE accepted_offers (2015-10-26): MFRR and RR blocks have empty `values`.
const accepted = json('rte/balancing_capacity-v1doc-accepted_offers.sample.json')
accepted.accepted_offers = accepted.accepted_offers.map((b) => ({ ...b, values: (b.values as unknown[]).slice(0, 2) }))
writeFileSync(join(out, 'rte-v1-accepted-offers-2015-10-26.json'), BOM + JSON.stringify(accepted))

// RTE tso_offers (2015-06-06): a resource holding none of our series; first block, two values.
const offers = json('rte/balancing_energy-v1doc-tso_offers.sample.json')
offers.tso_offers = offers.tso_offers.slice(0, 1).map((b) => ({ ...b, values: (b.values as unknown[]).slice(0, 2) }))
writeFileSync(join(out, 'rte-v1-tso-offers-2015-06-06.json'), BOM + JSON.stringify(offers))

// ENTSO-E A44 DE-LU (real answer, created 2025-08-18, curveType A03 throughout): delivery day
// 2021-01-01 whole (PT15M sequence 2 and PT60M sequence 1) and the PT60M series of 2021-01-02,
// the one with an omitted position; the PT15M series of 2021-01-02 is left out.
const xml = readFileSync(join(market, 'entsoe/berrij-a44-DE_LU-20210101-PT15M-PT60M-A03.xml'), 'utf8')
const parts = xml.split('<TimeSeries>')
const head = parts[0]
const series = [parts[1], parts[2], parts[4]].map((p) => '<TimeSeries>' + p.split('</TimeSeries>')[0] + '</TimeSeries>\n      ')
const trimmed =
  head.replace(
    '<?xml version="1.0" encoding="utf-8"?>',
    '<?xml version="1.0" encoding="utf-8"?>\n<!-- Trimmed from a real ENTSO-E answer; see test/market-data/fixtures/ORIGIN.md. -->'
  ) +
  series.join('') +
  '\n  </Publication_MarketDocument>\n'
writeFileSync(join(out, 'entsoe-de-lu-2021-01-01-real-a03.xml'), trimmed)
console.log('fixtures written to', out)
