/**
 * The text of this worker's SQL writes: one definition used both by store.ts (bound
 * statements run by the worker) and by `npm run ingest` (a literal SQL file run by
 * `wrangler d1 execute`), so both paths write exactly the same way. No bindings here.
 *
 * Revision rules (issue 22), per series and zone, decided row by row in SQL so that a write
 * is safe whatever ran before it:
 * - A stored value is "newer" than an incoming document when it came from the same document
 *   with a higher revision number, or from another document created later. Newer values are
 *   never touched: an older document (or an old revision loaded late) changes nothing there.
 * - A document replaces everything it covers: stored values overlapping the periods it
 *   declares (ENTSO-E: each Period's timeInterval), in the directions it carries, that are
 *   not newer are removed unless the document carries the same interval, so a value a new revision omits reads as null, never
 *   as the stale one. A partial document (RTE answers, a short Period) covers only its own
 *   intervals and touches nothing else of the day.
 * - A value is rewritten only when it differs, or when it is a new revision of the same
 *   document. Re-loading the same data fires no trigger: the ETags of the days stay put.
 *   (The provenance of an unchanged value stays that of the document that first gave it.)
 */
import { SERIES, type IntervalValue, type SeriesName } from './series'
import { MINUTE_MS, parisDayOf } from './time/paris'

export type Provenance = {
  source: 'entsoe' | 'rte' | 'file'
  /** ENTSO-E mRID, or the RTE resource and request window, or the file name. */
  documentId: string
  /** ENTSO-E revisionNumber; 0 where the source has none. */
  revision: number
  /** The document's createdDateTime (ENTSO-E), or when the source answered (RTE). ISO 8601 UTC. */
  createdAt: string
}

export type SeriesDocument = {
  series: SeriesName
  zone: string
  /** The zone's winter offset from UTC (ms), for its delivery days. */
  baseOffsetMs: number
  provenance: Provenance
  /** The periods the document speaks for; values must lie inside them. */
  covers: Array<{ startMs: number; endMs: number }>
  /** Values at their published resolution. */
  values: IntervalValue[]
}

export type Statement = { sql: string; params: Array<string | number | null> }

// A stored row `h` is newer than the incoming document (?5 id, ?6 revision, ?7 created).
const NEWER = (h: string) => `((${h}document_id = ?5 AND ${h}revision > ?6) OR (${h}document_id <> ?5 AND ${h}document_created > ?7))`
const J = (i: number, v = 'j.value') => `json_extract(${v}, '$[${i}]')`

// No stored interval is longer than an hour (MAX_INTERVAL_S), so an overlap search starts an
// hour before: an index range of a few rows, never the series up to that point.
const MAX_INTERVAL_S = 3600

const DELETE_SUPERSEDED = `DELETE FROM points WHERE series = ?1 AND zone = ?2 AND start_utc > ?3 - ${MAX_INTERVAL_S} AND start_utc < ?4 AND end_utc > ?3
  AND direction IN (SELECT value FROM json_each(?10))
  AND NOT ${NEWER('')}
  AND (start_utc || '/' || direction || '/' || end_utc) NOT IN
    (SELECT ${J(0, 'value')} || '/' || ${J(1, 'value')} || '/' || ${J(2, 'value')} FROM json_each(?9))`

const UPSERT = `INSERT INTO points (series, zone, start_utc, direction, end_utc, resolution_min, delivery_day, volume, price, filled_from, source, document_id, revision, document_created, ingested_at)
SELECT ?1, ?2, ${J(0)}, ${J(1)}, ${J(2)}, (${J(2)} - ${J(0)}) / 60, ${J(3)}, ${J(4)}, ${J(5)}, ${J(6)}, ?8, ?5, ?6, ?7, ?11
FROM json_each(?9) AS j
WHERE NOT EXISTS (SELECT 1 FROM points AS h WHERE h.series = ?1 AND h.zone = ?2 AND h.direction = ${J(1)}
  AND h.start_utc > ${J(0)} - ${MAX_INTERVAL_S} AND h.start_utc < ${J(2)} AND h.end_utc > ${J(0)} AND ${NEWER('h.')})
ON CONFLICT (series, zone, start_utc, direction) DO UPDATE SET
  end_utc = excluded.end_utc, resolution_min = excluded.resolution_min, volume = excluded.volume, price = excluded.price,
  filled_from = excluded.filled_from, source = excluded.source, document_id = excluded.document_id, revision = excluded.revision,
  document_created = excluded.document_created, ingested_at = excluded.ingested_at
WHERE points.volume IS NOT excluded.volume OR points.price IS NOT excluded.price OR points.end_utc <> excluded.end_utc
  OR points.filled_from IS NOT excluded.filled_from
  OR (points.document_id = excluded.document_id AND points.revision <> excluded.revision)`

