import { fromBase64Url, hmacSha256, toBase64Url, toHex, verifyHmacSha256 } from '../../../../shared/crypto'
import { DomainError } from '../../../../shared/errors'

/**
 * Confirmation links of alert e-mail addresses. A token is `<id>.<signature>`: the id names the
 * row (owner key, address, expiry), the signature is an HMAC-SHA256 (ALERT_EMAIL_SECRET) over
 * the id, owner, address and expiry as stored, checked in constant time (crypto.subtle.verify).
 * The row makes a link single-address and expiring; the signature makes an id read from the
 * database, guessed or altered worthless without the secret.
 */
export const CONFIRMATION_TTL_HOURS = 48

export type AddressRow = {
  owner_key_id: string
  address: string
  token_id: string
  expires_at: string
  confirmed_at: string | null
}

const TOKEN_RE = /^([0-9a-f]{32})\.([A-Za-z0-9_-]{43})$/

const message = (r: Pick<AddressRow, 'token_id' | 'owner_key_id' | 'address' | 'expires_at'>) =>
  `audit-alert-email-v1|${r.token_id}|${r.owner_key_id}|${r.address}|${r.expires_at}`

/**
 * Addresses are compared without ASCII case: one row per mailbox as people type it. ASCII only,
 * like SQLite's lower(), which the outbox queries compare with (a non-ASCII capital stays as
 * typed on both sides).
 */
export function canonicalAddress(address: string): string {
  return address.trim().replace(/[A-Z]/g, (ch) => ch.toLowerCase())
}

export function newTokenId(): string {
  return toHex(crypto.getRandomValues(new Uint8Array(16)))
}

export function linkExpiry(now: Date): string {
  return new Date(now.getTime() + CONFIRMATION_TTL_HOURS * 3_600_000).toISOString()
}

export async function signToken(secret: string, r: Pick<AddressRow, 'token_id' | 'owner_key_id' | 'address' | 'expires_at'>) {
  return `${r.token_id}.${toBase64Url(await hmacSha256(secret, message(r)))}`
}

/** The row id a token names, or null when it is not shaped like a token. */
export function tokenId(token: string): string | null {
  return TOKEN_RE.exec(token)?.[1] ?? null
}

export const invalidToken = () =>
  new DomainError('INVALID_TOKEN', 'This confirmation link is not valid. Open the newest link we sent, or set the address again.')

/**
 * Throws INVALID_TOKEN (malformed, unknown, altered, or superseded by a newer link) or
 * TOKEN_EXPIRED; returns the row it confirms otherwise.
 */
export async function verifyToken(secret: string, token: string, row: AddressRow | null, now: Date): Promise<AddressRow> {
  const m = TOKEN_RE.exec(token)
  const signature = m ? fromBase64Url(m[2]) : null
  if (!m || !row || row.token_id !== m[1] || !signature || !(await verifyHmacSha256(secret, message(row), signature))) {
    throw invalidToken()
  }
  if (!row.confirmed_at && Date.parse(row.expires_at) <= now.getTime()) {
    throw new DomainError(
      'TOKEN_EXPIRED',
      `This confirmation link expired (links last ${CONFIRMATION_TTL_HOURS} hours). Set the address on the monitor again to get a new one.`
    )
  }
  return row
}

/** The confirmation e-mail: a fixed template whose only variable parts are the address and our own link. */
export function confirmationMail(to: string, link: string, expiresAt: string) {
  return {
    to,
    subject: 'HTTPS audit: confirm this address for monitor alerts',
    text: [
      'A Pro key of the HTTPS audit asked to send monitor alerts to this address.',
      'No alert is sent to it until you confirm:',
      '',
      link,
      '',
      `The link works until ${expiresAt}. If you did not expect this, ignore this message: nothing more will be sent.`,
    ].join('\n'),
  }
}
