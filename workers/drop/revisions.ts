import { REVISION_KEY } from './kv-keys'
import type { DropRecord } from './schemas'
import type { DropStore } from './store'

/** At most this many earlier versions are kept per drop; the oldest goes first. */
export const MAX_REVISIONS = 50

export type Revision = { n: number; title: string; markdown: string; html: string; replaced_at: string }
export type ListedRevision = { n: number; title: string; replaced_at: string; bytes: number }

const key = (slug: string, n: number) => `${REVISION_KEY}${slug}:${n}`

/**
 * Keeps `previous` (the version an edit is about to replace) as the drop's next revision, with
 * the drop's own expiry; past MAX_REVISIONS the oldest is deleted. Burn-after-reading drops keep
 * none. The number is taken in D1 (one statement), so two edits never share one.
 */
export async function keepRevision(store: DropStore, previous: DropRecord, replacedAt: Date): Promise<number | null> {
  if (previous.burn) return null
  const bytes = new TextEncoder().encode(previous.markdown).byteLength
  const row = await store.db
    .prepare(
      `INSERT INTO drop_revisions (slug, n, title, replaced_at, bytes)
       SELECT ?1, COALESCE(MAX(n), 0) + 1, ?2, ?3, ?4 FROM drop_revisions WHERE slug = ?1 RETURNING n`
    )
    .bind(previous.slug, previous.title, replacedAt.toISOString(), bytes)
    .first<{ n: number }>()
  const n = row!.n
  const revision: Revision = {
    n,
    title: previous.title,
    markdown: previous.markdown,
    html: previous.html,
    replaced_at: replacedAt.toISOString(),
  }
  const expiration = previous.expires_at ? { expiration: Date.parse(previous.expires_at) / 1000 } : {}
  await store.kv.put(key(previous.slug, n), JSON.stringify(revision), expiration)
  const old = await store.db
    .prepare('DELETE FROM drop_revisions WHERE slug = ? AND n <= ? RETURNING n')
    .bind(previous.slug, n - MAX_REVISIONS)
    .all<{ n: number }>()
  await Promise.all(old.results.map((r) => store.kv.delete(key(previous.slug, r.n))))
  return n
}

export async function listRevisions(store: DropStore, slug: string): Promise<ListedRevision[]> {
  const { results } = await store.db
    .prepare('SELECT n, title, replaced_at, bytes FROM drop_revisions WHERE slug = ? ORDER BY n DESC')
    .bind(slug)
    .all<ListedRevision>()
  return results
}

/** One kept version, or null (never kept, deleted as the 51st oldest, or gone with its drop). */
export async function getRevision(store: DropStore, slug: string, n: number): Promise<Revision | null> {
  const listed = await store.db.prepare('SELECT 1 AS ok FROM drop_revisions WHERE slug = ? AND n = ?').bind(slug, n).first()
  if (!listed) return null
  return store.kv.get<Revision>(key(slug, n), 'json')
}

/** Deletes every kept version of a drop (its deletion, burn or takedown). */
export async function deleteRevisions(store: DropStore, slug: string): Promise<void> {
  const { results } = await store.db.prepare('DELETE FROM drop_revisions WHERE slug = ? RETURNING n').bind(slug).all<{ n: number }>()
  await Promise.all(results.map((r) => store.kv.delete(key(slug, r.n))))
}
