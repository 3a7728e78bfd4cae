/**
 * The text of this worker's SQL writes: one definition used both by store.ts (bound
 * statements run by the worker) and by `npm run ingest` (a literal SQL file run by
 * `wrangler d1 execute`), so both paths write exactly the same way. No bindings here.
 */
import type { IntervalValue, SeriesName } from './series'
import { parisDayOf } from './time/paris'

export const COLUMNS = 'series, start_utc, direction, delivery_day, volume, price, resolution_min, source_ref, ingested_at'

/**
 * Idempotent upsert. A row is rewritten only when its values differ, and a day is never a
 * mix of resolutions: a value is not inserted into a day that already holds finer values
 * (once a day's 15-minute prices are in, a later 60-minute document for it changes
 * nothing), and after writing, rows coarser than the finest on the same day are removed
 * (a 15-minute document replaces a day held at 60 minutes entirely, gaps included).
 * Re-ingesting the same document touches no row, so no trigger fires and the series
 * version (the ETag) stays the same.
 */
export function upsertStatementSql(tuples: string[]): string {
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

export const CLEANUP_SQL = `DELETE FROM intervals WHERE series = ?1 AND delivery_day = ?2
  AND resolution_min > (SELECT MIN(resolution_min) FROM intervals WHERE series = ?1 AND delivery_day = ?2)`

// D1 allows at most 100 bound parameters per statement: 11 rows of 9.
export const ROWS_PER_STATEMENT = 11
export const STATEMENTS_PER_BATCH = 200

export type Bound = [string, number, string, string, number | null, number | null, number, string, string]

export function bound(series: SeriesName, v: IntervalValue, sourceRef: string, now: string): Bound {
  return [series, v.startMs / 1000, v.direction, parisDayOf(v.startMs), v.volume, v.price, v.resolutionMin, sourceRef, now]
}

export function touchedDays(values: IntervalValue[]): string[] {
  return [...new Set(values.map((v) => parisDayOf(v.startMs)))].sort()
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

export type LogEntry = {
  source: 'entsoe' | 'rte' | 'file'
  series: SeriesName
  deliveryDay: string | null
  rows: number
  status: 'ok' | 'no_data' | 'error' | 'skipped' | 'rate_limited'
  error?: string | null
}

export const LOG_INSERT = 'INSERT INTO ingestion_log (source, series, delivery_day, rows, status, error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)'

export function logValues(entry: LogEntry, now: Date): Array<string | number | null> {
  return [entry.source, entry.series, entry.deliveryDay, entry.rows, entry.status, entry.error ?? null, now.toISOString()]
}

export function logSql(entry: LogEntry, now: Date): string {
  return `INSERT INTO ingestion_log (source, series, delivery_day, rows, status, error, created_at) VALUES (${logValues(entry, now).map(sqlLiteral).join(', ')});`
}
