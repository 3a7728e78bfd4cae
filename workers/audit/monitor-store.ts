import type { AlertState, Snapshot } from './domain/monitor/alerts'
import type { AlertCondition } from './domain/monitor/events'
import { CONFIRMED_ADDRESS } from './alert-email-store'
import { HISTORY_RETENTION_DAYS, MAX_MONITORS_PER_KEY, type Interval } from './domain/monitor/schedule'

/**
 * Monitoring storage (tables: migrations/audit/0002_monitoring.sql), the monitoring half of the
 * worker's store. Every owner-facing query names the owner; the cron's queries work by id on
 * rows it just read.
 */
export type MonitorRow = {
  id: string
  owner_key_id: string
  domain: string
  interval: Interval
  alert_email: string | null
  alert_on: string
  cert_expiry_days: number
  created_at: string
  next_run_at: number
  last_run_at: string | null
  state: string | null
  /** Absent on a row just built for insertion (routes/monitors.ts), null once the row is read back. */
  queued_slot?: number | null
  last_run_id?: string | null
}

export type RunRow = {
  checked_at: string
  status: 'ok' | 'failed' | 'error'
  score: number | null
  grade: string | null
  ssl_grade: string | null
  cert_expires_at: string | null
  cert_days_remaining: number | null
  headers: string | null
  error: string | null
}

export type NewMonitor = Omit<MonitorRow, 'last_run_at' | 'state' | 'queued_slot' | 'last_run_id'>

/** 'created', 'limit' (the key has MAX_MONITORS_PER_KEY) or 'exists' (the key already watches the domain). One statement: exact under parallel creates. */
export async function insertMonitor(db: D1Database, row: NewMonitor): Promise<'created' | 'limit' | 'exists'> {
  const res = await db
    .prepare(
      `INSERT OR IGNORE INTO monitors (id, owner_key_id, domain, interval, alert_email, alert_on, cert_expiry_days, created_at, next_run_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9
       WHERE (SELECT COUNT(*) FROM monitors WHERE owner_key_id = ?2) < ?10`
    )
    .bind(
      row.id,
      row.owner_key_id,
      row.domain,
      row.interval,
      row.alert_email,
      row.alert_on,
      row.cert_expiry_days,
      row.created_at,
      row.next_run_at,
      MAX_MONITORS_PER_KEY
    )
    .run()
  if (res.meta.changes === 1) return 'created'
  const existing = await db
    .prepare('SELECT 1 FROM monitors WHERE owner_key_id = ? AND domain = ?')
    .bind(row.owner_key_id, row.domain)
    .first()
  return existing ? 'exists' : 'limit'
}

export async function listMonitors(db: D1Database, owner: string): Promise<MonitorRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM monitors WHERE owner_key_id = ? ORDER BY created_at, id')
    .bind(owner)
    .all<MonitorRow>()
  return results
}

export async function getMonitor(db: D1Database, owner: string, id: string): Promise<MonitorRow | null> {
  return db.prepare('SELECT * FROM monitors WHERE id = ? AND owner_key_id = ?').bind(id, owner).first<MonitorRow>()
}

export async function updateMonitor(
  db: D1Database,
  owner: string,
  id: string,
  fields: Pick<MonitorRow, 'interval' | 'alert_email' | 'alert_on' | 'cert_expiry_days' | 'next_run_at'>
): Promise<boolean> {
  const res = await db
    .prepare(
      'UPDATE monitors SET interval = ?, alert_email = ?, alert_on = ?, cert_expiry_days = ?, next_run_at = ? WHERE id = ? AND owner_key_id = ?'
    )
    .bind(fields.interval, fields.alert_email, fields.alert_on, fields.cert_expiry_days, fields.next_run_at, id, owner)
    .run()
  return res.meta.changes === 1
}

