/**
 * The only module that touches this worker's D1 database and KV namespace.
 *
 * D1 tables (migrations/market-data/): `points` (every series and zone at its published
 * resolution, with provenance; primary key (series, zone, start_utc, direction)),
 * `zone_state` (a change counter and the latest day per series and zone), `day_state` (the
 * counter value when each delivery day last changed, minutes held, null rows; kept by
 * triggers), `ingestion_log`, `api_keys`.
 * Cache API (`caches.default`): settled answers, under `<BASE_URL>/__cache/…` keys (routes/series.ts,
 * routes/settled.ts).
 * KV keys: `rte:token` → the cached RTE OAuth2 access token (see rte/client.ts);
 * `md:settled:<series>:<zone EIC>` → the zone_state counter the writers last published, the
 * part of a settled answer's Cache API key that a change moves (routes/settled.ts).
 */
import type { SeriesName } from './domain/series'
import type { StoredRow } from './domain/output/records'
import type { RevisionRow } from './domain/output/revisions'
import type { SpanRow } from './domain/catalogue'
import type { TokenCache, CachedToken } from './domain/rte/client'
import { settledMarkerKey } from './settled-key'
import { retryOnBusy } from './busy'
import { LOG_INSERT, documentStatements, logValues, type LogEntry, type SeriesDocument } from './domain/sql'

export type { LogEntry }

const STATEMENTS_PER_BATCH = 100

/**
 * Writes a document under the revision rules of sql.ts; returns how many rows were inserted,
 * changed or removed (counted from the zone's change counter, which the triggers step once
 * per row written: D1's `meta.changes` also counts what triggers write).
 */
export async function writeDocument(db: D1Database, doc: SeriesDocument, now: Date): Promise<number> {
  const statements = documentStatements(doc, now).map((s) => db.prepare(s.sql).bind(...s.params))
  const before = (await zoneState(db, doc.series, doc.zone))?.version ?? 0
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    // A batch is one transaction: repeating it after SQLITE_BUSY writes it once.
    await retryOnBusy(() => db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH)))
  }
  return ((await zoneState(db, doc.series, doc.zone))?.version ?? 0) - before
}

export type ZoneState = { version: number; latestDay: string }

export async function zoneState(db: D1Database, series: SeriesName, zone: string): Promise<ZoneState | null> {
  const row = await retryOnBusy(() =>
    db
      .prepare('SELECT version, latest_day FROM zone_state WHERE series = ? AND zone = ?')
      .bind(series, zone)
      .first<{ version: number; latest_day: string }>()
  )
  return row ? { version: row.version, latestDay: row.latest_day } : null
}

/** What the ETag of a range is made of: the days held in it and when each last changed. */
export type RangeVersion = { days: number; maxVersion: number; sumVersion: number }

const RANGE_VERSION =
  'SELECT COUNT(*) AS days, COALESCE(MAX(version), 0) AS maxv, COALESCE(SUM(version), 0) AS sumv FROM day_state WHERE series = ? AND zone = ? AND delivery_day >= ? AND delivery_day < ?'

export async function rangeVersion(
  db: D1Database,
  series: SeriesName,
  zone: string,
  fromDay: string,
  toDay: string
): Promise<RangeVersion> {
  const r = await retryOnBusy(() =>
    db.prepare(RANGE_VERSION).bind(series, zone, fromDay, toDay).first<{ days: number; maxv: number; sumv: number }>()
  )
  return { days: r?.days ?? 0, maxVersion: r?.maxv ?? 0, sumVersion: r?.sumv ?? 0 }
}

const PAGE_COLUMNS = 'start_utc, direction, end_utc, volume, price, filled_from'
const PROVENANCE_COLUMNS = ', source, document_id, revision, document_created, ingested_at'
const pageQuery = (provenance: boolean) =>
  `SELECT ${PAGE_COLUMNS}${provenance ? PROVENANCE_COLUMNS : ''} FROM points WHERE series = ? AND zone = ? AND start_utc >= ? AND start_utc < ? ORDER BY start_utc, direction`

/**
 * Rows read per D1 query, at most: a year of one zone's quarter-hour prices (35,136 rows in a
 * leap year) is one query. Locally a year read in four 92-day queries cost a quarter to a
 * third more than the same rows in one (docs/market-data.md, "Performance design"), so a
 * window is as long as this many rows allows. With the next window read while one is written, a request
 * holds at most two: about 8 MB of row arrays. Provenance rows carry five more values, so
 * their windows are a quarter as long.
 */
