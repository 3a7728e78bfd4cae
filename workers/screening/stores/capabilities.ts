import type { Capability, CapabilityKind } from '../domain/links'

// Capability links (migration 0003): the signed links e-mailed to landlords and applicants.

export async function createCapability(
  db: D1Database,
  c: { id: string; kind: CapabilityKind; subjectId: string; recipient: string; now: Date; expiresAt: Date }
): Promise<Capability> {
  const row: Capability = {
    id: c.id,
    kind: c.kind,
    subject_id: c.subjectId,
    recipient: c.recipient.toLowerCase(),
    created_at: c.now.toISOString(),
    expires_at: c.expiresAt.toISOString(),
    revoked_at: null,
  }
  await db
    .prepare('INSERT INTO capabilities (id, kind, subject_id, recipient, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(row.id, row.kind, row.subject_id, row.recipient, row.created_at, row.expires_at)
    .run()
  return row
}

export function getCapability(db: D1Database, id: string): Promise<Capability | null> {
  return db.prepare('SELECT * FROM capabilities WHERE id = ?').bind(id).first<Capability>()
}

export async function revokeCapability(db: D1Database, id: string, now: Date): Promise<void> {
  await db.prepare('UPDATE capabilities SET revoked_at = COALESCE(revoked_at, ?) WHERE id = ?').bind(now.toISOString(), id).run()
}

// -------------------------------------------------------------------------------- outbox
