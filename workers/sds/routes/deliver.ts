/**
 * What the two generators (standard and R&D proxy) do alike once a sheet exists: the branding
 * fields of the request, and delivery as base64 or as a document in R2 behind a signed link.
 */
import { toBase64 } from '../../../shared/crypto'
import type { Bindings } from '../env'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { LINK_TTL_SECONDS, signDocumentLink } from '../domain/links'
import type { SheetBranding } from '../domain/sheet/generate'
import { putDocument } from '../store'

type BrandingFields = SheetBranding & { response_format?: 'url' | 'base64' }

export function brandingOf(input: BrandingFields): SheetBranding {
  return {
    company_name: input.company_name,
    company_address: input.company_address,
    company_phone: input.company_phone,
    company_website: input.company_website,
    company_email: input.company_email,
    emergency_phone: input.emergency_phone,
  }
}

/** `style_profile_applied`: any branding field given. */
export function styled(input: BrandingFields): boolean {
  return Boolean(input.company_name || input.company_address || input.company_phone || input.company_website || input.company_email)
}

export async function deliver(
  env: Pick<Bindings, 'DOCUMENTS' | 'DOC_SIGNING_SECRET' | 'BASE_URL'>,
  keyId: string,
  j: Jurisdiction,
  doc: { bytes: Uint8Array; filename: string },
  format: BrandingFields['response_format'],
  now: Date
): Promise<{ document_base64: string } | { document_url: string; expires_at: string }> {
  if (format === 'base64') return { document_base64: toBase64(doc.bytes) }
  const secret = env.DOC_SIGNING_SECRET
  if (!secret) throw new Error('DOC_SIGNING_SECRET is not configured')
  const id = crypto.randomUUID()
  await putDocument(env.DOCUMENTS, id, doc.bytes, { filename: doc.filename, keyId, format: j })
  const expires = Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS
  return { document_url: await signDocumentLink(env.BASE_URL, secret, id, expires), expires_at: new Date(expires * 1000).toISOString() }
}
