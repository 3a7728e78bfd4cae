import { DROP_KEY as DROP, GONE_KEY as GONE, PAGE_KEY as PAGE, kvKeysOf } from './kv-keys'
import { PAGE_CACHE_LIMITS, admit, forget, isolatePageCache, lookup } from './domain/page-cache'
import { deleteRevisions } from './revisions'
import type { DropRecord } from './schemas'

// Two stores (issue 19, docs/drop.md "Storage"):
// KV (binding DROPS), the fast path every view reads:
//   drop:<slug>  DropRecord JSON. Expiring drops carry a KV expiration equal to expires_at;
//                permanent ones have none.
//   page:<slug>  The finished HTML page (same expiration), metadata {expires_at}: what
//                GET /v/{slug} sends out unparsed (the hot path). None for burn drops.
//                Each isolate keeps recent pages for up to 5 s (page-cache.ts); every
//                write or removal of a page here forgets this isolate's copy (forgetPage).
//   gone:<slug>  Tombstone {expired_at} kept TOMBSTONE_SECONDS past a drop's expiry (drops
//                from before the D1 table answer 410 from it).
//   rl:<scope>   Rate-limit "blocked until" markers (shared/rate-limit).
// D1 (binding DB), table `drops`: the strongly consistent record of who owns which slug and
// whether it is live, deleted, burnt or taken down. Written before KV on publish, so a KV
// miss is confirmed here before any 404.
export const TOMBSTONE_SECONDS = 90 * 24 * 60 * 60
/** Records up to this size are also kept in D1 (a row holds at most 2 MB). */
const D1_RECORD_MAX = 1024 * 1024

export type DropStore = { kv: KVNamespace; db: D1Database }

export type DropRow = {
  slug: string
  edit_token_hash: string
  owner: string | null
  plan: DropRecord['plan']
  title: string
  created_at: string
  updated_at: string
  expires_at: string | null
  burn_after_reading: number
  record: string | null
  deleted_at: string | null
  removed_status: number | null
  removed_reason: string | null
}

export const storeOf = (env: { DROPS: KVNamespace; DB: D1Database }): DropStore => ({ kv: env.DROPS, db: env.DB })

function recordText(record: DropRecord): { json: string; d1: string | null } {
  const json = JSON.stringify(record)
  return { json, d1: json.length <= D1_RECORD_MAX ? json : null }
}

/** The finished page of a drop as stored for views (null: the drop has none, e.g. burn after reading). */
export type StoredPage = string | null

type PageMetadata = { expires_at: string | null }

/** This isolate's copy of a page goes as soon as KV has the new state (or the write failed). */
async function forgetPageAfter(slug: string, write: Promise<unknown>): Promise<void> {
  try {
    await write
  } finally {
    forget(isolatePageCache, slug)
  }
}

function putKv(kv: KVNamespace, record: DropRecord, json: string, page: StoredPage): Promise<void> {
  return forgetPageAfter(record.slug, writeKv(kv, record, json, page))
}

async function writeKv(kv: KVNamespace, record: DropRecord, json: string, page: StoredPage): Promise<void> {
  const metadata: PageMetadata = { expires_at: record.expires_at }
  if (record.expires_at === null) {
    await Promise.all([
      kv.put(DROP + record.slug, json),
      page === null ? kv.delete(PAGE + record.slug) : kv.put(PAGE + record.slug, page, { metadata }),
      kv.delete(GONE + record.slug),
    ])
    return
  }
  // An absolute expiration (not a TTL counted by KV's own clock) makes the stored expiry
  // equal to expires_at to the second.
  const expiration = Date.parse(record.expires_at) / 1000
  await Promise.all([
    kv.put(DROP + record.slug, json, { expiration }),
    page === null ? kv.delete(PAGE + record.slug) : kv.put(PAGE + record.slug, page, { expiration, metadata }),
    kv.put(GONE + record.slug, JSON.stringify({ expired_at: record.expires_at }), { expiration: expiration + TOMBSTONE_SECONDS }),
  ])
}

/**
 * Claims the slug in D1 (its primary key makes a collision fail here, atomically) and then
 * writes KV, the record with its finished page. False when the slug was taken.
 */
export async function insertDrop(
  store: DropStore,
  record: DropRecord,
  owner: { editTokenHash: string; owner: string | null },
  page: StoredPage
): Promise<boolean> {
  const { json, d1 } = recordText(record)
  const result = await store.db
    .prepare(
      `INSERT INTO drops (slug, edit_token_hash, owner, plan, title, created_at, updated_at, expires_at, burn_after_reading, record)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (slug) DO NOTHING`
    )
    .bind(
      record.slug,
      owner.editTokenHash,
      owner.owner,
      record.plan,
      record.title,
      record.created_at,
      record.created_at,
      record.expires_at,
      record.burn ? 1 : 0,
      d1
    )
    .run()
  if (result.meta.changes !== 1) return false
  await putKv(store.kv, record, json, page)
  return true
}

export async function getDrop(kv: KVNamespace, slug: string): Promise<DropRecord | null> {
  return kv.get<DropRecord>(DROP + slug, 'json')
}

