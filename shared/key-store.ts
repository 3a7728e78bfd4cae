import { sha256Hex, type ApiKeyRow } from './keys'

// The `api_keys` table every keyed service's D1 database has (migrations/<db>/0001_api_keys.sql).

export async function findActiveKey(db: D1Database, rawKey: string): Promise<ApiKeyRow | null> {
  return findActiveKeyByHash(db, await sha256Hex(rawKey))
}

export function findActiveKeyByHash(db: D1Database, keyHash: string): Promise<ApiKeyRow | null> {
  return db.prepare('SELECT * FROM api_keys WHERE key_hash = ? AND revoked_at IS NULL').bind(keyHash).first<ApiKeyRow>()
}

export function touchKey(db: D1Database, id: string, now: Date): Promise<unknown> {
  return db.prepare('UPDATE api_keys SET last_used_at = ? WHERE id = ?').bind(now.toISOString(), id).run()
}

export function insertKey(db: D1Database, row: ApiKeyRow): Promise<unknown> {
  return db
    .prepare(
      `INSERT INTO api_keys (id, key_hash, key_prefix, service, plan, email, account_id, created_at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`
    )
    .bind(row.id, row.key_hash, row.key_prefix, row.service, row.plan, row.email, row.account_id, row.created_at)
    .run()
}
