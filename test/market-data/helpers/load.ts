import { env } from 'cloudflare:workers'
import { parseEntsoeBody } from '../../../workers/market-data/entsoe/day-ahead'
import type { IntervalValue, SeriesName } from '../../../workers/market-data/series'
import { upsertIntervals } from '../../../workers/market-data/store'

/** Loads an ENTSO-E fixture into this test file's D1 exactly as ingestion does. */
export async function loadEntsoe(xml: string, now = new Date('2026-01-01T00:00:00Z')): Promise<number> {
  const out = parseEntsoeBody(xml)
  if (out.kind !== 'document') throw new Error('fixture is not a document')
  const values: IntervalValue[] = out.document.slots.map((s) => ({ startMs: s.startMs, direction: '', volume: null, price: s.price, resolutionMin: s.resolutionMin }))
  return upsertIntervals(env.DB, 'day-ahead-prices', values, `entsoe:${out.document.mRID}`, now)
}

export async function load(series: SeriesName, values: IntervalValue[], now = new Date('2026-01-01T00:00:00Z')): Promise<number> {
  return upsertIntervals(env.DB, series, values, 'test', now)
}

export type PriceRecord = { hour_start_utc: string; hour_end_utc: string; price_eur_mwh: number | null }
export type ReserveRecord = { hour_start_utc: string; hour_end_utc: string; direction: string; volume_mw?: number | null; price_eur_mw_h?: number | null; volume_mwh?: number | null; price_eur_mwh?: number | null }

/** Position → price as written in a fixture's Points. */
export function pointsOf(xml: string): Map<number, number> {
  const out = new Map<number, number>()
  for (const m of xml.matchAll(/<position>(\d+)<\/position>\s*<price\.amount>([^<]+)<\/price\.amount>/g)) out.set(Number(m[1]), Number(m[2]))
  return out
}
