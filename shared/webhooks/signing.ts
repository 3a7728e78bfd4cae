/**
 * Standard Webhooks signatures (https://www.standardwebhooks.com/, spec v1): the signed
 * content is `<webhook-id>.<webhook-timestamp>.<body>`, HMAC-SHA256 with the secret's bytes
 * (the base64 after `whsec_`), sent as `Webhook-Signature: v1,<base64 signature>`. Receivers
 * can verify with the Standard Webhooks libraries or a few lines of HMAC (docs/webhooks.md).
 */
import { fromBase64, hmacSha256, toBase64 } from '../crypto'

export const SECRET_PREFIX = 'whsec_'
const SECRET_BYTES = 32

export function generateSecret(): string {
  return SECRET_PREFIX + toBase64(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)))
}

function secretBytes(secret: string): Uint8Array {
  if (!secret.startsWith(SECRET_PREFIX)) throw new Error('webhook secret without whsec_ prefix')
  const bytes = fromBase64(secret.slice(SECRET_PREFIX.length))
  if (!bytes) throw new Error('webhook secret is not base64 after whsec_')
  return bytes
}

export async function sign(secret: string, id: string, timestamp: number, body: string): Promise<string> {
  return `v1,${toBase64(await hmacSha256(secretBytes(secret), `${id}.${timestamp}.${body}`))}`
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
