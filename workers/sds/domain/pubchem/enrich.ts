import type { HttpFetcher } from '../../../../shared/http-fetcher'
import type { Resolved } from '../chem/resolve'
import { propertiesOf } from '../chem/knowledge'
import type { Enrichment } from '../sheet/facts'
import { cidForCas, experimentalTemperatures, notifiedHazardStatements, pugView, type PugSection } from './client'

/** A string cache with a time to live (store.ts gives the KV one). */
export type TextCache = { get(key: string): Promise<string | null>; put(key: string, value: string, ttlSeconds: number): Promise<void> }

/** What enrichment needs: whether it is on, the one fetcher, and a cache; no Context, no bindings. */
export type EnrichDeps = { enabled: boolean; fetcher: HttpFetcher; cache: TextCache }

const CACHE_TTL = 30 * 86_400
const SOURCE_PROPERTIES = 'PubChem PUG-View experimental properties (NCBI), fetched live'
const SOURCE_NOTIFIED = 'PubChem aggregation of notifications to the ECHA C&L Inventory (notified, not harmonised)'

/**
 * Optional live enrichment from PubChem (PUBCHEM_ENRICHMENT=true): fills properties the bundle
 * lacks and, for substances without a harmonised classification, reports the notified GHS
 * codes, labelled as such. Answers are cached in KV. Never fails a generation.
 */
export async function enrichmentFor(deps: EnrichDeps, substance: Resolved): Promise<Enrichment> {
  if (!deps.enabled) return {}
  try {
    return await enrich(deps, substance)
  } catch (err) {
    console.warn('pubchem enrichment skipped:', err instanceof Error ? err.message : err)
    return {}
  }
}

async function enrich(c: EnrichDeps, { record, entry }: Resolved): Promise<Enrichment> {
  const bundled = propertiesOf(record.cas)
  const wantProperties = !bundled || bundled.melting_point_c === null || bundled.boiling_point_c === null || bundled.flash_point_c === null
  const wantNotified = !entry
  if (!wantProperties && !wantNotified) return {}
  const cid =
    record.compound?.cid ?? (record.cas ? await cached(c, `pubchem:cid:${record.cas}`, () => cidForCas(c.fetcher, record.cas!)) : null)
  if (!cid) return {}
  const out: Enrichment = {}
  if (wantProperties) {
    const view = await cached(c, `pubchem:view:${cid}:experimental`, () => pugView(c.fetcher, cid, 'Experimental Properties'))
    const temps = view ? experimentalTemperatures(view) : {}
    if (Object.keys(temps).length) out.properties = { ...temps, source: `${SOURCE_PROPERTIES} (CID ${cid})` }
  }
  if (wantNotified) {
    const view = await cached(c, `pubchem:view:${cid}:ghs`, () => pugView(c.fetcher, cid, 'GHS Classification'))
    const codes = view ? notifiedHazardStatements(view) : []
    if (codes.length) out.notifiedHazards = { codes, source: `${SOURCE_NOTIFIED} (CID ${cid})` }
  }
  return out
}

async function cached<T extends number | PugSection | null>(c: EnrichDeps, key: string, load: () => Promise<T>): Promise<T> {
  const hit = await c.cache.get(key)
  if (hit !== null) return JSON.parse(hit) as T
  const value = await load()
  if (value !== null) await c.cache.put(key, JSON.stringify(value), CACHE_TTL)
  return value
}
