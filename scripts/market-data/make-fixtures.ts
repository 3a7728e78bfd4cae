/**
 * Writes the project's own ENTSO-E and RTE test fixtures and sample documents. Every value is
 * synthetic; the layouts follow the sources' documented formats (see documents.ts).
 *
 *   npx tsx scripts/market-data/make-fixtures.ts
 */
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { dayBoundsUtc } from '../../workers/market-data/domain/time/paris'
import { a44Xml, dayA44, dayPoints, entsoeTime, procuredReservesJson, standardAfrrJson, standardMfrrJson, toA03 } from './documents'

const root = join(dirname(fileURLToPath(import.meta.url)), '../..')
const fixtures = join(root, 'test/market-data/fixtures')
const samples = join(root, 'workers/market-data/sample')

function write(dir: string, name: string, text: string) {
  mkdirSync(dir, { recursive: true })
  writeFileSync(join(dir, name), text)
}
const json = (v: unknown) => JSON.stringify(v) + '\n'

/** A03 day with runs of repeated prices, including a run that reaches the end of the Period. */
function a03Points(day: string): Array<[number, number]> {
  const points = dayPoints(day, 15)
  const repeat = (from: number, to: number) => {
    for (let p = from; p <= to; p++) points[p - 1] = [p, points[from - 2][1]]
  }
  repeat(9, 12) // positions 9-12 repeat position 8
  repeat(30, 30)
  repeat(61, 64)
  repeat(97, points.length) // the last four repeat position 96
  return points
}

const FIXTURE = 'FIXTURE written by the market-data test suite: synthetic values in the ENTSO-E layout.'

// ----------------------------------------------------------------------------- ENTSO-E
write(fixtures, 'entsoe-fr-2025-11-12-pt15m.xml', dayA44('2025-11-12', { resolutionMin: 15, comment: FIXTURE }))
write(fixtures, 'entsoe-fr-2024-06-15-pt60m.xml', dayA44('2024-06-15', { resolutionMin: 60, namespace: '7:0', comment: FIXTURE }))
write(fixtures, 'entsoe-fr-2026-03-29-pt15m.xml', dayA44('2026-03-29', { resolutionMin: 15, comment: FIXTURE }))
write(
  fixtures,
  'entsoe-fr-2025-10-26-pt15m-a03.xml',
  dayA44('2025-10-26', { resolutionMin: 15, curveType: 'A03', points: a03Points('2025-10-26'), comment: FIXTURE })
)
write(fixtures, 'entsoe-de-lu-2025-11-12.xml', dayA44('2025-11-12', { resolutionMin: 15, zone: '10Y1001A1001A82H', comment: FIXTURE }))

// Two delivery days; the second has both a 60-minute and a 15-minute series (SDAC go-live).
{
  const d1 = dayBoundsUtc('2025-09-30')
  const d2 = dayBoundsUtc('2025-10-01')
  const hourly = (day: string) => dayPoints(day, 60).map(([p, v]) => [p, v + 1000] as [number, number])
  write(
    fixtures,
    'entsoe-fr-2025-09-30-mixed.xml',
    a44Xml({
      mRID: 'FIXTURE-2025-09-30-MIXED',
      created: '2025-09-30T10:58:00Z',
      start: entsoeTime(d1.startMs),
      end: entsoeTime(d2.endMs),
      comment: `${FIXTURE} Hourly prices are offset by +1000 so a test can tell the series apart.`,
      series: [
        {
          periods: [
            { start: entsoeTime(d1.startMs), end: entsoeTime(d1.endMs), resolution: 'PT60M', points: hourly('2025-09-30') },
            { start: entsoeTime(d2.startMs), end: entsoeTime(d2.endMs), resolution: 'PT60M', points: hourly('2025-10-01') },
          ],
        },
        {
          periods: [{ start: entsoeTime(d2.startMs), end: entsoeTime(d2.endMs), resolution: 'PT15M', points: dayPoints('2025-10-01', 15) }],
        },
      ],
    })
  )
}

// A03 across two Periods: the second Period starts with an omitted position, which must
// not be filled from the first Period.
{
  const d = dayBoundsUtc('2025-11-13')
  const mid = d.startMs + 12 * 3_600_000
  const points = dayPoints('2025-11-13', 15)
  const first = toA03(points.slice(0, 48))
  const second = toA03(points.slice(48).map(([p, v]) => [p - 48, v] as [number, number])).filter(([p]) => p !== 1)
  write(
    fixtures,
    'entsoe-fr-2025-11-13-a03-two-periods.xml',
    a44Xml({
      mRID: 'FIXTURE-2025-11-13-A03-2P',
      created: '2025-11-12T11:00:00Z',
      start: entsoeTime(d.startMs),
      end: entsoeTime(d.endMs),
      comment: FIXTURE,
      series: [
        {
          curveType: 'A03',
          periods: [
            { start: entsoeTime(d.startMs), end: entsoeTime(mid), resolution: 'PT15M', points: first },
            { start: entsoeTime(mid), end: entsoeTime(d.endMs), resolution: 'PT15M', points: second },
          ],
        },
      ],
    })
  )
}