/**
 * Deletes the monitor with its history and unsent e-mails (a run in flight then stores
 * nothing), and the domain's public grades when no other monitor watches the domain, so its
 * history page and badge stop showing them.
 */
export async function deleteMonitor(db: D1Database, owner: string, id: string): Promise<boolean> {
  const [, del] = await db.batch([
    db
      .prepare(
        `DELETE FROM domain_grades WHERE domain = (SELECT domain FROM monitors WHERE id = ?1 AND owner_key_id = ?2)
         AND NOT EXISTS (SELECT 1 FROM monitors m WHERE m.domain = domain_grades.domain AND m.id != ?1)`
      )
      .bind(id, owner),
    db.prepare('DELETE FROM monitors WHERE id = ? AND owner_key_id = ?').bind(id, owner),
    db.prepare('DELETE FROM monitor_runs WHERE monitor_id = ? AND owner_key_id = ?').bind(id, owner),
    db.prepare("DELETE FROM alert_mail_outbox WHERE monitor_id = ? AND owner_key_id = ? AND status = 'queued'").bind(id, owner),
  ])
  return del.meta.changes === 1
}

export async function listRuns(db: D1Database, owner: string, id: string, from: string, to: string, limit: number): Promise<RunRow[]> {
  const { results } = await db
    .prepare(
      `SELECT checked_at, status, score, grade, ssl_grade, cert_expires_at, cert_days_remaining, headers, error FROM monitor_runs
       WHERE monitor_id = ? AND owner_key_id = ? AND checked_at >= ? AND checked_at <= ? ORDER BY checked_at, id LIMIT ?`
    )
    .bind(id, owner, from, to, limit)
    .all<RunRow>()
  return results
}

const ACTIVE_OWNER = "JOIN api_keys k ON k.id = m.owner_key_id AND k.revoked_at IS NULL AND k.plan = 'pro'"

/**
 * The oldest monitors of active Pro keys due by `until`, at most `limit`. A revoked key's
 * monitors stop running (and do not take places in the batch); they run again if the key is
 * restored.
 */
export async function dueMonitors(db: D1Database, until: number, limit: number): Promise<MonitorRow[]> {
  const { results } = await db
    .prepare(`SELECT m.* FROM monitors m ${ACTIVE_OWNER} WHERE m.next_run_at <= ? ORDER BY m.next_run_at, m.id LIMIT ?`)
    .bind(until, limit)
    .all<MonitorRow>()
  return results
}

/**
 * Moves each due monitor to its next slot and records the slot its run ticket is for, in one
 * transaction of conditional UPDATEs: a monitor another cron invocation already moved is not
 * taken again. Returns the monitors this call took.
 */
export async function claimSlots(db: D1Database, claims: Array<{ row: MonitorRow; next: number }>): Promise<MonitorRow[]> {
  if (claims.length === 0) return []
  const results = await db.batch(
    claims.map(({ row, next }) =>
      db
        .prepare('UPDATE monitors SET next_run_at = ?, queued_slot = ? WHERE id = ? AND next_run_at = ?')
        .bind(next, row.next_run_at, row.id, row.next_run_at)
    )
  )
  return claims.filter((_, i) => results[i].meta.changes === 1).map(({ row }) => row)
}

/** The monitor a run ticket is for, while the ticket is still valid (not run, not deleted, key active). */
export async function ticketMonitor(db: D1Database, id: string, slot: number): Promise<MonitorRow | null> {
  return db.prepare(`SELECT m.* FROM monitors m ${ACTIVE_OWNER} WHERE m.id = ? AND m.queued_slot = ?`).bind(id, slot).first<MonitorRow>()
}

export type OutboxMail = { id: string; to: string; subject: string; text: string }

/**
 * Stores one run: the history row, the monitor's new alert state, the domain's public grade
 * and queued alert e-mails, only when this run redeems the monitor's ticket for `monitor.queued_slot`
 * (deleted during the run, or the same ticket delivered twice and recorded by the other
 * delivery: nothing is kept). Returns false in that case, so no alert goes out either.
 */
