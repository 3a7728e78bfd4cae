/**
 * The only module that touches this worker's storage.
 * D1 `api_keys` (plan, credits, subscription_status: migrations 0001-0002) and `sds_usage`
 * (0003); R2 `DOCUMENTS` holds generated files under `documents/<id>.docx`; KV `CACHE` holds
 * PubChem answers under `pubchem:<kind>:<query>` and the rate limiter's `rl:` markers.
 */
import type { HttpFetcher } from '../../shared/http-fetcher'
import type { EnrichDeps } from './domain/pubchem/enrich'
import type { KeyPlanState, QuotaRule } from './domain/quota/plans'

type ActiveRule = Extract<QuotaRule, { active: true }>

export async function readPlanState(db: D1Database, keyId: string): Promise<KeyPlanState | null> {
  return db
    .prepare('SELECT plan, created_at, credits, subscription_status FROM api_keys WHERE id = ? AND revoked_at IS NULL')
    .bind(keyId)
    .first<KeyPlanState>()
}

export async function unitsUsed(db: D1Database, keyId: string, period: string): Promise<number> {
  const row = await db.prepare('SELECT used FROM sds_usage WHERE key_id = ? AND period = ?').bind(keyId, period).first<{ used: number }>()
  return row?.used ?? 0
}

export type Taken = { used: number; remaining: number | null }

/**
 * Takes one unit, or none if the quota is spent. Each path is a single conditional statement,
 * which D1 runs serially, so two concurrent requests can never both take the last unit.
 */
export async function takeUnit(db: D1Database, keyId: string, rule: ActiveRule, now: Date): Promise<Taken | null> {
  const at = now.toISOString()
  if (rule.tier === 'standard') {
    const credit = await db
      .prepare('UPDATE api_keys SET credits = credits - 1 WHERE id = ? AND credits > 0 RETURNING credits')
      .bind(keyId)
      .first<{ credits: number }>()
    if (!credit) return null
    const used = await bump(db, keyId, rule.period, at, null)
    return { used: used ?? 0, remaining: credit.credits }
  }
  const used = await bump(db, keyId, rule.period, at, rule.limit)
  if (used === null) return null
  return { used, remaining: rule.limit === null ? null : rule.limit - used }
}

async function bump(db: D1Database, keyId: string, period: string, at: string, limit: number | null): Promise<number | null> {
  const row = await db
    .prepare(
      `INSERT INTO sds_usage (key_id, period, used, updated_at) VALUES (?1, ?2, 1, ?3)
       ON CONFLICT (key_id, period) DO UPDATE SET used = used + 1, updated_at = ?3
       WHERE ?4 IS NULL OR sds_usage.used < ?4
       RETURNING used`
    )
    .bind(keyId, period, at, limit)
    .first<{ used: number }>()
  return row?.used ?? null
}

/** Gives back a unit taken for a generation that then failed. */
export async function refundUnit(db: D1Database, keyId: string, rule: ActiveRule): Promise<void> {
  const statements = [
    db.prepare('UPDATE sds_usage SET used = used - 1 WHERE key_id = ? AND period = ? AND used > 0').bind(keyId, rule.period),
  ]
  if (rule.tier === 'standard') statements.push(db.prepare('UPDATE api_keys SET credits = credits + 1 WHERE id = ?').bind(keyId))
  await db.batch(statements)
}

const DOCX_TYPE = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document'

export async function putDocument(
  bucket: R2Bucket,
  id: string,
  bytes: Uint8Array,
  meta: { filename: string; keyId: string; format: string }
): Promise<void> {
  await bucket.put(`documents/${id}.docx`, bytes, {
    httpMetadata: { contentType: DOCX_TYPE, contentDisposition: `attachment; filename="${meta.filename}"` },
    customMetadata: { filename: meta.filename, key_id: meta.keyId, format: meta.format },
  })
}

export async function getDocument(bucket: R2Bucket, id: string): Promise<{ body: ReadableStream; filename: string; size: number } | null> {
  const object = await bucket.get(`documents/${id}.docx`)
  if (!object) return null
  return { body: object.body, filename: object.customMetadata?.filename ?? `${id}.docx`, size: object.size }
}

export { DOCX_TYPE }

export async function cacheGet(kv: KVNamespace, key: string): Promise<string | null> {
  return kv.get(key)
}

export async function cachePut(kv: KVNamespace, key: string, value: string, ttlSeconds: number): Promise<void> {
  await kv.put(key, value, { expirationTtl: ttlSeconds })
}

/** The PubChem enrichment's deps from the worker's bindings: its switch, the fetcher and the KV cache. */
export function enrichDeps(env: { CACHE: KVNamespace; PUBCHEM_ENRICHMENT?: string }, fetcher: HttpFetcher): EnrichDeps {
  return {
    enabled: env.PUBCHEM_ENRICHMENT === 'true',
    fetcher,
    cache: { get: (key) => cacheGet(env.CACHE, key), put: (key, value, ttl) => cachePut(env.CACHE, key, value, ttl) },
  }
}
