import { insertKey } from '../../shared/key-store'
import { newKeyRecord, randomBase62, sha256Hex, type ApiKeyRow } from '../../shared/keys'

/**
 * The only module that touches this worker's storage.
 *
 * D1 (migrations/decompose): `accounts` (plan free|paid, sha256 of the account token),
 * `sessions` (sha256 of the session id, CSRF token, expiry), `api_keys` (shared shape,
 * `account_id` links a key to its account).
 * KV CACHE: `plan:ai:v1:<sha256(model, goal, context)>` holds a validated AI plan for 30 days,
 * so the AI planner also gives the same plan for the same goal and context.
 */
export type Account = { id: string; email: string; plan: 'free' | 'paid'; created_at: string }

export type KeyListing = Pick<ApiKeyRow, 'id' | 'key_prefix' | 'created_at' | 'last_used_at' | 'revoked_at'> & { name: string | null }

const SESSION_HOURS = 12

export async function accountByToken(db: D1Database, token: string): Promise<Account | null> {
  return db
    .prepare('SELECT id, email, plan, created_at FROM accounts WHERE token_hash = ?')
    .bind(await sha256Hex(token))
    .first<Account>()
}

export async function accountPlan(db: D1Database, accountId: string): Promise<Account['plan'] | null> {
  const row = await db.prepare('SELECT plan FROM accounts WHERE id = ?').bind(accountId).first<{ plan: Account['plan'] }>()
  return row?.plan ?? null
}

/** Starts a session; returns the raw id for the cookie (only its hash is stored) and the CSRF token. */
export async function createSession(
  db: D1Database,
  accountId: string,
  now: Date
): Promise<{ id: string; csrf: string; maxAgeSeconds: number }> {
  const id = randomBase62(43)
  const csrf = randomBase62(32)
  const expires = new Date(now.getTime() + SESSION_HOURS * 3600_000)
  await db.batch([
    // Expired sessions are cleared whenever someone signs in.
    db.prepare('DELETE FROM sessions WHERE expires_at <= ?').bind(now.toISOString()),
    db
      .prepare('INSERT INTO sessions (id_hash, account_id, csrf_token, expires_at) VALUES (?, ?, ?, ?)')
      .bind(await sha256Hex(id), accountId, csrf, expires.toISOString()),
  ])
  return { id, csrf, maxAgeSeconds: SESSION_HOURS * 3600 }
}

export async function findSession(
  db: D1Database,
  rawId: string,
  now: Date
): Promise<{ account: Account; csrf: string; idHash: string } | null> {
  const idHash = await sha256Hex(rawId)
  const row = await db
    .prepare(
      `SELECT a.id, a.email, a.plan, a.created_at, s.csrf_token FROM sessions s JOIN accounts a ON a.id = s.account_id
       WHERE s.id_hash = ? AND s.expires_at > ?`
    )
    .bind(idHash, now.toISOString())
    .first<Account & { csrf_token: string }>()
  if (!row) return null
  const { csrf_token, ...account } = row
  return { account, csrf: csrf_token, idHash }
}

export async function deleteSession(db: D1Database, idHash: string): Promise<void> {
  await db.prepare('DELETE FROM sessions WHERE id_hash = ?').bind(idHash).run()
}

export async function listKeys(db: D1Database, accountId: string): Promise<KeyListing[]> {
  const { results } = await db
    .prepare(
      `SELECT id, name, key_prefix, created_at, last_used_at, revoked_at FROM api_keys
       WHERE account_id = ? ORDER BY revoked_at IS NOT NULL, created_at DESC`
    )
    .bind(accountId)
    .all<KeyListing>()
  return results
}

/** Creates a named `dcmp_` key for the account; the raw key is returned once and never stored. */
export async function createKey(
  db: D1Database,
  account: Account,
  now: Date,
  name: string | null = null
): Promise<{ rawKey: string; row: ApiKeyRow }> {
  const record = await newKeyRecord({ service: 'decompose', plan: account.plan, email: account.email, accountId: account.id, now })
  await insertKey(db, record.row)
  if (name) await db.prepare('UPDATE api_keys SET name = ? WHERE id = ? AND account_id = ?').bind(name, record.row.id, account.id).run()
  return record
}

/** One of the account's own keys (for the revoke confirmation); null for anyone else's. */
export async function ownKey(db: D1Database, accountId: string, keyId: string): Promise<KeyListing | null> {
  return db
    .prepare('SELECT id, name, key_prefix, created_at, last_used_at, revoked_at FROM api_keys WHERE id = ? AND account_id = ?')
    .bind(keyId, accountId)
    .first<KeyListing>()
}

/** Revokes one of the account's own keys; false when it is not theirs or already revoked. */
export async function revokeKey(db: D1Database, accountId: string, keyId: string, now: Date): Promise<boolean> {
  const result = await db
    .prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ? AND account_id = ? AND revoked_at IS NULL')
    .bind(now.toISOString(), keyId, accountId)
    .run()
  return result.meta.changes === 1
}

/** An AI plan is reused for at most 30 days, and never longer than the plan's retention. */
const PLAN_CACHE_SECONDS = 30 * 24 * 3600

