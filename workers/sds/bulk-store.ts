/**
 * Storage of bulk jobs (D1 `sds_bulk_jobs`, `sds_bulk_items`: migration 0005) and their quota
 * reservation in `sds_usage` / `api_keys.credits` (0002-0003). Jobs are read only with the
 * owning key's id.
 */
import type { QuotaRule } from './domain/quota/plans'

type ActiveRule = Extract<QuotaRule, { active: true }>

export type JobRow = {
  id: string
  key_id: string
  status: 'queued' | 'completed'
  branding: string
  tier: string
  period: string
  total: number
  succeeded: number
  failed: number
  units_reserved: number
  created_at: string
  completed_at: string | null
}

export type ItemRow = {
  job_id: string
  idx: number
  chemical_identifier: string
  format: 'us' | 'eu'
  concentration: number | null
  physical_form: 'gas' | 'liquid' | 'solid' | 'powder' | 'aqueous_solution' | null
  status: 'pending' | 'running' | 'done' | 'failed'
  claimed_at: string | null
  document_id: string | null
  filename: string | null
  expires: number | null
  error_code: string | null
  error_message: string | null
  completed_at: string | null
}

/**
 * Reserves `n` units at once, or none. Each path is one conditional statement, which D1 runs
 * serially, so parallel jobs (and single requests) can never overshoot the quota together.
 */
export async function reserveUnits(db: D1Database, keyId: string, rule: ActiveRule, n: number, now: Date): Promise<boolean> {
  const at = now.toISOString()
  if (rule.tier === 'standard') {
    const credit = await db
      .prepare('UPDATE api_keys SET credits = credits - ?2 WHERE id = ?1 AND credits >= ?2 RETURNING credits')
      .bind(keyId, n)
      .first()
    if (!credit) return false
    await addUsage(db, keyId, rule.period, n, at, null)
    return true
  }
  return addUsage(db, keyId, rule.period, n, at, rule.limit)
}

async function addUsage(db: D1Database, keyId: string, period: string, n: number, at: string, limit: number | null): Promise<boolean> {
  const row = await db
    .prepare(
      `INSERT INTO sds_usage (key_id, period, used, updated_at) SELECT ?1, ?2, ?3, ?4 WHERE ?5 IS NULL OR ?3 <= ?5
       ON CONFLICT (key_id, period) DO UPDATE SET used = used + ?3, updated_at = ?4
       WHERE ?5 IS NULL OR sds_usage.used + ?3 <= ?5
       RETURNING used`
    )
    .bind(keyId, period, n, at, limit)
    .first()
  return row !== null
}

/** Gives back `n` reserved units (failed items, or a job that could not be stored). */
export async function releaseUnits(db: D1Database, keyId: string, tier: string, period: string, n: number): Promise<void> {
  const statements = [db.prepare('UPDATE sds_usage SET used = MAX(0, used - ?3) WHERE key_id = ?1 AND period = ?2').bind(keyId, period, n)]
  if (tier === 'standard') statements.push(db.prepare('UPDATE api_keys SET credits = credits + ? WHERE id = ?').bind(n, keyId))
  await db.batch(statements)
}

// D1 binds at most 100 parameters per statement: 6 per item row.
const ROWS_PER_INSERT = 16

export type NewItem = Pick<ItemRow, 'chemical_identifier' | 'format'> & {
  concentration?: number
  physical_form?: NonNullable<ItemRow['physical_form']>
}

export async function insertJob(
  db: D1Database,
  job: Omit<JobRow, 'succeeded' | 'failed' | 'completed_at'>,
  items: NewItem[]
): Promise<void> {
  const statements = [
    db
      .prepare(
        `INSERT INTO sds_bulk_jobs (id, key_id, status, branding, tier, period, total, units_reserved, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`
      )
      .bind(job.id, job.key_id, job.status, job.branding, job.tier, job.period, job.total, job.units_reserved, job.created_at),
  ]
  for (let start = 0; start < items.length; start += ROWS_PER_INSERT) {
    const chunk = items.slice(start, start + ROWS_PER_INSERT)
    const values = chunk.map(() => '(?, ?, ?, ?, ?, ?)').join(', ')
    const params = chunk.flatMap((item, i) => [
      job.id,
      start + i,
      item.chemical_identifier,
      item.format,
      item.concentration ?? null,
      item.physical_form ?? null,
    ])
    statements.push(
      db
        .prepare(`INSERT INTO sds_bulk_items (job_id, idx, chemical_identifier, format, concentration, physical_form) VALUES ${values}`)
        .bind(...params)
    )
  }
  await db.batch(statements)
}

export async function getJob(db: D1Database, keyId: string, jobId: string): Promise<JobRow | null> {
  return db.prepare('SELECT * FROM sds_bulk_jobs WHERE id = ? AND key_id = ?').bind(jobId, keyId).first<JobRow>()
}

