/**
 * Builds workers/market-data/data/bidding-zones.json from ../shared/data/market/bidding-zones.csv
 * (compiled from entsoe-py's area mappings and the NEMO Committee's SDAC history; see
 * /work/shared/data/SOURCES.md). Run: `npx tsx scripts/market-data/build-zones.ts [csv]`.
 *
 * Kept: every zone whose day-ahead prices ENTSO-E publishes (`entsoe_a44_prices` yes, or yes
 * for a historic zone); zones marked uncertain are left out rather than served as if known.
 * Each time zone's standard offset from UTC is written next to it: every zone kept follows the
 * EU summer-time rule (Directive 2000/84/EC; Switzerland and the Western Balkans apply the same
 * dates), so the offset in winter is all the worker needs to find a zone's local day.
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'

const here = dirname(fileURLToPath(import.meta.url))
const csvPath = process.argv[2] ?? join(here, '../../../shared/data/market/bidding-zones.csv')
const out = join(here, '../../workers/market-data/data/bidding-zones.json')

/** Standard (winter) offset in minutes of the IANA zones the CSV uses. */
const STANDARD_OFFSET_MIN: Record<string, number> = {
  'Europe/Lisbon': 0,
  'Europe/Dublin': 0,
  'Europe/London': 0,
  'Europe/Helsinki': 120,
  'Europe/Tallinn': 120,
  'Europe/Riga': 120,
  'Europe/Vilnius': 120,
  'Europe/Sofia': 120,
  'Europe/Bucharest': 120,
  'Europe/Athens': 120,
}
const CET = 60

function parseCsvLine(line: string): string[] {
  // The file has no quoted fields with commas; refuse one rather than misread it.
  if (line.includes('"')) throw new Error(`Quoted CSV field not supported: ${line}`)
  return line.split(',')
}

const [header, ...lines] = readFileSync(csvPath, 'utf8').trim().split(/\r?\n/)
const cols = parseCsvLine(header)
const zones = lines
  .map((l) => Object.fromEntries(parseCsvLine(l).map((v, i) => [cols[i], v])) as Record<string, string>)
  .filter((r) => r.entsoe_a44_prices.startsWith('yes'))
  .map((r) => ({
    key: r.zone_key,
    name: r.bidding_zone,
    eic: r.eic,
    country: r.country,
    timezone: r.timezone,
    standard_offset_min: STANDARD_OFFSET_MIN[r.timezone] ?? CET,
    sdac: r.sdac_member,
    notes: r.notes,
  }))
writeFileSync(out, JSON.stringify({ source: 'shared/data/market/bidding-zones.csv (see docs/market-data.md)', zones }, null, 1) + '\n')
console.log(`${zones.length} zones → ${out}`)
