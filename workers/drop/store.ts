import type { DropRecord } from './schemas'

// KV layout (binding DROPS):
//   drop:<slug>  DropRecord JSON. Free drops carry a KV expiration equal to expires_at;
//                Pro and upgraded drops have none.
//   gone:<slug>  Tombstone {expired_at} kept TOMBSTONE_SECONDS past a free drop's expiry, so
//                an expired link answers 410 rather than 404 and the slug is never reused.
//   rl:<scope>   Rate-limit "blocked until" markers (shared/rate-limit).
const DROP = 'drop:'
const GONE = 'gone:'
export const TOMBSTONE_SECONDS = 90 * 24 * 60 * 60

export async function slugTaken(kv: KVNamespace, slug: string): Promise<boolean> {
  const [drop, gone] = await Promise.all([kv.get(DROP + slug), kv.get(GONE + slug)])
  return drop !== null || gone !== null
}

export async function putDrop(kv: KVNamespace, record: DropRecord): Promise<void> {
  if (record.expires_at === null) {
    await kv.put(DROP + record.slug, JSON.stringify(record))
    return
  }
  // An absolute expiration (not a TTL counted by KV's own clock) makes the stored expiry
  // equal to expires_at to the second.
  const expiration = Date.parse(record.expires_at) / 1000
  await Promise.all([
    kv.put(DROP + record.slug, JSON.stringify(record), { expiration }),
    kv.put(GONE + record.slug, JSON.stringify({ expired_at: record.expires_at }), {
      expiration: expiration + TOMBSTONE_SECONDS,
    }),
  ])
}

export async function getDrop(kv: KVNamespace, slug: string): Promise<DropRecord | null> {
  return kv.get<DropRecord>(DROP + slug, 'json')
}

export async function getTombstone(kv: KVNamespace, slug: string): Promise<{ expired_at: string } | null> {
  return kv.get<{ expired_at: string }>(GONE + slug, 'json')
}

/** Rewrites a free drop without expiry. Idempotent: an upgraded or Pro drop is left alone. */
export async function makePermanent(
  kv: KVNamespace,
  slug: string,
  now: Date
): Promise<'upgraded' | 'already-permanent' | 'missing'> {
  const record = await getDrop(kv, slug)
  if (!record || (record.expires_at !== null && Date.parse(record.expires_at) <= now.getTime())) return 'missing'
  if (record.expires_at === null) return 'already-permanent'
  await kv.put(DROP + slug, JSON.stringify({ ...record, expires_at: null, plan: 'upgraded' } satisfies DropRecord))
  await kv.delete(GONE + slug)
  return 'upgraded'
}