write(
  fixtures,
  'entsoe-ack-no-data.xml',
  `<?xml version="1.0" encoding="UTF-8"?>
<!-- ${FIXTURE} -->
<Acknowledgement_MarketDocument
\txmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0">
\t<mRID>5c3f9a2e-91b4-4</mRID>
\t<createdDateTime>2030-01-02T11:04:40Z</createdDateTime>
\t<sender_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</sender_MarketParticipant.mRID>
\t<sender_MarketParticipant.marketRole.type>A32</sender_MarketParticipant.marketRole.type>
\t<receiver_MarketParticipant.mRID codingScheme="A01">10X1001A1001A450</receiver_MarketParticipant.mRID>
\t<receiver_MarketParticipant.marketRole.type>A39</receiver_MarketParticipant.marketRole.type>
\t<received_MarketDocument.createdDateTime>2030-01-02T11:04:40Z</received_MarketDocument.createdDateTime>
\t<Reason>
\t\t<code>999</code>
\t\t<text>No matching data found for Data item ENERGY_PRICES [12.1.D] (10YFR-RTE------C, 10YFR-RTE------C) and interval 2030-01-01T23:00:00.000Z/2030-01-02T23:00:00.000Z.</text>
\t</Reason>
</Acknowledgement_MarketDocument>
`
)
write(
  fixtures,
  'entsoe-ack-too-much.xml',
  `<?xml version="1.0" encoding="UTF-8"?>
<Acknowledgement_MarketDocument xmlns="urn:iec62325.351:tc57wg16:451-1:acknowledgementdocument:7:0">
\t<mRID>7a1d0c44-02e7-4</mRID>
\t<createdDateTime>2025-11-12T11:04:40Z</createdDateTime>
\t<Reason>
\t\t<code>999</code>
\t\t<text>The amount of requested data exceeds allowed limit. Please adjust the query.</text>
\t</Reason>
</Acknowledgement_MarketDocument>
`
)
write(
  fixtures,
  'entsoe-unauthorized.html',
  '<html><head><title>Error</title></head><body>Unauthorized. Missing or invalid security token</body></html>'
)

// ----------------------------------------------------------------------------- RTE
write(fixtures, 'rte-result-procured-reserves-2025-11-12.json', json(procuredReservesJson('2025-11-12')))
write(fixtures, 'rte-standard-afrr-data-2025-11-12.json', json(standardAfrrJson('2025-11-12')))
write(fixtures, 'rte-standard-mfrr-data-2025-11-12.json', json(standardMfrrJson('2025-11-12')))
write(fixtures, 'rte-result-procured-reserves-2025-10-26.json', json(procuredReservesJson('2025-10-26')))

// ----------------------------------------------------------------------------- samples
const SAMPLE =
  'SAMPLE document of the market-data service: synthetic prices in the ENTSO-E layout, NOT real ENTSO-E data. Loaded by `npm run seed:sample`.'
const sampleDays = ['2026-10-25', '2026-11-20', '2026-11-21', '2026-11-22', '2026-11-23']
for (const day of sampleDays) {
  const a03 = day === '2026-10-25'
  write(
    samples,
    `SAMPLE-entsoe-a44-fr-${day}.xml`,
    dayA44(day, {
      resolutionMin: 15,
      curveType: a03 ? 'A03' : 'A01',
      mRID: `SAMPLE-${day}`,
      comment: SAMPLE,
      points: a03 ? a03Points(day) : undefined,
    })
  )
}
write(
  samples,
  'SAMPLE-entsoe-a44-fr-2026-03-29.xml',
  dayA44('2026-03-29', { resolutionMin: 15, mRID: 'SAMPLE-2026-03-29', comment: SAMPLE })
)
const labelled = (v: unknown) => ({
  _sample: 'SAMPLE document of the market-data service: synthetic values in the RTE API layout, NOT real RTE data.',
  ...(v as object),
})
for (const day of ['2026-11-21', '2026-11-22']) {
  write(samples, `SAMPLE-rte-result-procured-reserves-${day}.json`, json(labelled(procuredReservesJson(day))))
  write(samples, `SAMPLE-rte-standard-afrr-data-${day}.json`, json(labelled(standardAfrrJson(day))))
  write(samples, `SAMPLE-rte-standard-mfrr-data-${day}.json`, json(labelled(standardMfrrJson(day))))
}
console.log('fixtures and samples written')
