/**
 * The signing secret of a stored endpoint, and the lazy migration of rows stored before
 * encryption or under a rotated key: whoever reads a row with its keyring seals it again under
 * the current key (issue 34 §5; docs/security.md "Webhook signing secrets").
 */
import { type Keyring, needsSealing, openSecret, sealSecret } from './secret-box'
import { type EndpointRow, replaceSecret } from './store'

/** The plain secret to sign with; the row is re-stored sealed under the current key when it was not. */
export async function signingSecret(db: D1Database, ring: Keyring, row: EndpointRow): Promise<string> {
  const plain = await openSecret(ring, row)
  if (needsSealing(ring, row)) await replaceSecret(db, row, await sealSecret(ring, row, plain))
  return plain
}

/** Seals again the rows among `rows` that need it (an owner's endpoints: at most MAX_ENDPOINTS_PER_KEY). */
export async function sealStale(db: D1Database, ring: Keyring, rows: EndpointRow[]): Promise<void> {
  for (const row of rows) if (needsSealing(ring, row)) await signingSecret(db, ring, row)
}
