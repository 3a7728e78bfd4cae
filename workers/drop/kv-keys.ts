// The KV keys of one drop (store.ts writes them; the operator's takedown in scripts/admin.ts
// deletes them all). A module of its own with no imports, so Node scripts can use it.
export const DROP_KEY = 'drop:'
export const PAGE_KEY = 'page:'
export const GONE_KEY = 'gone:'
/** `rev:<slug>:<n>`: an earlier version of a drop (workers/drop/revisions.ts, D1 lists them). */
export const REVISION_KEY = 'rev:'

/** Every KV key a drop may have: its record, its stored page, its tombstone. */
export const kvKeysOf = (slug: string): string[] => [DROP_KEY + slug, PAGE_KEY + slug, GONE_KEY + slug]
