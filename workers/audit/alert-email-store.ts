import type { AddressRow } from './domain/monitor/email-confirmation'

/**
 * Alert e-mail addresses and their confirmation (migrations/audit/0004). Every query names the
 * owner key, except the lookup by a confirmation link's id, whose row is then checked against
 * the link's signature (domain/monitor/email-confirmation.ts).
 */

/** SQL true when `owner`'s `address` (both columns of the outer row) is confirmed. */
export const CONFIRMED_ADDRESS = (owner: string, address: string) =>
  `EXISTS (SELECT 1 FROM alert_email_addresses a WHERE a.owner_key_id = ${owner} AND a.address = lower(${address}) AND a.confirmed_at IS NOT NULL)`

export type ConfirmationMail = { id: string; monitorId: string; to: string; subject: string; text: string }

/**
 * Asks `address` to confirm for `owner`, unless it is confirmed or a link sent to it is still
 * valid: one upsert that takes the new link id only then, and the confirmation mail written
 * only if that upsert took it (same batch), so parallel requests send one link. Returns
 * whether a link was issued.
 */
export async function requestConfirmation(
  db: D1Database,
  row: Omit<AddressRow, 'confirmed_at'> & { created_at: string },
  mail: ConfirmationMail,
  now: Date
): Promise<boolean> {
  const [upsert] = await db.batch([
    db
      .prepare(
        `INSERT INTO alert_email_addresses (owner_key_id, address, token_id, expires_at, confirmed_at, created_at)
         VALUES (?1, ?2, ?3, ?4, NULL, ?5)
         ON CONFLICT (owner_key_id, address) DO UPDATE SET token_id = excluded.token_id, expires_at = excluded.expires_at
         WHERE confirmed_at IS NULL AND expires_at <= ?6`
      )
      .bind(row.owner_key_id, row.address, row.token_id, row.expires_at, row.created_at, now.toISOString()),
    db
      .prepare(
        `INSERT INTO alert_mail_outbox (id, owner_key_id, monitor_id, to_address, subject, text, status, created_at, next_attempt_at, kind)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, 'queued', ?7, ?7, 'confirmation'
         WHERE EXISTS (SELECT 1 FROM alert_email_addresses WHERE token_id = ?8)`
      )
      .bind(mail.id, row.owner_key_id, mail.monitorId, mail.to, mail.subject, mail.text, now.toISOString(), row.token_id),
  ])
  return upsert.meta.changes === 1
}

/** The row a confirmation link names (any owner: the link's signature decides). */
export async function addressByToken(db: D1Database, tokenId: string): Promise<AddressRow | null> {
  return db
    .prepare('SELECT owner_key_id, address, token_id, expires_at, confirmed_at FROM alert_email_addresses WHERE token_id = ?')
    .bind(tokenId)
    .first<AddressRow>()
}

/** Marks the address confirmed and drops its unsent confirmation mails (the link is no longer needed). */
export async function confirmAddress(db: D1Database, row: AddressRow, now: Date): Promise<string> {
  const [updated] = await db.batch([
    db
      .prepare(
        `UPDATE alert_email_addresses SET confirmed_at = COALESCE(confirmed_at, ?1)
         WHERE owner_key_id = ?2 AND address = ?3 AND token_id = ?4 RETURNING confirmed_at`
      )
      .bind(now.toISOString(), row.owner_key_id, row.address, row.token_id),
    db
      .prepare(
        `DELETE FROM alert_mail_outbox WHERE kind = 'confirmation' AND owner_key_id = ? AND lower(to_address) = ? AND status = 'queued'`
      )
      .bind(row.owner_key_id, row.address),
  ])
  const results = updated.results as Array<{ confirmed_at: string }>
  return results[0]?.confirmed_at ?? now.toISOString()
}

/** This key's addresses that are confirmed, among `addresses` (canonical). */
export async function confirmedAmong(db: D1Database, owner: string, addresses: string[]): Promise<Set<string>> {
  if (addresses.length === 0) return new Set()
  const { results } = await db
    .prepare(
      `SELECT address FROM alert_email_addresses WHERE owner_key_id = ? AND confirmed_at IS NOT NULL
       AND address IN (SELECT value FROM json_each(?))`
    )
    .bind(owner, JSON.stringify(addresses))
    .all<{ address: string }>()
  return new Set(results.map((r) => r.address))
}