export async function recordRun(
  db: D1Database,
  monitor: MonitorRow,
  runId: string,
  run: Snapshot,
  state: AlertState | null,
  mails: OutboxMail[]
): Promise<boolean> {
  const ok = run.status === 'ok' ? run : null
  const retention = new Date(Date.parse(run.checked_at) - HISTORY_RETENTION_DAYS * 86_400_000).toISOString()
  // Every write after the first holds only if the first redeemed the ticket for this run.
  const exists = 'EXISTS (SELECT 1 FROM monitors WHERE id = ? AND last_run_id = ?)'
  const statements = [
    db
      .prepare(
        'UPDATE monitors SET state = ?, last_run_at = ?, queued_slot = NULL, last_run_id = ? WHERE id = ? AND owner_key_id = ? AND queued_slot = ?'
      )
      .bind(state ? JSON.stringify(state) : null, run.checked_at, runId, monitor.id, monitor.owner_key_id, monitor.queued_slot ?? null),
    db
      .prepare(
        `INSERT INTO monitor_runs (monitor_id, owner_key_id, checked_at, status, score, grade, ssl_grade, cert_expires_at, cert_days_remaining, headers, error)
         SELECT ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ? WHERE ${exists}`
      )
      .bind(
        monitor.id,
        monitor.owner_key_id,
        run.checked_at,
        run.status,
        ok?.score ?? null,
        ok?.grade ?? null,
        ok?.ssl_grade ?? null,
        ok?.cert_expires_at ?? null,
        ok?.cert_days_remaining ?? null,
        ok ? JSON.stringify(ok.headers) : null,
        run.status === 'ok' ? null : run.error,
        monitor.id,
        runId
      ),
    db.prepare('DELETE FROM monitor_runs WHERE monitor_id = ? AND checked_at < ?').bind(monitor.id, retention),
    ...mails.map((m) =>
      db
        .prepare(
          `INSERT INTO alert_mail_outbox (id, owner_key_id, monitor_id, to_address, subject, text, status, created_at, next_attempt_at)
           SELECT ?1, ?2, ?3, ?4, ?5, ?6, 'queued', ?7, ?7 WHERE EXISTS (SELECT 1 FROM monitors WHERE id = ?8 AND last_run_id = ?9)
           AND ${CONFIRMED_ADDRESS('?2', '?4')}`
        )
        .bind(m.id, monitor.owner_key_id, monitor.id, m.to, m.subject, m.text, run.checked_at, monitor.id, runId)
    ),
  ]
  if (ok) {
    statements.push(
      db
        .prepare(`INSERT OR IGNORE INTO domain_grades (domain, checked_at, score, grade, ssl_grade) SELECT ?, ?, ?, ?, ? WHERE ${exists}`)
        .bind(monitor.domain, ok.checked_at, ok.score, ok.grade, ok.ssl_grade, monitor.id, runId),
      db.prepare('DELETE FROM domain_grades WHERE domain = ? AND checked_at < ?').bind(monitor.domain, retention)
    )
  }
  const [updated] = await db.batch(statements)
  return updated.meta.changes === 1
}

export type GradePoint = { checked_at: string; score: number; grade: string; ssl_grade: string | null }

/** The latest `limit` grades of a domain since `since`, oldest first. */
export async function domainGrades(db: D1Database, domain: string, since: string, limit: number): Promise<GradePoint[]> {
  const { results } = await db
    .prepare(
      'SELECT checked_at, score, grade, ssl_grade FROM domain_grades WHERE domain = ? AND checked_at >= ? ORDER BY checked_at DESC LIMIT ?'
    )
    .bind(domain, since, limit)
    .all<GradePoint>()
  return results.reverse()
}