const WINDOW_ROWS = 40_000
const WINDOW_ROWS_WITH_PROVENANCE = 10_000
/** Rows a delivery day can hold per direction: 100 quarter-hours on the day clocks go back. */
const ROWS_PER_DAY = 100

/** readPoints' window for a series with `directions` directions: as many whole days as its row budget allows. */
export function readWindowMs(directions: number, provenance: boolean): number {
  const rows = provenance ? WINDOW_ROWS_WITH_PROVENANCE : WINDOW_ROWS
  return Math.floor(rows / (ROWS_PER_DAY * directions)) * 86_400_000
}

/**
 * Rows of a series over [startMs, endMs), earliest first, fetched one UTC window at a time
 * (at most `windowMs` each), so the caller can stream years without holding them. The next
 * window is read while the caller writes out the current one (so at most two are held):
 * a year's answer then costs about its D1 reads, not its reads plus its writing
 * (docs/market-data.md, "Performance design").
 */
export async function* readPoints(
  db: D1Database,
  series: SeriesName,
  zone: string,
  startMs: number,
  endMs: number,
  windowMs: number,
  provenance = false
): AsyncGenerator<StoredRow[]> {
  const stmt = db.prepare(pageQuery(provenance))
  const read = (from: number) =>
    retryOnBusy(() => stmt.bind(series, zone, from / 1000, Math.min(endMs, from + windowMs) / 1000).raw<StoredRow>())
  let pending: Promise<StoredRow[]> | null = startMs < endMs ? read(startMs) : null
  try {
    for (let from = startMs; pending; from += windowMs) {
      const rows: StoredRow[] = await pending
      pending = from + windowMs < endMs ? read(from + windowMs) : null
      if (rows.length) yield rows
    }
  } finally {
    // The caller stopped early (a client went away): nobody will await the read in flight.
    pending?.catch(() => {})
  }
}

const REVISIONS_QUERY = `SELECT start_utc, direction, end_utc, volume, price, filled_from, source, document_id, revision, document_created, ingested_at, superseded_at
FROM point_revisions WHERE series = ? AND zone = ? AND start_utc >= ? AND start_utc < ? ORDER BY start_utc, direction, id`

/** The earlier values (point_revisions) of intervals starting in [startMs, endMs), earliest start first, each interval's in the order stored. */
export async function readRevisions(
  db: D1Database,
  series: SeriesName,
  zone: string,
  startMs: number,
  endMs: number
): Promise<RevisionRow[]> {
  if (startMs >= endMs) return []
  return retryOnBusy(() =>
    db
      .prepare(REVISIONS_QUERY)
      .bind(series, zone, startMs / 1000, endMs / 1000)
      .raw<RevisionRow>()
  )
}

/** All rows of a range in one query, nothing else: the benchmark's "straight from D1" reference. */
export async function readAllRaw(db: D1Database, series: SeriesName, zone: string, startMs: number, endMs: number): Promise<StoredRow[]> {
  return db
    .prepare(pageQuery(false))
    .bind(series, zone, startMs / 1000, endMs / 1000)
    .raw<StoredRow>()
}

/** The resolutions held per series and zone, with their first and last delivery day (series_spans, kept by triggers). */
export async function readSpans(db: D1Database): Promise<SpanRow[]> {
  const { results } = await retryOnBusy(() =>
    db.prepare('SELECT series, zone, resolution_min, first_day, last_day FROM series_spans ORDER BY series, zone, first_day').all<SpanRow>()
  )
  return results
}

export type DayHeld = { minutes: number; nulls: number }

/** Minutes held and null rows per delivery day in [fromDay, toDay). */
export async function daysHeld(
  db: D1Database,
  series: SeriesName,
  zone: string,
  fromDay: string,
  toDay: string
): Promise<Map<string, DayHeld>> {
  const { results } = await retryOnBusy(() =>
    db
      .prepare(
        'SELECT delivery_day, minutes, nulls FROM day_state WHERE series = ? AND zone = ? AND delivery_day >= ? AND delivery_day < ?'
      )
      .bind(series, zone, fromDay, toDay)
      .all<{ delivery_day: string; minutes: number; nulls: number }>()
  )
  return new Map(results.map((r) => [r.delivery_day, { minutes: r.minutes, nulls: r.nulls }]))
}

