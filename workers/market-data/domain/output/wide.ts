/**
 * `layout=wide`: one row per interval of the requested grid, one column per zone (the value
 * of a series with one value and no direction: day-ahead prices, load). Pure: each zone's records of
 * a block of time in, the rows' text out. A row is written for every interval at least one
 * zone has a record for (its delivery day is held), in time order; a zone without a record
 * there is null (empty in CSV), as on the long format's grid.
 */
import { dayBoundsUtc, HOUR_MS, parisDayOf, parisOffsetMs } from '../time/paris'
import type { Format } from './records'
import { recordsOfDay, type OutRecord, type StoredRow, type Target } from './resample'

export type WideOptions = {
  /** Zone codes, the value columns in this order. */
  zones: readonly string[]
  format: Format
  /** `tz=`: local times of this winter offset after the UTC ones; null for UTC only. */
  tzBaseOffsetMs: number | null
  /** The record field each cell holds: `price` (day-ahead prices) or `volume` (load, MW). */
  value?: 'price' | 'volume'
}

export class WideWriter {
  readonly columns: readonly string[]
  private separator = ''

  constructor(private readonly o: WideOptions) {
    this.columns = [
      'hour_start_utc',
      'hour_end_utc',
      ...(o.tzBaseOffsetMs !== null ? ['hour_start_local', 'hour_end_local'] : []),
      ...o.zones,
    ]
  }

  head(): string {
    return this.o.format === 'json' ? '[' : this.o.format === 'csv' ? `${this.columns.join(',')}\r\n` : ''
  }

  /** The rows of one block of time: `perZone[i]` holds zone i's records in the block, each list in time order. */
  writeBlock(perZone: OutRecord[][]): string {
    const byStart = new Map<number, { endMs: number; values: Array<number | null> }>()
    perZone.forEach((records, i) => {
      for (const r of records) {
        let row = byStart.get(r.startMs)
        if (!row) byStart.set(r.startMs, (row = { endMs: r.endMs, values: this.o.zones.map(() => null) }))
        row.values[i] = this.o.value === 'volume' ? r.volume : r.price
      }
    })
    let out = ''
    for (const start of [...byStart.keys()].sort((a, b) => a - b)) out += this.row(start, byStart.get(start)!)
    return out
  }

  end(): string {
    return this.o.format === 'json' ? ']' : ''
  }

  private row(startMs: number, row: { endMs: number; values: Array<number | null> }): string {
    const times = [iso(startMs), iso(row.endMs)]
    if (this.o.tzBaseOffsetMs !== null) times.push(local(startMs, this.o.tzBaseOffsetMs), local(row.endMs, this.o.tzBaseOffsetMs))
    if (this.o.format === 'csv') return `${times.join(',')},${row.values.map((v) => (v === null ? '' : String(v))).join(',')}\r\n`
    const fields = this.columns.map((c, i) => `"${c}":${i < times.length ? `"${times[i]}"` : String(row.values[i - times.length])}`)
    const line = `${this.separator}{${fields.join(',')}}${this.o.format === 'ndjson' ? '\n' : ''}`
    if (this.o.format === 'json') this.separator = ','
    return line
  }
}

/**
 * A zone's records on the grid whose start lies in [fromMs, toMs), from rows of whole delivery
 * days (sorted by start): what the long format would give for those intervals.
 */
export function gridRecords(
  rows: StoredRow[],
  baseOffsetMs: number,
  target: Exclude<Target, 'native'>,
  fromMs: number,
  toMs: number,
  kind: 'price' | 'load' = 'price'
): OutRecord[] {
  const out: OutRecord[] = []
  let i = 0
  while (i < rows.length) {
    const day = dayBoundsUtc(parisDayOf(rows[i][0] * 1000, baseOffsetMs), baseOffsetMs)
    const dayRows: StoredRow[] = []
    while (i < rows.length && rows[i][0] * 1000 < day.endMs) dayRows.push(rows[i++])
    for (const r of recordsOfDay({ ...day, rows: dayRows }, target, [''], kind)) if (r.startMs >= fromMs && r.startMs < toMs) out.push(r)
  }
  return out
}

function iso(ms: number): string {
  return new Date(ms).toISOString().replace('.000Z', 'Z')
}

function local(ms: number, baseOffsetMs: number): string {
  const offset = parisOffsetMs(ms, baseOffsetMs)
  const sign = offset < 0 ? '-' : '+'
  const h = String(Math.floor(Math.abs(offset) / HOUR_MS)).padStart(2, '0')
  const m = String((Math.abs(offset) % HOUR_MS) / 60_000).padStart(2, '0')
  return `${new Date(ms + offset).toISOString().slice(0, 19)}${sign}${h}:${m}`
}
