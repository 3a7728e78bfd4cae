import { COLUMNS, PROVENANCE_COLUMNS, type SeriesKind } from '../series'
import { dayBoundsUtc, parisDayOf, parisOffsetMs, HOUR_MS } from '../time/paris'
import type { TextSink } from './text-sink'
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
  /** Fixed text between a record's values (see `record`), made once per answer. */
  private readonly text: RecordText
  /** What goes before the next JSON record: nothing for the first, a comma after. */
  private separator = ''
  private day: { startMs: number; endMs: number; rows: StoredRow[] } | null = null
  private isoDay = NaN
  private isoPrefix = ''
  /** The fixed end of a record per (resolution, source resolution) in minutes: a year has one or two. */
  private readonly tails = new Map<number, Map<number | null, string>>()

  constructor(private readonly o: WriterOptions) {
    this.columns = [...COLUMNS[o.kind], ...(o.provenance ? PROVENANCE_COLUMNS : [])]
    this.text = recordText(o.format, o.kind, this.columns)
  }

  head(): string {
    return this.o.format === 'json' ? '[' : this.o.format === 'csv' ? this.columns.join(',') + '\r\n' : ''
  }

  /** Text for a page of rows; holds back the last delivery day until it is complete. */
  write(rows: StoredRow[]): string {
    const out: string[] = []
    this.each(rows, (day) => out.push(day))
    return out.join('')
  }

  /** The same text as `write` for rows[from..to), encoded into `sink` a delivery day at a time (what the route streams). */
  writeTo(rows: StoredRow[], sink: TextSink, from = 0, to = rows.length): void {
    this.each(rows, (day) => sink.add(day), from, Math.min(to, rows.length))
  }

  private each(rows: StoredRow[], emit: (day: string) => void, from = 0, to = rows.length): void {
    for (let i = from; i < to; i++) {
      const row = rows[i]
      const startMs = row[0] * 1000
      if (!this.day || startMs >= this.day.endMs) {
        if (this.day) emit(this.flush())
        const bounds = dayBoundsUtc(parisDayOf(startMs, this.o.baseOffsetMs), this.o.baseOffsetMs)
        this.day = { ...bounds, rows: [] }
      }
      this.day.rows.push(row)
    }
  }

  end(): string {
    let out = this.day ? this.flush() : ''
    if (this.o.format === 'json') out += ']'
    return out
  }

  /**
   * The day's records as one string, appended record by record: measured in Node on a year
   * of quarter-hours, one growing string is cheaper to build and encode than an array of
   * record strings joined (docs/market-data.md, "Performance design").
   */
  private flush(): string {
    const clip = this.o.clip
    let out = ''
    for (const r of recordsOfDay(this.day!, this.o.target, this.o.directions, this.o.kind)) {
      if (!clip || (r.startMs >= clip.startMs && r.startMs < clip.endMs)) out += this.record(r)
    }
    this.day = null
    return out
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
   * One record's text (a year is 35,040 records): the values in between fixed pieces made
   * once per answer (`recordText`) and a cached end (resolution, source resolution and the
   * closing brace), so a quarter-hour price is eight appends. No array of values per record,
   * and no escaping test on the values we format ourselves (times, direction, durations,
   * numbers), which need none; only provenance text goes through JSON.stringify or csvField.
   * `${null}` is `null` and `${n}` is String(n), the shortest text that reads back as the
   * same double, as JSON.stringify writes numbers.
   */
  private record(r: OutRecord): string {
    const t = this.text
    const kind = this.o.kind
    let line = this.separator + t.start + this.iso(r.startMs) + t.end + this.iso(r.endMs)
    if (kind !== 'price') line += t.direction + r.direction
    if (this.o.format === 'csv') {
      if (kind === 'capacity' || kind === 'energy') line += `,${r.volume ?? ''}`
      line += `,${r.price ?? ''}` + this.tail(r)
      if (this.o.provenance) {
        for (const v of r.prov ?? NO_PROVENANCE) line += `,${csvField(v)}`
        line += '\r\n'
      }
      return line
    }
    line += t.afterText
    if (kind === 'capacity' || kind === 'energy') line += `${r.volume}${t.price}`
    line += `${r.price}` + this.tail(r)
    if (this.o.provenance) {
      const prov = r.prov ?? NO_PROVENANCE
      for (let i = 0; i < prov.length; i++) line += t.provenance[i] + JSON.stringify(prov[i])
      line += t.close
    }
    if (this.o.format === 'json') this.separator = ','
    return line
  }

  /** Resolution and source resolution with what follows them, up to the record's end unless provenance follows. */
  private tail(r: OutRecord): string {
    const resMin = (r.endMs - r.startMs) / 60_000
    let bySource = this.tails.get(resMin)
    if (!bySource) this.tails.set(resMin, (bySource = new Map()))
    let tail = bySource.get(r.sourceMin)
    if (tail === undefined) {
      const resolution = duration(resMin)
      const source = r.sourceMin === null ? null : (this.o.sourceResolution ?? duration(r.sourceMin))
      const close = this.o.provenance ? '' : this.text.close
      tail =
        this.o.format === 'csv'
          ? `,${resolution},${source ?? ''}${close}`
          : `${this.text.resolution}"${resolution}"${this.text.source}${source === null ? 'null' : `"${source}"`}${close}`
      bySource.set(r.sourceMin, tail)
    }
    return tail
  }
}

/** The fixed text of a record between its values, for one format and kind. */
type RecordText = {
  start: string
  end: string
  /** Before the direction (not for prices). */
  direction: string
  /** JSON: closes the last text value and names the first number (volume or price). */
  afterText: string
  /** JSON: names the price after a volume. */
  price: string
  resolution: string
  source: string
  /** JSON: names each provenance column. */
  provenance: string[]
  /** The record's end: `}` (and a line end in NDJSON), a CSV line end. */
  close: string
}

function recordText(format: Format, kind: SeriesKind, columns: readonly string[]): RecordText {
  if (format === 'csv') {
    return { start: '', end: ',', direction: ',', afterText: '', price: '', resolution: '', source: '', provenance: [], close: '\r\n' }
  }
  const key = (i: number) => `,"${columns[i]}":`
  const hasDirection = kind !== 'price'
  const hasVolume = kind === 'capacity' || kind === 'energy'
  // Column order (series.ts COLUMNS): start, end, [direction], [volume], price, resolution, source_resolution, [provenance].
  let i = hasDirection ? 3 : 2
  const afterText = `"${key(i++)}`
  const price = hasVolume ? key(i++) : ''
  return {
    start: `{"${columns[0]}":"`,
    end: `"${key(1)}"`,
    direction: hasDirection ? `"${key(2)}"` : '',
    afterText,
    price,
    resolution: key(i++),
    source: key(i++),
    provenance: columns.slice(i).map((_, j) => key(i + j)),
    close: format === 'ndjson' ? '}\n' : '}',
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
