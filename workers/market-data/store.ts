/**
 * The only module that touches this worker's D1 database and KV namespace.
 *
 * D1 tables (migrations/market-data/): `intervals` (every series on the quarter-hour grid,
 * primary key (series, start_utc, direction)), `series_state` (version + latest day per
 * series, kept by triggers), `ingestion_log`.
 * KV keys: `rte:token` → the cached RTE OAuth2 access token (see rte/client.ts).
 */
import type { IntervalValue, SeriesName } from './series'
import type { StoredRow } from './output/records'
import type { TokenCache, CachedToken } from './rte/client'
import { parisDayOf } from './time/paris'

const COLUMNS = 'series, start_utc, direction, delivery_day, volume, price, resolution_min, source_ref, ingested_at'

/**
 * Idempotent upsert. A row is rewritten only when its values differ, and a day is never a
 * mix of resolutions: a value is not inserted into a day that already holds finer values
 * (once a day's 15-minute prices are in, a later 60-minute document for it changes
 * nothing), and after writing, rows coarser than the finest on the same day are removed
 * (a 15-minute document replaces a day held at 60 minutes entirely, gaps included).
 * Re-ingesting the same document touches no row, so no trigger fires and the series
 * version (the ETag) stays the same.
 */
function upsertStatementSql(tuples: string[]): string {
  return `INSERT INTO intervals (${COLUMNS})
SELECT * FROM (VALUES ${tuples.join(',')}) AS v
WHERE NOT EXISTS (SELECT 1 FROM intervals AS held
  WHERE held.series = v.column1 AND held.delivery_day = v.column4 AND held.resolution_min < v.column7)
ON CONFLICT (series, start_utc, direction) DO UPDATE SET
  volume = excluded.volume, price = excluded.price, resolution_min = excluded.resolution_min,
  source_ref = excluded.source_ref, ingested_at = excluded.ingested_at
WHERE excluded.resolution_min <= intervals.resolution_min
  AND (intervals.price IS NOT excluded.price OR intervals.volume IS NOT excluded.volume
       OR intervals.resolution_min <> excluded.resolution_min)`
}

const CLEANUP_SQL = `DELETE FROM intervals WHERE series = ?1 AND delivery_day = ?2
  AND resolution_min > (SELECT MIN(resolution_min) FROM intervals WHERE series = ?1 AND delivery_day = ?2)`

// D1 allows at most 100 bound parameters per statement: 11 rows of 9.
const ROWS_PER_STATEMENT = 11
const STATEMENTS_PER_BATCH = 200

type Bound = [string, number, string, string, number | null, number | null, number, string, string]

function bound(series: SeriesName, v: IntervalValue, sourceRef: string, now: string): Bound {
  return [series, v.startMs / 1000, v.direction, parisDayOf(v.startMs), v.volume, v.price, v.resolutionMin, sourceRef, now]
}

function touchedDays(values: IntervalValue[]): string[] {
  return [...new Set(values.map((v) => parisDayOf(v.startMs)))].sort()
}

/**
 * Writes values; returns how many rows were inserted, changed or removed. Counted from the
 * series version the triggers keep (one step per row written), because D1's `meta.changes`
 * also counts what triggers write.
 */
export async function upsertIntervals(
  db: D1Database,
  series: SeriesName,
  values: IntervalValue[],
  sourceRef: string,
  now: Date
): Promise<number> {
  const stamp = now.toISOString()
  const statements: D1PreparedStatement[] = []
  for (let i = 0; i < values.length; i += ROWS_PER_STATEMENT) {
    const chunk = values.slice(i, i + ROWS_PER_STATEMENT)
    const sql = upsertStatementSql(chunk.map(() => '(?,?,?,?,?,?,?,?,?)'))
    statements.push(db.prepare(sql).bind(...chunk.flatMap((v) => bound(series, v, sourceRef, stamp))))
  }
  const cleanup = db.prepare(CLEANUP_SQL)
  for (const day of touchedDays(values)) statements.push(cleanup.bind(series, day))
  const before = (await seriesState(db, series))?.version ?? 0
  for (let i = 0; i < statements.length; i += STATEMENTS_PER_BATCH) {
    await db.batch(statements.slice(i, i + STATEMENTS_PER_BATCH))
  }
  return ((await seriesState(db, series))?.version ?? 0) - before
}