export async function latestGrade(db: D1Database, domain: string): Promise<GradePoint | null> {
  return db
    .prepare('SELECT checked_at, score, grade, ssl_grade FROM domain_grades WHERE domain = ? ORDER BY checked_at DESC LIMIT 1')
    .bind(domain)
    .first<GradePoint>()
}

export type OutboxEntry = Pick<MailRow, 'to_address' | 'subject' | 'text' | 'status' | 'attempts' | 'next_attempt_at' | 'last_error'> & {
  transport: string | null
  sent_at: string | null
}

/** A monitor's alert e-mails (not the confirmation links) and what became of each, oldest first. */
export async function outbox(db: D1Database, owner: string, monitorId: string): Promise<OutboxEntry[]> {
  const { results } = await db
    .prepare(
      `SELECT to_address, subject, text, status, attempts, next_attempt_at, last_error, transport, sent_at FROM alert_mail_outbox
       WHERE owner_key_id = ? AND monitor_id = ? AND kind = 'alert' ORDER BY created_at, id`
    )
    .bind(owner, monitorId)
    .all<OutboxEntry>()
  return results
}

export const parseOn = (row: MonitorRow) => JSON.parse(row.alert_on) as AlertCondition[]
export const parseState = (row: MonitorRow) => (row.state ? (JSON.parse(row.state) as AlertState) : null)

export type MailRow = {
  id: string
  owner_key_id: string
  monitor_id: string
  to_address: string
  subject: string
  text: string
  status: 'queued' | 'sending' | 'sent' | 'dead'
  attempts: number
  next_attempt_at: string
  last_error: string | null
}

/**
 * Takes up to `limit` due alert e-mails for one delivery run: each is leased (status
 * 'sending' until `leaseUntil`) by the one statement that returns it, so overlapping cron
 * invocations never hand the same message to the transport twice; a run that dies mid-way
 * leaves its lease to expire and the message is taken again. An alert is taken only while its
 * address is confirmed by the key (confirmation links themselves always are).
 */
export async function claimDueMail(db: D1Database, now: Date, leaseUntil: Date, limit: number): Promise<MailRow[]> {
  const { results } = await db
    .prepare(
      `UPDATE alert_mail_outbox SET status = 'sending', next_attempt_at = ?1
       WHERE id IN (
         SELECT id FROM alert_mail_outbox WHERE status IN ('queued', 'sending') AND next_attempt_at <= ?2
         AND (kind = 'confirmation' OR ${CONFIRMED_ADDRESS('alert_mail_outbox.owner_key_id', 'alert_mail_outbox.to_address')})
         ORDER BY next_attempt_at, id LIMIT ?3)
         AND status IN ('queued', 'sending') AND next_attempt_at <= ?2
       RETURNING id, owner_key_id, monitor_id, to_address, subject, text, status, attempts, next_attempt_at, last_error`
    )
    .bind(leaseUntil.toISOString(), now.toISOString(), limit)
    .all<MailRow>()
  return results
}

export async function markMail(
  db: D1Database,
  id: string,
  update: {
    status: 'queued' | 'sent' | 'dead'
    attempts: number
    nextAttemptAt: Date
    error: string | null
    transport: string
    sentAt: Date | null
  }
): Promise<void> {
  await db
    .prepare(
      'UPDATE alert_mail_outbox SET status = ?, attempts = ?, next_attempt_at = ?, last_error = ?, transport = ?, sent_at = ? WHERE id = ?'
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

/** Writes on waiting messages why they are not sent (no transport), at most `limit` per call. */
export async function noteUnsentMail(db: D1Database, reason: string, limit: number): Promise<number> {
  const res = await db
    .prepare(
      `UPDATE alert_mail_outbox SET last_error = ?1 WHERE id IN (
         SELECT id FROM alert_mail_outbox WHERE status = 'queued' AND (last_error IS NULL OR last_error != ?1) LIMIT ?2)`
    )
    .bind(reason, limit)
    .run()
  return res.meta.changes
}
