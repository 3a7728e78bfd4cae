// The mail outbox (migration 0003): what to send, never a body written by a caller.

export type MailKind = 'result' | 'applicant_copy' | 'fair_chance_notice' | 'adverse_action_notice'
export type MailStatus = 'queued' | 'sending' | 'sent' | 'dead' | 'dropped'

export type MailRow = {
  id: string
  kind: MailKind
  screening_id: string
  to_email: string
  status: MailStatus
  attempts: number
  next_attempt_at: string
  last_error: string | null
  transport: string | null
  created_at: string
  sent_at: string | null
}

/**
 * Counts one more message to `recipient` today (UTC) unless the cap is reached; returns
 * whether it may be sent. One statement, so parallel requests cannot pass the cap.
 */
export async function reserveDailyMail(db: D1Database, recipient: string, now: Date, cap: number): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO mail_daily (recipient, day, count) SELECT ?1, ?2, 1 WHERE ?3 >= 1
       ON CONFLICT (recipient, day) DO UPDATE SET count = count + 1 WHERE count < ?3
       RETURNING count`
    )
    .bind(recipient.toLowerCase(), now.toISOString().slice(0, 10), cap)
    .first<number>('count')
  return row !== null
}

export async function enqueueMail(
  db: D1Database,
  m: { kind: MailKind; screeningId: string; to: string; status: 'queued' | 'dropped'; error: string | null; now: Date }
): Promise<MailRow> {
  const row = await db
    .prepare(
      `INSERT INTO mail_outbox (id, kind, screening_id, to_email, status, attempts, next_attempt_at, last_error, created_at)
       VALUES (?, ?, ?, ?, ?, 0, ?, ?, ?) RETURNING *`
    )
    .bind(crypto.randomUUID(), m.kind, m.screeningId, m.to, m.status, m.now.toISOString(), m.error, m.now.toISOString())
    .first<MailRow>()
  return row!
}

/**
 * Queues the one message of its kind for a screening (migration 0021's unique index), held
 * back until `holdUntil` so no delivery run takes it before the daily cap is counted; null
 * when a live one (anything but dropped) already exists, which `liveMail` then reads back.
 */
export async function enqueueMailOnce(
  db: D1Database,
  m: { kind: MailKind; screeningId: string; to: string; now: Date; holdUntil: Date }
): Promise<MailRow | null> {
  return db
    .prepare(
      `INSERT INTO mail_outbox (id, kind, screening_id, to_email, status, attempts, next_attempt_at, created_at)
       VALUES (?, ?, ?, ?, 'queued', 0, ?, ?)
       ON CONFLICT DO NOTHING RETURNING *`
    )
    .bind(crypto.randomUUID(), m.kind, m.screeningId, m.to, m.holdUntil.toISOString(), m.now.toISOString())
    .first<MailRow>()
}

/** The live (not dropped) message of a kind for a screening, if any. */
export function liveMail(db: D1Database, screeningId: string, kind: MailKind): Promise<MailRow | null> {
  return db
    .prepare("SELECT * FROM mail_outbox WHERE screening_id = ? AND kind = ? AND status <> 'dropped' ORDER BY created_at LIMIT 1")
    .bind(screeningId, kind)
    .first<MailRow>()
}

/** Releases a held message to the next delivery run, or drops it (the cap said no). */
export async function releaseMail(db: D1Database, id: string, now: Date, dropped: string | null): Promise<void> {
  await db
    .prepare(
      "UPDATE mail_outbox SET status = CASE WHEN ?1 IS NULL THEN 'queued' ELSE 'dropped' END, last_error = ?1, next_attempt_at = ?2 WHERE id = ?3 AND status = 'queued'"
    )
    .bind(dropped, now.toISOString(), id)
    .run()
}

/**
 * Claims up to `limit` due messages for one delivery run: queued ones whose time has come,
 * and `sending` ones whose lease ran out (a run that died). The lease is the new
 * next_attempt_at, so two runs never hold the same row.
 */
export async function claimDueMail(db: D1Database, now: Date, leaseUntil: Date, limit: number, onlyId?: string): Promise<MailRow[]> {
  const { results } = await db
    .prepare(
      `UPDATE mail_outbox SET status = 'sending', next_attempt_at = ?1
       WHERE id IN (
         SELECT id FROM mail_outbox
         WHERE status IN ('queued', 'sending') AND next_attempt_at <= ?2 AND (?4 IS NULL OR id = ?4)
         ORDER BY next_attempt_at, id LIMIT ?3)
         AND status IN ('queued', 'sending') AND next_attempt_at <= ?2
       RETURNING *`
    )
    .bind(leaseUntil.toISOString(), now.toISOString(), limit, onlyId ?? null)
    .all<MailRow>()
  return results
}

export async function markMail(
  db: D1Database,
  id: string,
  update: { status: MailStatus; attempts: number; nextAttemptAt: Date; error: string | null; transport: string | null; sentAt: Date | null }
): Promise<void> {
  await db
    .prepare(
      `UPDATE mail_outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?, transport = COALESCE(?, transport), sent_at = ?
       WHERE id = ?`
    )
    .bind(
      update.status,
      update.attempts,
      update.nextAttemptAt.toISOString(),
      update.error,
      update.transport,
      update.sentAt?.toISOString() ?? null,
      id
    )
    .run()
}

export async function mailFor(db: D1Database, screeningId: string): Promise<MailRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM mail_outbox WHERE screening_id = ? ORDER BY created_at, id')
    .bind(screeningId)
    .all<MailRow>()
  return results
}

/** For the operator: messages by status, newest first. */
export async function listMail(db: D1Database, status: MailStatus, limit: number): Promise<MailRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM mail_outbox WHERE status = ? ORDER BY created_at DESC LIMIT ?')
    .bind(status, limit)
    .all<MailRow>()
  return results
}

// ------------------------------------------------------------------------------ scraping