// One statement handles at most a UTC day of a document: a few hundred values in one JSON
// parameter (D1 allows 100 bound parameters, not 100 rows). Stored rows are aligned to their
// resolution (at most an hour), so none straddles a UTC-day boundary between two statements.
const DAY_S = 86_400

/** The statements that write one document, in order. */
export function documentStatements(doc: SeriesDocument, ingestedAt: Date): Statement[] {
  const p = doc.provenance
  const out: Statement[] = []
  // A document speaks for the directions it carries (a price document for '' only).
  const directions = JSON.stringify(doc.values.length ? [...new Set(doc.values.map((v) => v.direction))] : SERIES[doc.series].directions)
  for (const cover of mergeCovers(doc.covers)) {
    for (let ws = cover.startMs / 1000; ws < cover.endMs / 1000; ws = (Math.floor(ws / DAY_S) + 1) * DAY_S) {
      const we = Math.min(cover.endMs / 1000, (Math.floor(ws / DAY_S) + 1) * DAY_S)
      const rows = doc.values
        .filter((v) => v.startMs / 1000 >= ws && v.startMs / 1000 < we)
        .map((v) => [
          v.startMs / 1000,
          v.direction,
          v.startMs / 1000 + v.resolutionMin * 60,
          parisDayOf(v.startMs, doc.baseOffsetMs),
          v.volume,
          v.price,
          v.filledFrom ?? null,
        ])
      for (const r of rows)
        for (const n of [r[4], r[5]]) if (n !== null && !Number.isFinite(n)) throw new RangeError(`Not a finite number: ${n}`)
      const params = [
        doc.series,
        doc.zone,
        ws,
        we,
        p.documentId,
        p.revision,
        p.createdAt,
        p.source,
        JSON.stringify(rows),
        directions,
        ingestedAt.toISOString(),
      ]
      out.push({ sql: DELETE_SUPERSEDED, params: params.slice(0, 10) })
      if (rows.length) out.push({ sql: UPSERT, params })
    }
  }
  return out
}

/** Covers sorted and merged; every value's own interval is covered too. */
function mergeCovers(covers: SeriesDocument['covers']): SeriesDocument['covers'] {
  const sorted = [...covers].sort((a, b) => a.startMs - b.startMs)
  const out: SeriesDocument['covers'] = []
  for (const c of sorted) {
    const last = out[out.length - 1]
    if (last && c.startMs <= last.endMs) last.endMs = Math.max(last.endMs, c.endMs)
    else out.push({ ...c })
  }
  return out
}

/** The covers of a partial document: its values' own intervals, merged where they touch. */
export function coversOfValues(values: IntervalValue[]): SeriesDocument['covers'] {
  return mergeCovers(values.map((v) => ({ startMs: v.startMs, endMs: v.startMs + v.resolutionMin * MINUTE_MS })))
}

/** A statement as literal SQL, for `wrangler d1 execute --file` (scripts/market-data/ingest.ts). */
export function literal(st: Statement): string {
  return st.sql.replace(/\?(\d+)/g, (_, i: string) => sqlLiteral(st.params[Number(i) - 1])) + ';'
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
  zone?: string
  deliveryDay: string | null
  rows: number
  status: 'ok' | 'no_data' | 'error' | 'skipped' | 'rate_limited'
  error?: string | null
}

export const LOG_INSERT =
  'INSERT INTO ingestion_log (source, series, zone, delivery_day, rows, status, error, created_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)'

export function logValues(entry: LogEntry, now: Date): Array<string | number | null> {
  return [
    entry.source,
    entry.series,
    entry.zone ?? '10YFR-RTE------C',
    entry.deliveryDay,
    entry.rows,
    entry.status,
    entry.error ?? null,
    now.toISOString(),
  ]
}

export function logSql(entry: LogEntry, now: Date): string {
  return `INSERT INTO ingestion_log (source, series, zone, delivery_day, rows, status, error, created_at) VALUES (${logValues(entry, now).map(sqlLiteral).join(', ')});`
}
