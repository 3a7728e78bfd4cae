/**
 * Webhook signing secrets at rest (issue 34 §5): AES-256-GCM through WebCrypto with a key the
 * worker gets as a secret binding (`WEBHOOK_SECRET_KEY`, 32 random bytes in base64), a fresh
 * random 96-bit IV per value (NIST SP 800-38D §8.2.2), and the endpoint's owner and id as
 * additional authenticated data, so a ciphertext copied onto another row does not open.
 * Beside each value its key id is stored (`secret_key_id`): the key can rotate by moving the
 * old one to `WEBHOOK_SECRET_KEY_PREVIOUS` (comma-separated), rows still under it opening and
 * being sealed again under the new one when next read. A row whose key id is NULL is from
 * before encryption (plain `whsec_…`): it still signs, and is sealed on first read.
 */
import { fromBase64, toBase64, toHex } from '../crypto'

/** The bindings a worker gives the box. */
export type SecretKeyBindings = { WEBHOOK_SECRET_KEY?: string; WEBHOOK_SECRET_KEY_PREVIOUS?: string }

/** A configuration fault, not a request's: no key, a malformed one, or a row under a key no longer configured. */
export class WebhookKeyError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'WebhookKeyError'
  }
}

type Key = { id: string; key: CryptoKey }
export type Keyring = { current: Key; byId: ReadonlyMap<string, Key> }

/** A secret as stored: the ciphertext (`<iv>.<ciphertext and tag>`, base64) and the id of its key. */
export type SealedSecret = { secret: string; secret_key_id: string }

/** What the box reads of a stored endpoint. */
export type StoredSecret = { id: string; owner_key_id: string; secret: string; secret_key_id: string | null }

const KEY_BYTES = 32
const IV_BYTES = 12
const encoder = new TextEncoder()
const decoder = new TextDecoder()

async function importKey(text: string, name: string): Promise<Key> {
  const decoded = fromBase64(text.trim())
  if (!decoded || decoded.length !== KEY_BYTES)
    throw new WebhookKeyError(`${name} must be ${KEY_BYTES} random bytes in base64 (openssl rand -base64 ${KEY_BYTES}).`)
  // A copy backed by a plain ArrayBuffer, which is what WebCrypto's BufferSource type asks for.
  const raw = new Uint8Array(decoded)
  // The id names the key without revealing it: the first 8 bytes of its SHA-256.
  const id = toHex(await crypto.subtle.digest('SHA-256', raw)).slice(0, 16)
  const key = await crypto.subtle.importKey('raw', raw, 'AES-GCM', false, ['encrypt', 'decrypt'])
  return { id, key }
}

// Importing is the costly part; the bindings do not change within an isolate's life.
const rings = new Map<string, Keyring>()

/** The keyring of a worker's bindings; throws WebhookKeyError when the current key is missing or malformed. */
export async function keyringOf(env: SecretKeyBindings): Promise<Keyring> {
  const current = env.WEBHOOK_SECRET_KEY
  if (!current) throw new WebhookKeyError('WEBHOOK_SECRET_KEY is not set: webhook signing secrets cannot be stored or read.')
  const previous = env.WEBHOOK_SECRET_KEY_PREVIOUS ?? ''
  const cacheKey = `${current}|${previous}`
  let ring = rings.get(cacheKey)
  if (!ring) {
    const keys = [await importKey(current, 'WEBHOOK_SECRET_KEY')]
    for (const text of previous.split(',').filter((t) => t.trim())) keys.push(await importKey(text, 'WEBHOOK_SECRET_KEY_PREVIOUS'))
    ring = { current: keys[0], byId: new Map(keys.map((k) => [k.id, k])) }
    rings.set(cacheKey, ring)
  }
  return ring
}

const aad = (row: Pick<StoredSecret, 'id' | 'owner_key_id'>) => encoder.encode(`webhook-secret|${row.owner_key_id}|${row.id}`)

/** `secret` sealed under the current key for the endpoint `row`. */
export async function sealSecret(ring: Keyring, row: Pick<StoredSecret, 'id' | 'owner_key_id'>, secret: string): Promise<SealedSecret> {
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const data = await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: aad(row) }, ring.current.key, encoder.encode(secret))
  return { secret: `${toBase64(iv)}.${toBase64(data)}`, secret_key_id: ring.current.id }
}

/** The plain secret of a stored endpoint, whichever format it was stored in. */
export async function openSecret(ring: Keyring, row: StoredSecret): Promise<string> {
  if (row.secret_key_id === null) return row.secret
  const key = ring.byId.get(row.secret_key_id)
  if (!key)
    throw new WebhookKeyError(
      `Webhook endpoint ${row.id} is sealed with key ${row.secret_key_id}, which is neither WEBHOOK_SECRET_KEY nor in WEBHOOK_SECRET_KEY_PREVIOUS.`
    )
  const [ivText, dataText] = row.secret.split('.')
  const iv = fromBase64(ivText ?? '')
  const data = fromBase64(dataText ?? '')
  if (!iv || iv.length !== IV_BYTES || !data) throw new WebhookKeyError(`Webhook endpoint ${row.id}: the stored secret is not sealed text.`)
  try {
    const params = { name: 'AES-GCM', iv: new Uint8Array(iv), additionalData: aad(row) }
    return decoder.decode(await crypto.subtle.decrypt(params, key.key, new Uint8Array(data)))
  } catch {
    throw new WebhookKeyError(`Webhook endpoint ${row.id}: the stored secret does not open with key ${key.id}.`)
  }
}

/** Whether a stored secret should be sealed again: plain text from before encryption, or under an older key. */
export function needsSealing(ring: Keyring, row: Pick<StoredSecret, 'secret_key_id'>): boolean {
  return row.secret_key_id !== ring.current.id
}
