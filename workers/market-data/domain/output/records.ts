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
  private first = true
  private day: { startMs: number; endMs: number; rows: StoredRow[] } | null = null
  private isoDay = NaN
  private isoPrefix = ''

  constructor(private readonly o: WriterOptions) {
    this.columns = [...COLUMNS[o.kind], ...(o.provenance ? PROVENANCE_COLUMNS : [])]
    this.keys = this.columns.map((c, i) => `${i ? ',' : ''}"${c}":`)
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
    return this.isoPrefix + timeOfDay((ms - day) / 60_000)
  }

  /**
   * One record's text, written column by column for its kind (a year is 35,040 records):
   * no array of values per record, and no escaping test on the values we format ourselves
   * (times, direction, durations, numbers), which need none; only provenance text goes
   * through JSON.stringify or csvField.
   */
  private record(r: OutRecord): string {
    const start = this.iso(r.startMs)
    const end = this.iso(r.endMs)
    const resolution = duration((r.endMs - r.startMs) / 60_000)
    const source = r.sourceMin === null ? null : (this.o.sourceResolution ?? duration(r.sourceMin))
    const kind = this.o.kind
    const prov = this.o.provenance ? (r.prov ?? NO_PROVENANCE) : null
    if (this.o.format === 'csv') {
      let line = `${start},${end}`
      if (kind !== 'price') line += `,${r.direction}`
      if (kind === 'capacity' || kind === 'energy') line += `,${r.volume ?? ''}`
      line += `,${r.price ?? ''},${resolution},${source ?? ''}`
      if (prov) for (const v of prov) line += `,${csvField(v)}`
      return line + '\r\n'
    }
    const k = this.keys
    let i = 2
    // `${null}` is `null` and `${n}` is String(n), the shortest text that reads back as the
    // same double, as JSON.stringify writes numbers.
    let body = `{${k[0]}"${start}"${k[1]}"${end}"`
    if (kind !== 'price') body += `${k[i++]}"${r.direction}"`
    if (kind === 'capacity' || kind === 'energy') body += `${k[i++]}${r.volume}`
    body += `${k[i++]}${r.price}${k[i++]}"${resolution}"${k[i++]}${source === null ? 'null' : `"${source}"`}`
    if (prov) for (const v of prov) body += `${k[i++]}${JSON.stringify(v)}`
    body += '}'
    if (this.o.format === 'ndjson') return body + '\n'
    const sep = this.first ? '' : ','
    this.first = false
    return sep + body
  }
}

const NO_PROVENANCE: ReadonlyArray<null> = [null, null, null, null, null]

/** `HH:MM:00Z` of each minute of a UTC day, made once (two per record otherwise). */
const TIMES_OF_DAY: string[] = []
function timeOfDay(minutes: number): string {
  const cached = TIMES_OF_DAY[minutes]
  if (cached !== undefined) return cached
  const text = `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}:00Z`
  if (Number.isInteger(minutes)) TIMES_OF_DAY[minutes] = text
  return text
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
