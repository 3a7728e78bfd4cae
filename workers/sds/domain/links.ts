/**
 * Signed, expiring document links (DECISIONS.md): `{BASE_URL}/api/v1/documents/<id>.docx?
 * expires=<unix>&sig=<hmac>`, HMAC-SHA256 over `<id>.<expires>` with DOC_SIGNING_SECRET,
 * base64url. Verification uses crypto.subtle.verify, which compares in constant time.
 */
import { fromBase64Url, hmacSha256, toBase64Url, verifyHmacSha256 } from '../../../shared/crypto'

export const LINK_TTL_SECONDS = 7 * 24 * 3600
// An HMAC-SHA256 in unpadded base64url.
const SIG_LENGTH = 43

export async function signDocumentLink(baseUrl: string, secret: string, id: string, expires: number): Promise<string> {
  const sig = await hmacSha256(secret, `${id}.${expires}`)
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/documents/${id}.docx?expires=${expires}&sig=${toBase64Url(sig)}`
}

export type LinkCheck = 'valid' | 'invalid' | 'expired'

/** A bad signature is "invalid" whatever the date; a good one past its time is "expired". */
export async function checkDocumentLink(
  secret: string,
  id: string,
  expires: string | undefined,
  sig: string | undefined,
  nowSeconds: number
): Promise<LinkCheck> {
  if (!expires || !/^\d{1,12}$/.test(expires) || !sig) return 'invalid'
  const raw = sig.length === SIG_LENGTH ? fromBase64Url(sig) : null
  if (!raw || !(await verifyHmacSha256(secret, `${id}.${expires}`, raw))) return 'invalid'
  return Number(expires) < nowSeconds ? 'expired' : 'valid'
}