/** The same upsert as literal SQL, for `wrangler d1 execute --file` (scripts/market-data/ingest.ts). */
export function upsertSql(series: SeriesName, values: IntervalValue[], sourceRef: string, now: Date, rowsPerStatement = 200): string {
  const stamp = now.toISOString()
  const out: string[] = []
  for (let i = 0; i < values.length; i += rowsPerStatement) {
    const tuples = values.slice(i, i + rowsPerStatement).map((v) => `(${bound(series, v, sourceRef, stamp).map(sqlLiteral).join(',')})`)
    out.push(upsertStatementSql(tuples) + ';')
  }
  for (const day of touchedDays(values)) {
    out.push(CLEANUP_SQL.replaceAll('?1', sqlLiteral(series)).replaceAll('?2', sqlLiteral(day)) + ';')
  }
  return out.join('\n')
}

export function sqlLiteral(v: string | number | null): string {
  if (v === null) return 'NULL'
  if (typeof v === 'number') {
    if (!Number.isFinite(v)) throw new RangeError(`Not a finite number: ${v}`)
    return String(v)
  }
  return `'${v.replace(/'/g, "''")}'`
}

export type SeriesState = { version: number; latestDay: string }

export async function seriesState(db: D1Database, series: SeriesName): Promise<SeriesState | null> {
  const row = await db
    .prepare('SELECT version, latest_day FROM series_state WHERE series = ?')
    .bind(series)
    .first<{ version: number; latest_day: string }>()
  return row ? { version: row.version, latestDay: row.latest_day } : null
}

export const PAGE_QUERY =
  'SELECT start_utc, direction, volume, price FROM intervals WHERE series = ? AND start_utc >= ? AND start_utc < ? ORDER BY start_utc, direction'

/**
 * Rows of a series over [startMs, endMs), earliest first, fetched one UTC window at a time
 * (at most `windowMs` each), so the caller can stream a year without holding it.
 */
export async function* readIntervals(
  db: D1Database,
  series: SeriesName,
  startMs: number,
  endMs: number,
  windowMs: number
): AsyncGenerator<StoredRow[]> {
  const stmt = db.prepare(PAGE_QUERY)
  for (let from = startMs; from < endMs; from += windowMs) {
    const to = Math.min(endMs, from + windowMs)
    const rows = await stmt.bind(series, from / 1000, to / 1000).raw<StoredRow>()
    if (rows.length) yield rows
  }
}

export const DAY_COUNT_QUERY =
  'SELECT delivery_day, COUNT(*) AS n FROM intervals WHERE series = ? AND delivery_day >= ? AND delivery_day < ? GROUP BY delivery_day'

/** Rows held per delivery day in [fromDay, toDay). */
export async function dayCounts(db: D1Database, series: SeriesName, fromDay: string, toDay: string): Promise<Map<string, number>> {
  const { results } = await db.prepare(DAY_COUNT_QUERY).bind(series, fromDay, toDay).all<{ delivery_day: string; n: number }>()
  return new Map(results.map((r) => [r.delivery_day, r.n]))
}

export type LogEntry = {
  source: 'entsoe' | 'rte' | 'file'
  series: SeriesName
  deliveryDay: string | null
  rows: number
  status: 'ok' | 'no_data' | 'error' | 'skipped' | 'rate_limited'
  error?: string | null
}

export async function logIngestion(db: D1Database, entry: LogEntry, now: Date): Promise<void> {
  await db
    .prepare('INSERT INTO ingestion_log (source, series, delivery_day, rows, status, error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
    .bind(entry.source, entry.series, entry.deliveryDay, entry.rows, entry.status, entry.error ?? null, now.toISOString())
    .run()
}

export function logSql(entry: LogEntry, now: Date): string {
  const values = [entry.source, entry.series, entry.deliveryDay, entry.rows, entry.status, entry.error ?? null, now.toISOString()]
  return `INSERT INTO ingestion_log (source, series, delivery_day, rows, status, error, created_at) VALUES (${values.map(sqlLiteral).join(', ')});`
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
