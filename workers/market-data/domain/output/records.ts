import { COLUMNS, PROVENANCE_COLUMNS, type SeriesKind } from '../series'
import { dayBoundsUtc, parisDayOf, parisOffsetMs, HOUR_MS } from '../time/paris'
import { recordsOfDay, type OutRecord, type StoredRow, type Target } from './resample'

export type { StoredRow }
export type Format = 'json' | 'csv' | 'ndjson'

export type WriterOptions = {
  kind: SeriesKind
  directions: readonly string[]
  format: Format
  target: Target
  /** The zone's winter offset (its delivery days). */
  baseOffsetMs: number
  provenance: boolean
  /** Output timestamps: UTC with `Z`, or local time of this winter offset with its offset. */
  tzBaseOffsetMs: number | null
  /** A range given as times: records starting outside it are left out. */
  clip?: { startMs: number; endMs: number } | null
  /** `source_resolution` of every value, where the source's steps are finer than what is stored (series.ts). */
  sourceResolution?: string
}

/**
 * Turns stored rows (sorted by start, then direction) into the response text, page by page,
 * so years are never held in memory at once. Rows are gathered per delivery day of the zone,
 * then written at the requested resolution (resample.ts). On the quarter-hour and hourly
 * grids every delivery day that has at least one row is written out whole, null where the
 * source gave nothing; days with no row at all are left out, so a range with no data is `[]`.
 */
export class RecordWriter {
  private readonly columns: readonly string[]
  /** `"name":` of each column, with the comma before all but the first. */
  private readonly keys: readonly string[]
  /** Columns whose values this writer formats itself (no character needs escaping). */
  private readonly ownColumns: number
  private first = true
  private day: { startMs: number; endMs: number; rows: StoredRow[] } | null = null
  private isoDay = NaN
  private isoPrefix = ''

  constructor(private readonly o: WriterOptions) {
    this.columns = [...COLUMNS[o.kind], ...(o.provenance ? PROVENANCE_COLUMNS : [])]
    this.keys = this.columns.map((c, i) => `${i ? ',' : ''}"${c}":`)
    this.ownColumns = COLUMNS[o.kind].length
  }

  head(): string {
    return this.o.format === 'json' ? '[' : this.o.format === 'csv' ? this.columns.join(',') + '\r\n' : ''
  }

  /** Text for a page of rows; holds back the last delivery day until it is complete. */
  write(rows: StoredRow[]): string {
    const out: string[] = []
    for (const row of rows) {
      const startMs = row[0] * 1000
      if (!this.day || startMs >= this.day.endMs) {
        if (this.day) this.flush(out)
        const bounds = dayBoundsUtc(parisDayOf(startMs, this.o.baseOffsetMs), this.o.baseOffsetMs)
        this.day = { ...bounds, rows: [] }
      }
      this.day.rows.push(row)
    }
    return out.join('')
  }

  end(): string {
    const out: string[] = []
    if (this.day) this.flush(out)
    if (this.o.format === 'json') out.push(']')
    return out.join('')
  }

  private flush(out: string[]): void {
    const clip = this.o.clip
    for (const r of recordsOfDay(this.day!, this.o.target, this.o.directions, this.o.kind)) {
      if (!clip || (r.startMs >= clip.startMs && r.startMs < clip.endMs)) out.push(this.record(r))
    }
    this.day = null
  }

  /** `2025-11-12T00:00:00Z` without a Date per call (a year is 70,080 timestamps), or local. */
  private iso(ms: number): string {
    if (this.o.tzBaseOffsetMs !== null) {
      const offset = parisOffsetMs(ms, this.o.tzBaseOffsetMs)
      const sign = offset < 0 ? '-' : '+'
      const h = Math.floor(Math.abs(offset) / HOUR_MS)
      const m = (Math.abs(offset) % HOUR_MS) / 60_000
      return new Date(ms + offset).toISOString().slice(0, 19) + `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`
    }
    const day = Math.floor(ms / DAY_MS) * DAY_MS
    if (day !== this.isoDay) {
      this.isoDay = day
      this.isoPrefix = new Date(day).toISOString().slice(0, 11)
    }
    const minutes = (ms - day) / 60_000
    return this.isoPrefix + `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00Z`
  }

  private record(r: OutRecord): string {
    const resolution = duration((r.endMs - r.startMs) / 60_000)
    const source = r.sourceMin === null ? null : (this.o.sourceResolution ?? duration(r.sourceMin))
    const values: Array<string | number | null> =
      this.o.kind === 'price'
        ? [this.iso(r.startMs), this.iso(r.endMs), r.price, resolution, source]
        : this.o.kind === 'marginal'
          ? [this.iso(r.startMs), this.iso(r.endMs), r.direction, r.price, resolution, source]
          : [this.iso(r.startMs), this.iso(r.endMs), r.direction, r.volume, r.price, resolution, source]
    if (this.o.provenance) values.push(...(r.prov ?? [null, null, null, null, null]))
    const sep = this.first ? '' : this.o.format === 'json' ? ',' : ''
    this.first = false
    if (this.o.format === 'csv') return values.map(csvField).join(',') + '\r\n'
    // One string built in place (a year is 35,040 records): the keys are written once, in the
    // constructor, and the values we format ourselves (times, direction, durations) need no
    // escaping; only provenance text goes through JSON.stringify.
    let body = '{'
    for (let i = 0; i < values.length; i++) {
      const v = values[i]
      // String(n) is the shortest text that reads back as the same double, as JSON.stringify writes it.
      body += this.keys[i] + (v === null ? 'null' : typeof v === 'number' ? String(v) : i < this.ownColumns ? `"${v}"` : JSON.stringify(v))
    }
    return this.o.format === 'json' ? sep + body + '}' : body + '}\n'
  }
}

const DAY_MS = 86_400_000

/** ISO 8601 duration of whole minutes: PT15M, PT60M (the platform's spelling for an hour). */
function duration(minutes: number): string {
  return `PT${minutes}M`
}

/** RFC 4180: a field with a comma, quote or line break is quoted, quotes doubled. */
function csvField(v: string | number | null): string {
  if (v === null) return ''
  const s = String(v)
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s
}
