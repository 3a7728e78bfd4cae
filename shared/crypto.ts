/**
 * The byte helpers every signer needs, once: HMAC-SHA256, SHA-256, hex and base64url.
 * Signatures are checked with `crypto.subtle.verify`, which compares in constant time.
 */

const encoder = new TextEncoder()

export function toHex(bytes: ArrayBuffer | Uint8Array): string {
  return Array.from(new Uint8Array(bytes), (b) => b.toString(16).padStart(2, '0')).join('')
}

/** Bytes of an even-length hex string, or null when it is not one. */
export function fromHex(hex: string): Uint8Array | null {
  if (hex.length % 2 !== 0 || !/^[0-9a-fA-F]*$/.test(hex)) return null
  const out = new Uint8Array(hex.length / 2)
  for (let i = 0; i < out.length; i++) out[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16)
  return out
}

export function toBase64(bytes: ArrayBuffer | Uint8Array): string {
  let binary = ''
  for (const b of new Uint8Array(bytes)) binary += String.fromCharCode(b)
  return btoa(binary)
}

/** Bytes of a standard base64 string (padding optional), or null when it is not one. */
export function fromBase64(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(text)) return null
  try {
    return Uint8Array.from(atob(text), (ch) => ch.charCodeAt(0))
  } catch {
    return null
  }
}

export function toBase64Url(bytes: ArrayBuffer | Uint8Array): string {
  return toBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')
}

/**
 * Bytes of an unpadded base64url string, or null when it is not one in its one canonical
 * spelling: the unused low bits of the last character must be zero, so a signature has
 * exactly one accepted text.
 */
export function fromBase64Url(text: string): Uint8Array | null {
  if (!/^[A-Za-z0-9_-]*$/.test(text)) return null
  const bytes = fromBase64(
    text
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(text.length / 4) * 4, '=')
  )
  return bytes && toBase64Url(bytes) === text ? bytes : null
}

export async function sha256Hex(text: string): Promise<string> {
  return toHex(await crypto.subtle.digest('SHA-256', encoder.encode(text)))
}

function hmacKey(secret: string | Uint8Array, usage: 'sign' | 'verify'): Promise<CryptoKey> {
  // A copy backed by a plain ArrayBuffer, which is what WebCrypto's BufferSource type asks for.
  const raw = typeof secret === 'string' ? encoder.encode(secret) : new Uint8Array(secret)
  return crypto.subtle.importKey('raw', raw, { name: 'HMAC', hash: 'SHA-256' }, false, [usage])
}

export async function hmacSha256(secret: string | Uint8Array, message: string): Promise<Uint8Array> {
  return new Uint8Array(await crypto.subtle.sign('HMAC', await hmacKey(secret, 'sign'), encoder.encode(message)))
}

/** Whether `signature` is the HMAC-SHA256 of `message`; constant time in the signature. */
export async function verifyHmacSha256(secret: string | Uint8Array, message: string, signature: Uint8Array): Promise<boolean> {
  return crypto.subtle.verify('HMAC', await hmacKey(secret, 'verify'), new Uint8Array(signature), encoder.encode(message))
}
