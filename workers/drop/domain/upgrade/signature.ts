/**
 * Stripe webhook signatures (https://docs.stripe.com/webhooks#verify-manually):
 * header `Stripe-Signature: t=<unix>,v1=<hex>[,v1=<hex>…]`, where each v1 is
 * HMAC-SHA256(secret, `${t}.${rawBody}`). Several v1 values appear while a secret is being
 * rolled; any one matching is enough. The comparison is crypto.subtle.verify, which is
 * constant-time, and the timestamp must be within the tolerance (5 minutes by default).
 */
export const TOLERANCE_SECONDS = 300

export type SignatureCheck = { ok: true } | { ok: false; reason: string }

export function parseSignatureHeader(header: string): { t: number | null; v1: string[] } {
  let t: number | null = null
  const v1: string[] = []
  for (const part of header.split(',')) {
    const [k, v] = part.split('=', 2).map((s) => s?.trim())
    if (k === 't' && /^\d{1,12}$/.test(v ?? '')) t = Number(v)
    if (k === 'v1' && /^[0-9a-f]{64}$/i.test(v ?? '')) v1.push(v.toLowerCase())
  }
  return { t, v1 }
}

async function hmacKey(secret: string, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  return crypto.subtle.importKey('raw', new TextEncoder().encode(secret), { name: 'HMAC', hash: 'SHA-256' }, false, [usage])
}

function hexToBytes(hex: string): Uint8Array {
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

export async function verifyStripeSignature(
  payload: string,
  header: string | undefined,
  secret: string,
  nowSeconds: number,
  tolerance = TOLERANCE_SECONDS
): Promise<SignatureCheck> {
  if (!header) return { ok: false, reason: 'The Stripe-Signature header is missing.' }
  const { t, v1 } = parseSignatureHeader(header)
  if (t === null || v1.length === 0) return { ok: false, reason: 'The Stripe-Signature header has no timestamp or no v1 signature.' }
  if (Math.abs(nowSeconds - t) > tolerance) return { ok: false, reason: 'The signature timestamp is outside the 5-minute tolerance.' }
  const key = await hmacKey(secret, 'verify')
  const data = new TextEncoder().encode(`${t}.${payload}`)
  for (const sig of v1) {
    if (await crypto.subtle.verify('HMAC', key, hexToBytes(sig), data)) return { ok: true }
  }
  return { ok: false, reason: 'No v1 signature matches the payload.' }
}

/** Signs a payload the way Stripe does (used by the local test checkout and by tests). */
export async function signStripePayload(payload: string, secret: string, nowSeconds: number): Promise<string> {
  const mac = await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), new TextEncoder().encode(`${nowSeconds}.${payload}`))
  const hex = [...new Uint8Array(mac)].map((b) => b.toString(16).padStart(2, '0')).join('')
  return `t=${nowSeconds},v1=${hex}`
}
