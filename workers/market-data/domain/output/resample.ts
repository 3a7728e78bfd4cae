/**
 * Native rows → the records of a response at the requested resolution. Pure: rows in,
 * records out, one delivery day at a time.
 *
 * - `native`: the stored intervals as published (an hourly day is 24 records).
 * - `PT15M`: the quarter-hour grid. A value published for a longer interval is repeated on
 *   each of its quarter-hours (an energy volume in MWh is split evenly) and the record says
 *   so: its `source_resolution` is longer than its `resolution`.
 * - `PT60M`: the hourly grid. An hour is the aggregate of the values published inside it,
 *   by the rule of each column (series.ts, HOURLY): arithmetic mean for prices and MW,
 *   sum for MWh. If any part of the hour is missing or null, the hour is null: an hourly
 *   figure is never made from part of the hour.
 */
import { HOURLY, type Aggregation } from '../series'
import { MINUTE_MS, QUARTER_MS, HOUR_MS } from '../time/paris'

export type Target = 'native' | 15 | 60

/** A stored row: [start s, direction, end s, volume, price, filled from (A03 position or null), ...provenance]. */
export type StoredRow = [number, string, number, number | null, number | null, number | null, ...Array<string | number | null>]

/** Where a row's provenance columns start (store.ts reads them after filled_from). */
const PROV = 6
/** The provenance column that orders documents: document_created. */
const CREATED = PROV + 3

export type OutRecord = {
  startMs: number
  endMs: number
  direction: string
  volume: number | null
  price: number | null
  /** Minutes the published value(s) spanned; null where nothing is held. */
  sourceMin: number | null
  /** ENTSO-E A03: the Point position the value was carried forward from (an hour: its first such part); null when published. */
  filledFrom: number | null
  /** Provenance of the value (the latest document among an hour's parts). */
  prov: Array<string | number | null> | null
}

export type DayRows = { startMs: number; endMs: number; rows: StoredRow[] }

export function recordsOfDay(day: DayRows, target: Target, directions: readonly string[], kind: keyof typeof HOURLY): OutRecord[] {
  if (target === 'native') {
    return day.rows.map((r) => ({
      startMs: r[0] * 1000,
      endMs: r[2] * 1000,
      direction: r[1],
      volume: r[3],
      price: r[4],
      sourceMin: (r[2] - r[0]) / 60,
      filledFrom: r[5],
      prov: r.length > PROV ? r.slice(PROV) : null,
    }))
  }
  // Rows by direction: the series' own directions in their order, then any other held one;
  // a direction the source gave nothing for on this day is left out, not written as a day of
  // nulls (a reserve day published for one direction only; issue 37).
  const byDir = new Map<string, StoredRow[]>(directions.map((d) => [d, []]))
  for (const r of day.rows) {
    let list = byDir.get(r[1])
    if (!list) byDir.set(r[1], (list = []))
    list.push(r)
  }
  for (const [dir, rows] of byDir) if (!rows.length) byDir.delete(dir)
  // Generation names no directions in advance: its production types go in code order.
  if (!directions.length && byDir.size > 1) {
    const sorted = [...byDir].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    byDir.clear()
    for (const [dir, rows] of sorted) byDir.set(dir, rows)
  }
  const step = target === 60 ? HOUR_MS : QUARTER_MS
  const out: OutRecord[] = []
  const lists = [...byDir]
  const cursors = lists.map(() => 0)
  for (let t = day.startMs; t < day.endMs; t += step) {
    for (let d = 0; d < lists.length; d++) {
      const [dir, rows] = lists[d]
      // Rows are sorted by start: advance past those that end before this step.
      let i = cursors[d]
      while (i < rows.length && rows[i][2] * 1000 <= t) i++
      cursors[d] = i
      let k = i
      while (k < rows.length && rows[k][0] * 1000 < t + step) k++
      out.push(combine(t, t + step, dir, rows, i, k, kind))
    }
  }
  return out
}

/**
 * The record of one step from `rows[from..to)`, the rows that overlap it. A year is 35,040
 * steps, most of them one row spanning the step: that case allocates the record alone (no
 * slice of the rows, no empty record made in advance).
 */
function combine(
  startMs: number,
  endMs: number,
  direction: string,
  rows: StoredRow[],
  from: number,
  to: number,
  kind: keyof typeof HOURLY
): OutRecord {
  if (from === to) return { startMs, endMs, direction, volume: null, price: null, sourceMin: null, filledFrom: null, prov: null }
  const stepMin = (endMs - startMs) / MINUTE_MS
  if (to - from === 1 && rows[from][0] * 1000 <= startMs && rows[from][2] * 1000 >= endMs) {
    // One published value spans the whole step (same or coarser resolution).
    const r = rows[from]
    const srcMin = (r[2] - r[0]) / 60
    const share = stepMin / srcMin
    return {
      startMs,
      endMs,
      direction,
      volume: split(r[3], share, HOURLY[kind].volume),
      price: r[4],
      sourceMin: srcMin,
      filledFrom: r[5],
      prov: r.length > PROV ? r.slice(PROV) : null,
    }
  }
  // Several finer values: aggregate only when they cover the step exactly.
  const parts = rows.slice(from, to)
  let covered = 0
  let srcMin = 0
  for (const r of parts) {
    covered += Math.min(r[2] * 1000, endMs) - Math.max(r[0] * 1000, startMs)
    srcMin = Math.max(srcMin, (r[2] - r[0]) / 60)
  }
  // Rows carry provenance only when it is asked for: then the latest document's (CREATED,
  // the document's creation time) stands for the hour.
  let prov: Array<string | number | null> | null = null
  if (parts[0].length > PROV) {
    let newest = parts[0]
    for (const r of parts) if (String(r[CREATED] ?? '') > String(newest[CREATED] ?? '')) newest = r
    prov = newest.slice(PROV)
  }
  if (covered !== endMs - startMs || parts.some((r) => r[0] * 1000 < startMs || r[2] * 1000 > endMs)) {
    return { startMs, endMs, direction, volume: null, price: null, sourceMin: srcMin, filledFrom: null, prov }
  }
  const filled = parts.find((r) => r[5] !== null)
  return {
    startMs,
    endMs,
    direction,
    volume: aggregate(parts, 3, HOURLY[kind].volume),
    price: aggregate(parts, 4, HOURLY[kind].price),
    sourceMin: srcMin,
    filledFrom: filled ? filled[5] : null,
    prov,
  }
}

function split(v: number | null, share: number, rule: Aggregation): number | null {
  return v === null ? null : rule === 'sum' ? v * share : v
}

/** Sum, or the time-weighted mean, of column `col` over parts that tile the step exactly. */
function aggregate(parts: StoredRow[], col: 3 | 4, rule: Aggregation): number | null {
  if (rule === 'none' || parts.some((r) => r[col] === null)) return null
  let sum = 0
  let weighted = 0
  let seconds = 0
  for (const r of parts) {
    const v = r[col] as number
    sum += v
    weighted += v * (r[2] - r[0])
    seconds += r[2] - r[0]
  }
  return rule === 'sum' ? sum : weighted / seconds
}
