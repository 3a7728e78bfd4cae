import { fromBase64Url, hmacSha256, toBase64Url, toHex, verifyHmacSha256 } from '../../../shared/crypto'

/**
 * Capability links: the only way to read stored screenings without a partner key. A token is
 * `<capability id>.<signature>`, the signature an HMAC-SHA256 (LINK_SIGNING_SECRET) over the
 * capability's id, kind, subject and expiry as stored. The row makes it revocable and
 * expiring; the signature makes a guessed or altered id worthless. Verification is
 * constant-time (crypto.subtle.verify).
 */
export type CapabilityKind = 'property' | 'screening' | 'applicant'

export type Capability = {
  id: string
  kind: CapabilityKind
  subject_id: string
  recipient: string
  created_at: string
  expires_at: string
  revoked_at: string | null
}

const TOKEN_RE = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/

function message(c: Pick<Capability, 'id' | 'kind' | 'subject_id' | 'expires_at'>): string {
  return `vetscore-link-v1|${c.id}|${c.kind}|${c.subject_id}|${c.expires_at}`
}

export function newCapabilityId(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)))
}

export async function signToken(secret: string, c: Pick<Capability, 'id' | 'kind' | 'subject_id' | 'expires_at'>): Promise<string> {
  return `${c.id}.${toBase64Url(await hmacSha256(secret, message(c)))}`
}

/** The capability id a token claims, or null when it is not shaped like a token. */
export function tokenId(token: string): string | null {
  return TOKEN_RE.exec(token)?.[1] ?? null
}

export async function verifyToken(secret: string, token: string, c: Capability): Promise<boolean> {
  const m = TOKEN_RE.exec(token)
  if (!m || m[1] !== c.id) return false
  const sig = fromBase64Url(m[2])
  return sig !== null && verifyHmacSha256(secret, message(c), sig)
}
