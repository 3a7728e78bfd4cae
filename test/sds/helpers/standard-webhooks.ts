/**
 * An independent Standard Webhooks verifier, written from the specification
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md,
 * "Verifying webhook authenticity"), not from our signing code: the secret's bytes are the
 * base64 after `whsec_`; the signed content is `${id}.${timestamp}.${body}`; the header holds
 * space-separated `v1,<base64>` signatures; timestamps more than 5 minutes from now are
 * rejected (replay protection).
 */
export const TOLERANCE_SECONDS = 5 * 60

export type Verdict = 'valid' | 'bad-signature' | 'stale-timestamp' | 'missing-headers'

function bytesFromBase64(b64: string): Uint8Array {
  const bin = atob(b64)
  const out = new Uint8Array(bin.length)
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i)
  return out
}

export async function verifyStandardWebhook(
  secret: string,
  headers: Record<string, string>,
  body: string,
  nowSeconds: number
): Promise<Verdict> {
  const id = headers['webhook-id']
  const ts = headers['webhook-timestamp']
  const sigs = headers['webhook-signature']
  if (!id || !ts || !sigs) return 'missing-headers'
  if (Math.abs(nowSeconds - Number(ts)) > TOLERANCE_SECONDS) return 'stale-timestamp'
  const key = await crypto.subtle.importKey(
    'raw',
    bytesFromBase64(secret.replace(/^whsec_/, '')),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['verify']
  )
  const content = new TextEncoder().encode(`${id}.${ts}.${body}`)
  for (const part of sigs.split(' ')) {
    const [version, sig] = part.split(',')
    if (version !== 'v1' || !sig) continue
    // crypto.subtle.verify compares in constant time.
    if (await crypto.subtle.verify('HMAC', key, bytesFromBase64(sig), content)) return 'valid'
  }
  return 'bad-signature'
}

/**
 * Polls until the probe returns a value. Probes that call our API should pass an interval of
 * a second or more: the API's per-key limit (60 a minute for sds) counts polls like any request.
 */
export async function waitFor<T>(
  probe: () => Promise<T | null | undefined | false>,
  timeoutMs: number,
  what: string,
  intervalMs = 200
): Promise<T> {
  const deadline = Date.now() + timeoutMs
  for (;;) {
    const value = await probe()
    if (value) return value
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, intervalMs))
  }
}
