import { env } from 'cloudflare:workers'
import { parseEntsoeBody, priceValues } from '../../../workers/market-data/domain/entsoe/day-ahead'
import type { IntervalValue, SeriesName } from '../../../workers/market-data/domain/series'
import { coversOfValues, type Provenance } from '../../../workers/market-data/domain/sql'
import { writeDocument } from '../../../workers/market-data/store'
import { zoneByEic } from '../../../workers/market-data/domain/zones'

/** Loads an ENTSO-E fixture into this test file's D1 exactly as ingestion does. */
export async function loadEntsoe(xml: string, now = new Date('2026-01-01T00:00:00Z')): Promise<number> {
  const out = parseEntsoeBody(xml)
  if (out.kind !== 'document') throw new Error('fixture is not a document')
  const d = out.document
  return writeDocument(
    env.DB,
    {
      series: 'day-ahead-prices',
      zone: d.zone,
      baseOffsetMs: zoneByEic(d.zone)!.baseOffsetMs,
      provenance: { source: 'entsoe', documentId: d.mRID, revision: d.revision ?? 0, createdAt: d.createdAt ?? now.toISOString() },
      covers: d.covers,
      values: priceValues(d.slots),
    },
    now
  )
}

/** Loads values as a partial document (it covers only its own intervals). */
export async function load(
  series: SeriesName,
  values: IntervalValue[],
  now = new Date('2026-01-01T00:00:00Z'),
  provenance?: Partial<Provenance>
): Promise<number> {
  return writeDocument(
    env.DB,
    {
      series,
      zone: '10YFR-RTE------C',
      baseOffsetMs: 3_600_000,
      provenance: { source: 'file', documentId: 'test', revision: 0, createdAt: now.toISOString(), ...provenance },
      covers: coversOfValues(values),
      values,
    },
    now
  )
}

export type PriceRecord = {
  hour_start_utc: string
  hour_end_utc: string
  price_eur_mwh: number | null
  resolution?: string
  source_resolution?: string | null
}
export type ReserveRecord = {
  hour_start_utc: string
  hour_end_utc: string
  direction: string
  volume_mw?: number | null
  price_eur_mw_h?: number | null
  volume_mwh?: number | null
  price_eur_mwh?: number | null
  resolution?: string
  source_resolution?: string | null
}

/** Position → price as written in a fixture's Points. */
export function pointsOf(xml: string): Map<number, number> {
  const out = new Map<number, number>()
  for (const m of xml.matchAll(/<position>(\d+)<\/position>\s*<price\.amount>([^<]+)<\/price\.amount>/g))
    out.set(Number(m[1]), Number(m[2]))
  return out
}
