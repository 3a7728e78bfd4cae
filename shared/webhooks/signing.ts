/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/, spec v1): the signed
 * content is `<webhook-id>.<webhook-timestamp>.<body>`, HMAC-SHA256 with the secret's bytes
 * (the base64 after `whsec_`), sent as `Webhook-Signature: v1,<base64 signature>`. Receivers
 * can verify with the Standard Webhooks libraries or a few lines of HMAC (docs/webhooks.md).
 */
export const SECRET_PREFIX = 'whsec_'
const SECRET_BYTES = 32

function toBase64(bytes: Uint8Array): string {
  return btoa(String.fromCharCode(...bytes))
}

export function generateSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)))
}

function secretBytes(secret: string): Uint8Array {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('webhook secret without whsec_ prefix')
  return Uint8Array.from(atob(secret.slice(SECRET_PREFIX.length)), (ch) => ch.charCodeAt(0))
}

export async function sign(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  const key = await crypto.subtle.importKey('raw', secretBytes(secret), { name: 'HMAC', hash: 'SHA-256' }, false, ['sign'])
  const mac = await crypto.subtle.sign('HMAC', key, new TextEncoder().encode(`${id}.${timestamp}.${body}`))
  return `v1,${toBase64(new Uint8Array(mac))}`
}

/** The three headers of one attempt; the timestamp is the attempt's, so each retry is signed afresh. */
export async function signedHeaders(secret: string, id: string, timestamp: number, body: string): Promise<Record<string, string>> {
  return {
    'content-type': 'application/json',
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': await sign(secret, id, timestamp, body),
  }
}
