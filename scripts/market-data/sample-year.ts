/**
 * Writes a SAMPLE year of French day-ahead prices (synthetic values, ENTSO-E A44 layout, one
 * Period per delivery day, PT15M) for benchmarks and load tests. Not real ENTSO-E data.
 *
 *   npx tsx scripts/market-data/sample-year.ts 2025 /tmp/sample-2025.xml
 */
import { writeFileSync } from 'node:fs'
import { addDays, dayBoundsUtc } from '../../workers/market-data/domain/time/paris'
import { a44Xml, dayPoints, entsoeTime } from './documents'

export function sampleYearXml(year: number): string {
  const first = `${year}-01-01`
  const next = `${year + 1}-01-01`
  const periods = []
  for (let day = first; day < next; day = addDays(day, 1)) {
    const { startMs, endMs } = dayBoundsUtc(day)
    periods.push({ start: entsoeTime(startMs), end: entsoeTime(endMs), resolution: 'PT15M', points: dayPoints(day, 15) })
  }
  return a44Xml({
    mRID: `SAMPLE-YEAR-${year}`,
    created: `${year - 1}-12-31T12:00:00Z`,
    start: entsoeTime(dayBoundsUtc(first).startMs),
    end: entsoeTime(dayBoundsUtc(next).startMs),
    comment: 'SAMPLE year of the market-data service: synthetic prices in the ENTSO-E layout, NOT real ENTSO-E data.',
    series: [{ periods }],
  })
}

if (process.argv[1]?.endsWith('sample-year.ts')) {
  const [year, out] = process.argv.slice(2)
  if (!/^\d{4}$/.test(year ?? '') || !out) {
    console.error('Usage: npx tsx scripts/market-data/sample-year.ts <year> <out.xml>')
    process.exit(2)
  }
  writeFileSync(out, sampleYearXml(Number(year)))
  console.log(`wrote ${out}`)
}
