import { DomainError } from '../../../shared/errors'
import { resolveRequest, type SubstanceRequest } from '../domain/chem/request'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { enrichmentFor } from '../domain/pubchem/enrich'
import { generateDocx, type SheetBranding } from '../domain/sheet/generate'
import type { SdsPorts } from '../env'
import { enrichDeps } from '../store'

export type Resolution = Extract<Awaited<ReturnType<typeof resolveRequest>>, { ok: true }>

/**
 * Resolves what the caller named (the same codes for a single sheet and a bulk item), or throws
 * the resolver's 422 as a DomainError with its suggestions or candidates.
 */
export async function resolveOrThrow(input: SubstanceRequest): Promise<Resolution> {
  const resolution = await resolveRequest(input)
  if (!resolution.ok) {
    const { ok: _ok, code, message, ...details } = resolution
    void _ok
    throw new DomainError(code, message, details)
  }
  return resolution
}

/** The sheet of a resolved substance: optional PubChem enrichment, then the DOCX. */
export async function buildSheet(
  ports: Pick<SdsPorts, 'kv' | 'fetcher' | 'enrichment'>,
  resolution: Resolution,
  j: Jurisdiction,
  branding: SheetBranding,
  now: Date
) {
  const enrich = enrichDeps({ CACHE: ports.kv, PUBCHEM_ENRICHMENT: ports.enrichment ? 'true' : undefined }, ports.fetcher)
  const enrichment = await enrichmentFor(enrich, resolution.substance)
  return generateDocx(resolution.substance, j, branding, now, enrichment)
}