export async function cachedAiPlan<T>(kv: KVNamespace, key: string): Promise<T | null> {
  return kv.get<T>(`plan:ai:v1:${key}`, 'json')
}

export async function forgetAiPlan(kv: KVNamespace, key: string): Promise<void> {
  await kv.delete(`plan:ai:v1:${key}`)
}

export async function cacheAiPlan(kv: KVNamespace, key: string, plan: unknown, retentionDays = MAX_RETENTION_DAYS): Promise<void> {
  // The cached plan repeats the goal: it must be gone by the time the plan's retention ends,
  // and the plan's expiry only ever moves later (activity), so expiring first is enough.
  const ttl = Math.min(PLAN_CACHE_SECONDS, retentionDays * 86_400)
  await kv.put(`plan:ai:v1:${key}`, JSON.stringify(plan), { expirationTtl: ttl })
}

// Plans (issue 18 §4): the request that made a plan, owned by the key's account.

export type StoredRequest = { goal: string; context: string; profile: Record<string, unknown> }

/** Days a plan is kept after its last activity unless the partner asks for less (issue 30 §4). */
export const MAX_RETENTION_DAYS = 90

const expiry = (now: Date, days: number) => new Date(now.getTime() + days * 86_400_000).toISOString()

/**
 * Same owner and same request give the same id (plans are deterministic): the first request is
 * kept, and sending it again is activity, so the expiry moves to now + the retention it asks.
 */
export async function savePlan(
  db: D1Database,
  id: string,
  owner: string,
  request: StoredRequest,
  now: Date,
  retentionDays = MAX_RETENTION_DAYS
): Promise<void> {
  await db
    .prepare(
      `INSERT INTO plans (id, owner, request, created_at, retention_days, expires_at) VALUES (?, ?, ?, ?, ?, ?)
       ON CONFLICT (id) DO UPDATE SET retention_days = excluded.retention_days, expires_at = excluded.expires_at`
    )
    .bind(id, owner, JSON.stringify(request), now.toISOString(), retentionDays, expiry(now, retentionDays))
    .run()
}

export async function loadPlan(db: D1Database, id: string, owner: string, now: Date = new Date()): Promise<StoredRequest | null> {
  // An expired plan the cron has not reached yet is already gone for everyone.
  const row = await db
    .prepare('SELECT request FROM plans WHERE id = ? AND owner = ? AND (expires_at IS NULL OR expires_at > ?)')
    .bind(id, owner, now.toISOString())
    .first<{ request: string }>()
  return row ? (JSON.parse(row.request) as StoredRequest) : null
}

/** Check-ins of one plan, cycle 1 first. The caller has already checked the plan's owner. */
export async function listCheckins<T>(db: D1Database, planId: string): Promise<Array<{ cycle: number; checkin: T }>> {
  const { results } = await db
    .prepare('SELECT cycle, checkin FROM plan_checkins WHERE plan_id = ? ORDER BY cycle')
    .bind(planId)
    .all<{ cycle: number; checkin: string }>()
  return results.map((r) => ({ cycle: r.cycle, checkin: JSON.parse(r.checkin) as T }))
}

/** Records (or replaces) the check-in that closes `cycle`; the plan's retention restarts from it. */
export async function saveCheckin(db: D1Database, planId: string, cycle: number, checkin: unknown, now: Date): Promise<void> {
  await db.batch([
    db
      .prepare('INSERT OR REPLACE INTO plan_checkins (plan_id, cycle, checkin, created_at) VALUES (?, ?, ?, ?)')
      .bind(planId, cycle, JSON.stringify(checkin), now.toISOString()),
    db
      .prepare(`UPDATE plans SET expires_at = strftime('%Y-%m-%dT%H:%M:%fZ', ?, '+' || retention_days || ' days') WHERE id = ?`)
      .bind(now.toISOString(), planId),
  ])
}

/** Deletes one of the owner's plans with its check-ins; false (nothing done) for anyone else's. */
export async function deletePlan(db: D1Database, id: string, owner: string): Promise<boolean> {
  const [, plan] = await db.batch([
    db.prepare('DELETE FROM plan_checkins WHERE plan_id = (SELECT id FROM plans WHERE id = ? AND owner = ?)').bind(id, owner),
    db.prepare('DELETE FROM plans WHERE id = ? AND owner = ?').bind(id, owner),
  ])
  return plan.meta.changes === 1
}

/**
 * Deletes up to `limit` plans whose retention ran out, with their check-ins; returns how many.
 * A bounded batch per run, so one cron invocation has a bounded cost; the next run goes on.
 */
export async function deleteExpiredPlans(db: D1Database, now: Date, limit = 500): Promise<number> {
  const expired = `SELECT id FROM plans WHERE expires_at <= ? ORDER BY expires_at LIMIT ?`
  const [, plans] = await db.batch([
    db.prepare(`DELETE FROM plan_checkins WHERE plan_id IN (${expired})`).bind(now.toISOString(), limit),
    db.prepare(`DELETE FROM plans WHERE id IN (${expired})`).bind(now.toISOString(), limit),
  ])
  return plans.meta.changes
}
