// The screening audit trail: who did what, when (never a person's e-mail).

export type AuditEntry = { action: string; actor: string; at: string }

export async function audit(db: D1Database, screeningIds: string[], action: string, actor: string, now: Date): Promise<void> {
  if (screeningIds.length === 0) return
  await db
    .prepare(
      `INSERT INTO audit_log (id, screening_id, action, actor, at)
       SELECT lower(hex(randomblob(16))), value, ?1, ?2, ?3 FROM json_each(?4)`
    )
    .bind(action, actor, now.toISOString(), JSON.stringify(screeningIds))
    .run()
}

export async function auditTrail(db: D1Database, screeningId: string): Promise<AuditEntry[]> {
  const { results } = await db
    .prepare('SELECT action, actor, at FROM audit_log WHERE screening_id = ? ORDER BY at, rowid')
    .bind(screeningId)
    .all<AuditEntry>()
  return results
}

// -------------------------------------------------------------------------- capabilities
