import { toBase64 } from '../../../shared/crypto'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { LINK_TTL_SECONDS, signDocumentLink } from '../domain/links'
import type { SdsPorts } from '../env'
import { putDocument } from '../store'

export type Delivery = { document_base64: string } | { document_url: string; expires_at: string }

/** A finished document as the caller asked for it: inline as base64, or in R2 behind a signed link. */
export async function deliver(
  ports: Pick<SdsPorts, 'bucket' | 'links'>,
  keyId: string,
  j: Jurisdiction,
  doc: { bytes: Uint8Array; filename: string },
  format: 'url' | 'base64' | undefined,
  now: Date
): Promise<Delivery> {
  if (format === 'base64') return { document_base64: toBase64(doc.bytes) }
  const { secret, baseUrl } = ports.links
  if (!secret) throw new Error('DOC_SIGNING_SECRET is not configured')
  const id = crypto.randomUUID()
  await putDocument(ports.bucket, id, doc.bytes, { filename: doc.filename, keyId, format: j })
  const expires = Math.floor(now.getTime() / 1000) + LINK_TTL_SECONDS
  return { document_url: await signDocumentLink(baseUrl, secret, id, expires), expires_at: new Date(expires * 1000).toISOString() }
}
