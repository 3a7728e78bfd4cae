import type { Resolved } from '../chem/resolve'
import { propertiesOf } from '../chem/knowledge'
import type { Bindings, Deps } from '../env'
import type { Enrichment } from '../sheet/facts'
import { cachePut, cacheGet } from '../store'
import { cidForCas, experimentalTemperatures, notifiedHazardStatements, pugView, type PugSection } from './client'

/** What enrichment reads: a request's Context fits, and so does the bulk queue consumer's. */
export type EnrichContext = { env: Pick<Bindings, 'CACHE' | 'PUBCHEM_ENRICHMENT'>; var: { deps: Pick<Deps, 'fetcher'> } }

const CACHE_TTL = 30 * 86_400
const SOURCE_PROPERTIES = 'PubChem PUG-View experimental properties (NCBI), fetched live'
const SOURCE_NOTIFIED = 'PubChem aggregation of notifications to the ECHA C&L Inventory (notified, not harmonised)'

/**
 * Optional live enrichment from PubChem (PUBCHEM_ENRICHMENT=true): fills properties the bundle
 * lacks and, for substances without a harmonised classification, reports the notified GHS
 * codes, labelled as such. Answers are cached in KV. Never fails a generation.
 */
export async function enrichmentFor(c: EnrichContext, substance: Resolved): Promise<Enrichment> {
  if (c.env.PUBCHEM_ENRICHMENT !== 'true') return {}
  try {
    return await enrich(c, substance)
  } catch (err) {
    console.warn('pubchem enrichment skipped:', err instanceof Error ? err.message : err)
    return {}
  }
}

async function enrich(c: EnrichContext, { record, entry }: Resolved): Promise<Enrichment> {
  const bundled = propertiesOf(record.cas)
  const wantProperties = !bundled || bundled.melting_point_c === null || bundled.boiling_point_c === null || bundled.flash_point_c === null
  const wantNotified = !entry
  if (!wantProperties && !wantNotified) return {}
  const cid = record.compound?.cid ?? (record.cas ? await cached(c, `pubchem:cid:${record.cas}`, () => cidForCas(c.var.deps.fetcher, record.cas!)) : null)
  if (!cid) return {}
  const out: Enrichment = {}
  if (wantProperties) {
    const view = await cached(c, `pubchem:view:${cid}:experimental`, () => pugView(c.var.deps.fetcher, cid, 'Experimental Properties'))
    const temps = view ? experimentalTemperatures(view) : {}
    if (Object.keys(temps).length) out.properties = { ...temps, source: `${SOURCE_PROPERTIES} (CID ${cid})` }
  }
  if (wantNotified) {
    const view = await cached(c, `pubchem:view:${cid}:ghs`, () => pugView(c.var.deps.fetcher, cid, 'GHS Classification'))
    const codes = view ? notifiedHazardStatements(view) : []
    if (codes.length) out.notifiedHazards = { codes, source: `${SOURCE_NOTIFIED} (CID ${cid})` }
  }
  return out
}

async function cached<T extends number | PugSection | null>(c: EnrichContext, key: string, load: () => Promise<T>): Promise<T> {
  const hit = await cacheGet(c.env.CACHE, key)
  if (hit !== null) return JSON.parse(hit) as T
  const value = await load()
  if (value !== null) await cachePut(c.env.CACHE, key, JSON.stringify(value), CACHE_TTL)
  return value
}
