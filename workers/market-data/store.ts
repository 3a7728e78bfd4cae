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

const STATE_QUERY = 'SELECT version, latest_day FROM series_state WHERE series = ?'
type StateRow = { version: number; latest_day: string }
const toState = (row: StateRow | null | undefined): SeriesState | null => (row ? { version: row.version, latestDay: row.latest_day } : null)

export async function seriesState(db: D1Database, series: SeriesName): Promise<SeriesState | null> {
  return toState(await db.prepare(STATE_QUERY).bind(series).first<StateRow>())
}

/**
 * The series state and the first window of rows in one round trip (a D1 batch), for a
 * request whose range is known up front.
 */
export async function seriesStateWithFirstPage(
  db: D1Database,
  series: SeriesName,
  startMs: number,
  endMs: number
): Promise<{ state: SeriesState | null; rows: StoredRow[] }> {
  const [state, page] = await db.batch<unknown>([
    db.prepare(STATE_QUERY).bind(series),
    db.prepare(PAGE_QUERY_COLUMNS).bind(series, startMs / 1000, endMs / 1000),
  ])
  const rows = (page.results as Array<{ s: number; d: string; v: number | null; p: number | null }>).map((r): StoredRow => [r.s, r.d, r.v, r.p])
  return { state: toState(state.results[0] as StateRow | undefined), rows }
}

export const PAGE_QUERY =
  'SELECT start_utc, direction, volume, price FROM intervals WHERE series = ? AND start_utc >= ? AND start_utc < ? ORDER BY start_utc, direction'
// The same query with short column names, for batches (which return objects, not arrays).
const PAGE_QUERY_COLUMNS =
  'SELECT start_utc AS s, direction AS d, volume AS v, price AS p FROM intervals WHERE series = ? AND start_utc >= ? AND start_utc < ? ORDER BY start_utc, direction'

/**
 * Rows of a series over [startMs, endMs), earliest first, fetched one UTC window at a time
 * (at most `windowMs` each), so the caller can stream a year without holding it.
 */
export async function* readIntervals(
  db: D1Database,
  series: SeriesName,
  startMs: number,
  endMs: number,
  windowMs: number,
  /** Rows of the first window when the caller already has them. */
  first?: StoredRow[]
): AsyncGenerator<StoredRow[]> {
  const stmt = db.prepare(PAGE_QUERY)
  if (first) {
    if (first.length) yield first
    startMs += windowMs
  }
  for (let from = startMs; from < endMs; from += windowMs) {
    const to = Math.min(endMs, from + windowMs)
    const rows = await stmt.bind(series, from / 1000, to / 1000).raw<StoredRow>()
    if (rows.length) yield rows
  }
}

/** All rows of a range in one query, nothing else: the benchmark's "straight from D1" reference. */
export async function readAllRaw(db: D1Database, series: SeriesName, startMs: number, endMs: number): Promise<StoredRow[]> {
  return db.prepare(PAGE_QUERY).bind(series, startMs / 1000, endMs / 1000).raw<StoredRow>()
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
