import { resolveRequest, type SubstanceRequest } from '../chem/request'
import type { Jurisdiction } from '../ghs/phrases'
import { LINK_TTL_SECONDS } from '../links'
import type { HttpFetcher } from '../../../../shared/http-fetcher'
import { enrichmentFor } from '../pubchem/enrich'
import { generateDocx, type SheetBranding } from '../sheet/generate'
import { enrichDeps, putDocument } from '../../store'

export type ItemOutcome = { ok: true; documentId: string; filename: string; expires: number } | { ok: false; code: string; message: string }

/**
 * One bulk item through the same path as POST /api/v1/sds/{us,eu}: `resolveRequest` (same
 * error codes), optional PubChem enrichment, `generateDocx`, the document in R2 under
 * the key's id. Quota is not touched here: the job reserved it.
 */
export async function generateItem(
  env: { CACHE: KVNamespace; PUBCHEM_ENRICHMENT?: string; DOCUMENTS: R2Bucket },
  fetcher: HttpFetcher,
  keyId: string,
  item: SubstanceRequest & { format: Jurisdiction },
  branding: SheetBranding,
  now: Date
): Promise<ItemOutcome> {
  const resolution = await resolveRequest(item)
  if (!resolution.ok) return { ok: false, code: resolution.code, message: resolution.message }
  try {
    const enrichment = await enrichmentFor(enrichDeps(env, fetcher), resolution.substance)
    const { bytes, filename } = await generateDocx(resolution.substance, item.format, branding, now, enrichment)
    const documentId = crypto.randomUUID()
    await putDocument(env.DOCUMENTS, documentId, bytes, { filename, keyId, format: item.format })
    return { ok: true, documentId, filename, expires: Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS }
  } catch (err) {
    console.error('bulk item generation failed:', err instanceof Error ? err.message : err)
    return { ok: false, code: 'INTERNAL_ERROR', message: 'Generation failed on our side; the unit was given back.' }
  }
}
