// The embed partner upsert, shared by the worker's store and the admin CLI (Node), so it
// lives apart from the bindings in store.ts.
export const UPSERT_EMBED_PARTNER = `INSERT INTO embed_partners (public_id, partner_id, origins, name, color, logo_url, return_url, created_at, updated_at)
  VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?8)
  ON CONFLICT (partner_id) DO UPDATE SET origins = ?3, name = ?4, color = ?5, logo_url = ?6, return_url = ?7, updated_at = ?8
  RETURNING public_id`

/** Not a secret (it sits in the partner's HTML); random so ids say nothing about keys. */
export function newEmbedPublicId(): string {
  return `emb_${crypto.randomUUID().replace(/-/g, '')}`
}