export async function dayStates(db: D1Database, series: SeriesName, zone: string, fromDay: string, toDay: string) {
  const { results } = await retryOnBusy(() =>
    db
      .prepare(
        'SELECT series, zone, delivery_day, minutes, nulls FROM day_state WHERE series = ? AND zone = ? AND delivery_day >= ? AND delivery_day < ?'
      )
      .bind(series, zone, fromDay, toDay)
      .all<{ series: string; zone: string; delivery_day: string; minutes: number; nulls: number }>()
  )
  return results
}

/** Several log rows in one round trip (a year of days is one batch, not 365 requests). */
export async function logIngestions(db: D1Database, entries: LogEntry[], now: Date): Promise<void> {
  const stmt = db.prepare(LOG_INSERT)
  for (let i = 0; i < entries.length; i += STATEMENTS_PER_BATCH) {
    await retryOnBusy(() => db.batch(entries.slice(i, i + STATEMENTS_PER_BATCH).map((e) => stmt.bind(...logValues(e, now)))))
  }
}

export type StatusRow = {
  series: string
  zone: string
  latest_day: string | null
  updated_at: string | null
  last_ok: string | null
  last_error_at: string | null
  last_error: string | null
}

/** Per series and zone: latest day held, last change, last successful ingest, last error. */
export async function ingestStatus(db: D1Database): Promise<StatusRow[]> {
  const { results } = await retryOnBusy(() =>
    db
      .prepare(
        `WITH keys AS (SELECT series, zone FROM zone_state UNION SELECT DISTINCT series, zone FROM ingestion_log)
SELECT k.series, k.zone, s.latest_day, s.updated_at,
  (SELECT MAX(created_at) FROM ingestion_log l WHERE l.series = k.series AND l.zone = k.zone AND l.status IN ('ok', 'no_data')) AS last_ok,
  e.created_at AS last_error_at, e.error AS last_error
FROM keys k
LEFT JOIN zone_state s ON s.series = k.series AND s.zone = k.zone
LEFT JOIN ingestion_log e ON e.id = (SELECT id FROM ingestion_log l WHERE l.series = k.series AND l.zone = k.zone AND l.status IN ('error', 'rate_limited', 'skipped') ORDER BY id DESC LIMIT 1)
ORDER BY k.series, k.zone`
      )
      .all<StatusRow>()
  )
  return results
}

const TOKEN_KEY = 'rte:token'
// KV refuses an expirationTtl under 60 seconds.
const KV_MIN_TTL = 60

/** The RTE token cache backed by KV; entries expire on their own shortly after the token. */
export function kvTokenCache(kv: KVNamespace): TokenCache {
  return {
    get: () => kv.get<CachedToken>(TOKEN_KEY, 'json'),
    put: (token, ttlSeconds) => kv.put(TOKEN_KEY, JSON.stringify(token), { expirationTtl: Math.max(KV_MIN_TTL, Math.floor(ttlSeconds)) }),
    delete: () => kv.delete(TOKEN_KEY),
  }
}

/**
 * The settled marker and another key (the rate limiter's "blocked" marker of the caller) in
 * one KV call: the settled-day hot path makes this its only KV round trip.
 */
export async function settledMarkerWith(
  kv: KVNamespace,
  series: SeriesName,
  zone: string,
  otherKey: string
): Promise<{ marker: string | null; other: string | null }> {
  const markerKey = settledMarkerKey(series, zone)
  const values = await kv.get([markerKey, otherKey], 'text')
  return { marker: values.get(markerKey) ?? null, other: values.get(otherKey) ?? null }
}

/**
 * Publishes every series and zone's change counter as its settled marker when it moved.
 * Run by every writer after writing (the cron after each run, `npm run ingest` after a load).
 * Returns the markers changed.
 */
export async function syncSettledMarkers(db: D1Database, kv: KVNamespace): Promise<number> {
  const { results } = await retryOnBusy(() =>
    db.prepare('SELECT series, zone, version FROM zone_state').all<{ series: SeriesName; zone: string; version: number }>()
  )
  let changed = 0
  for (const r of results) {
    const key = settledMarkerKey(r.series, r.zone)
    // Never backwards: a concurrent writer may have published a later counter, and an old
    // marker would bring back answers cached before that change.
    if (Number(await kv.get(key)) >= r.version) continue
    await kv.put(key, String(r.version))
    changed++
  }
  return changed
}

/** The Cache API of this location, or null where the runtime has none. */
export async function openCache(): Promise<Cache | null> {
  try {
    return (globalThis as unknown as { caches?: { default?: Cache } }).caches?.default ?? null
  } catch {
    return null
  }
}