/**
 * The stored page of a drop live at `now`, as bytes (never decoded: it goes out as it came in):
 * this isolate's copy while it is fresh, else KV's, then kept for the next views. Null when
 * there is no live page here. The expiry in the page's metadata is checked against the service
 * clock, since KV may keep a value briefly past its expiration.
 */
export async function getLivePage(kv: KVNamespace, slug: string, now: Date): Promise<Uint8Array<ArrayBuffer> | null> {
  const at = now.getTime()
  const cached = lookup(isolatePageCache, slug, at)
  if (cached) return cached.bytes
  const generation = isolatePageCache.generation
  const { value, metadata } = await kv.getWithMetadata<PageMetadata>(PAGE + slug, 'arrayBuffer')
  if (!value) return null
  const expiresAt = metadata?.expires_at ? Date.parse(metadata.expires_at) : null
  if (expiresAt !== null && !(expiresAt > at)) return null
  const bytes = new Uint8Array(value)
  // A page forgotten while this read was under way may be the one an edit just replaced.
  if (isolatePageCache.generation === generation) admit(isolatePageCache, slug, { bytes, expiresAt, cachedAt: at }, PAGE_CACHE_LIMITS)
  return bytes
}

export async function getTombstone(kv: KVNamespace, slug: string): Promise<{ expired_at: string } | null> {
  return kv.get<{ expired_at: string }>(GONE + slug, 'json')
}

export async function findRow(store: DropStore, slug: string): Promise<DropRow | null> {
  return store.db.prepare('SELECT * FROM drops WHERE slug = ?').bind(slug).first<DropRow>()
}

/** Replaces content and title of a live drop (same slug, same expiry), with its new page. */
export async function replaceDrop(store: DropStore, record: DropRecord, now: Date, page: StoredPage): Promise<boolean> {
  const { json, d1 } = recordText(record)
  const result = await store.db
    .prepare('UPDATE drops SET title = ?, record = ?, updated_at = ? WHERE slug = ? AND deleted_at IS NULL')
    .bind(record.title, d1, now.toISOString(), record.slug)
    .run()
  if (result.meta.changes !== 1) return false
  await putKv(store.kv, record, json, page)
  return true
}

/**
 * Marks a drop deleted in D1 (atomically: only the first caller gets true, which is what
 * makes burn-after-reading show a drop once) and removes it from KV.
 */
export async function deleteDrop(
  store: DropStore,
  slug: string,
  now: Date,
  removal?: { status: 410 | 451; reason: string }
): Promise<boolean> {
  const result = await store.db
    .prepare('UPDATE drops SET deleted_at = ?, record = NULL, removed_status = ?, removed_reason = ? WHERE slug = ? AND deleted_at IS NULL')
    .bind(now.toISOString(), removal?.status ?? null, removal?.reason ?? null, slug)
    .run()
  if (result.meta.changes !== 1) return false
  await forgetPageAfter(slug, Promise.all(kvKeysOf(slug).map((key) => store.kv.delete(key))))
  await deleteRevisions(store, slug)
  return true
}

export type ListedDrop = Pick<DropRow, 'slug' | 'title' | 'created_at' | 'updated_at' | 'expires_at' | 'plan' | 'burn_after_reading'>

/** The newest drops of one owner, live ones only (expired ones are left out too). */
export async function listDrops(store: DropStore, owner: string, now: Date, limit: number): Promise<ListedDrop[]> {
  const { results } = await store.db
    .prepare(
      `SELECT slug, title, created_at, updated_at, expires_at, plan, burn_after_reading FROM drops
       WHERE owner = ? AND deleted_at IS NULL AND (expires_at IS NULL OR expires_at > ?)
       ORDER BY created_at DESC LIMIT ?`
    )
    .bind(owner, now.toISOString(), limit)
    .all<ListedDrop>()
  return results
}

/** The record of a drop live at `now` (KV first, then D1), or null. */
export async function findLiveRecord(store: DropStore, slug: string, now: Date): Promise<DropRecord | null> {
  const record = (await getDrop(store.kv, slug)) ?? recordFromRow(await findRow(store, slug))
  if (!record || (record.expires_at !== null && Date.parse(record.expires_at) <= now.getTime())) return null
  return record
}

/** Writes a drop made permanent (`upgraded`, no expiry) with its new page. */
export async function storePermanent(store: DropStore, upgraded: DropRecord, now: Date, page: StoredPage): Promise<void> {
  const slug = upgraded.slug
  const { json, d1 } = recordText(upgraded)
  await store.db
    .prepare(
      "UPDATE drops SET expires_at = NULL, plan = 'upgraded', record = COALESCE(?, record), updated_at = ? WHERE slug = ? AND deleted_at IS NULL"
    )
    .bind(d1, now.toISOString(), slug)
    .run()
  await putKv(store.kv, upgraded, json, page)
}

export function recordFromRow(row: DropRow | null): DropRecord | null {
  if (!row || row.deleted_at || !row.record) return null
  return JSON.parse(row.record) as DropRecord
}
