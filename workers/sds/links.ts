/**
 * Signed, expiring document links (DECISIONS.md): `{BASE_URL}/api/v1/documents/<id>.docx?
 * expires=<unix>&sig=<hmac>`, HMAC-SHA256 over `<id>.<expires>` with DOC_SIGNING_SECRET,
 * base64url. Verification uses crypto.subtle.verify, which compares in constant time.
 */
export const LINK_TTL_SECONDS = 7 * 24 * 3600

async function hmacKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign', 'verify'])
}

function b64url(bytes: ArrayBuffer): string {
  return btoa(String.fromCharCode(...new Uint8Array(bytes))).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

function fromB64url(s: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]{43}$/.test(s)) return null
  const bin = atob(s.replace(/-/g, '+').replace(/_/g, '/') + '=')
  return Uint8Array.from(bin, (c) => c.charCodeAt(0))
}

export async function signDocumentLink(baseUrl: string, secret: string, id: string, expires: number): Promise<string> {
  const sig = await crypto.subtle.sign('HMAC', await hmacKey(secret), new TextEncoder().encode(`${id}.${expires}`))
  return `${baseUrl.replace(/\/+$/, '')}/api/v1/documents/${id}.docx?expires=${expires}&sig=${b64url(sig)}`
}

export type LinkCheck = 'valid' | 'invalid' | 'expired'

/** A bad signature is "invalid" whatever the date; a good one past its time is "expired". */
export async function checkDocumentLink(secret: string, id: string, expires: string | undefined, sig: string | undefined, nowSeconds: number): Promise<LinkCheck> {
  if (!expires || !/^\d{1,12}$/.test(expires) || !sig) return 'invalid'
  const raw = fromB64url(sig)
  if (!raw) return 'invalid'
  const ok = await crypto.subtle.verify('HMAC', await hmacKey(secret), raw, new TextEncoder().encode(`${id}.${expires}`))
  if (!ok) return 'invalid'
  return Number(expires) < nowSeconds ? 'expired' : 'valid'
}