export async function jobItems(db: D1Database, jobId: string): Promise<ItemRow[]> {
  const { results } = await db.prepare('SELECT * FROM sds_bulk_items WHERE job_id = ? ORDER BY idx').bind(jobId).all<ItemRow>()
  return results
}

/** For the queue consumer, which only has the job id of its message. */
export async function jobForWork(db: D1Database, jobId: string): Promise<JobRow | null> {
  return db.prepare('SELECT * FROM sds_bulk_jobs WHERE id = ?').bind(jobId).first<JobRow>()
}

/** Units held by this key's unfinished jobs in a quota period (where they were counted). */
export async function unitsReserved(db: D1Database, keyId: string, period: string): Promise<number> {
  const row = await db
    .prepare("SELECT COALESCE(SUM(units_reserved), 0) AS n FROM sds_bulk_jobs WHERE key_id = ? AND period = ? AND status != 'completed'")
    .bind(keyId, period)
    .first<{ n: number }>()
  return row?.n ?? 0
}

// An item claimed this long ago without a result was lost with its worker: claim it again.
const STALE_CLAIM_MS = 5 * 60_000

/** Claims an item for work; null when another consumer has it or it is finished (queues deliver at least once). */
export async function claimItem(db: D1Database, jobId: string, idx: number, now: Date): Promise<ItemRow | null> {
  return db
    .prepare(
      `UPDATE sds_bulk_items SET status = 'running', claimed_at = ?3
       WHERE job_id = ?1 AND idx = ?2 AND (status = 'pending' OR (status = 'running' AND claimed_at < ?4))
       RETURNING *`
    )
    .bind(jobId, idx, now.toISOString(), new Date(now.getTime() - STALE_CLAIM_MS).toISOString())
    .first<ItemRow>()
}

export async function itemStatus(db: D1Database, jobId: string, idx: number): Promise<ItemRow['status'] | null> {
  const row = await db
    .prepare('SELECT status FROM sds_bulk_items WHERE job_id = ? AND idx = ?')
    .bind(jobId, idx)
    .first<{ status: ItemRow['status'] }>()
  return row?.status ?? null
}

export type Counts = { total: number; succeeded: number; failed: number }

export async function finishItemDone(
  db: D1Database,
  job: JobRow,
  idx: number,
  doc: { documentId: string; filename: string; expires: number },
  at: string
): Promise<Counts | null> {
  const item = await db
    .prepare(
      "UPDATE sds_bulk_items SET status = 'done', document_id = ?, filename = ?, expires = ?, completed_at = ? WHERE job_id = ? AND idx = ? AND status = 'running'"
    )
    .bind(doc.documentId, doc.filename, doc.expires, at, job.id, idx)
    .run()
  if (item.meta.changes !== 1) return null
  return db
    .prepare(
      'UPDATE sds_bulk_jobs SET succeeded = succeeded + 1, units_reserved = units_reserved - 1 WHERE id = ? RETURNING total, succeeded, failed'
    )
    .bind(job.id)
    .first<Counts>()
}

/** A failed item gives its unit back to the period and tier the job reserved it in. */
export async function finishItemFailed(
  db: D1Database,
  job: JobRow,
  idx: number,
  error: { code: string; message: string },
  at: string
): Promise<Counts | null> {
  const item = await db
    .prepare(
      "UPDATE sds_bulk_items SET status = 'failed', error_code = ?, error_message = ?, completed_at = ? WHERE job_id = ? AND idx = ? AND status = 'running'"
    )
    .bind(error.code, error.message, at, job.id, idx)
    .run()
  if (item.meta.changes !== 1) return null
  const [counts] = await db.batch<Counts>([
    db
      .prepare(
        'UPDATE sds_bulk_jobs SET failed = failed + 1, units_reserved = units_reserved - 1 WHERE id = ? RETURNING total, succeeded, failed'
      )
      .bind(job.id),
    db.prepare('UPDATE sds_usage SET used = MAX(0, used - 1) WHERE key_id = ? AND period = ?').bind(job.key_id, job.period),
    ...(job.tier === 'standard' ? [db.prepare('UPDATE api_keys SET credits = credits + 1 WHERE id = ?').bind(job.key_id)] : []),
  ])
  return counts.results[0] ?? null
}

/** True for exactly one caller: the one whose update finished the job. */
export async function markCompleted(db: D1Database, jobId: string, at: string): Promise<JobRow | null> {
  return db
    .prepare(
      "UPDATE sds_bulk_jobs SET status = 'completed', completed_at = ? WHERE id = ? AND status != 'completed' AND succeeded + failed = total RETURNING *"
    )
    .bind(at, jobId)
    .first<JobRow>()
}

/** Undoes a job whose items could not be queued (its units are released by the caller). */
export async function deleteJob(db: D1Database, jobId: string): Promise<void> {
  await db.batch([
    db.prepare('DELETE FROM sds_bulk_items WHERE job_id = ?').bind(jobId),
    db.prepare('DELETE FROM sds_bulk_jobs WHERE id = ?').bind(jobId),
  ])
}
