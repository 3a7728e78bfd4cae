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
import { CLEANUP_SQL, LOG_INSERT, ROWS_PER_STATEMENT, STATEMENTS_PER_BATCH, bound, logValues, touchedDays, upsertStatementSql, type LogEntry } from './sql'

export type { LogEntry }

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

export async function logIngestion(db: D1Database, entry: LogEntry, now: Date): Promise<void> {
  await db.prepare(LOG_INSERT).bind(...logValues(entry, now)).run()
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
