import { COLUMNS, LOCAL_COLUMNS, PROVENANCE_COLUMNS, STATUS_COLUMNS, type RecordStatus, type SeriesKind } from '../series'
import { RevisionIndex, revisionJson, type RevisionRow } from './revisions'
import { dayBoundsUtc, parisDayOf, parisOffsetMs, HOUR_MS } from '../time/paris'
import type { TextSink } from './text-sink'
import { PSR_TYPES } from '../entsoe/psr-types'
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
  /** `include=revisions`: each record carries the earlier values of its interval (revisions.ts). */
  revisions?: boolean
  /** `tz=`: local times of this winter offset are added after the UTC ones; null for UTC only. */
  tzBaseOffsetMs: number | null
  /** A range given as times: records starting outside it are left out. */
  clip?: { startMs: number; endMs: number } | null
  /** `source_resolution` of every value, where the source's steps are finer than what is stored (series.ts). */
  sourceResolution?: string
  /** A request for several zones: every record starts with `zone`, this code (long format). */
  zone?: string
}

/**
 * Turns stored rows (sorted by start, then direction) into the response text, page by page,
 * so years are never held in memory at once. Rows are gathered per delivery day of the zone,
 * then written at the requested resolution (resample.ts). On the quarter-hour and hourly
 * grids every delivery day that has at least one row is written out whole, null where the
 * source gave nothing; days with no row at all are left out, so a range with no data is `[]`.
 */
export class RecordWriter {
  readonly columns: readonly string[]
  /** Fixed text between a record's values (see `record`), made once per answer. */
  private readonly text: RecordText
  /** What goes before the next JSON record: nothing for the first, a comma after. */
  private separator = ''
  private day: { startMs: number; endMs: number; rows: StoredRow[] } | null = null
  private isoDay = NaN
  private isoPrefix = ''
  /** The fixed text of resolution and source resolution per (resolution, source resolution) in minutes: a year has one or two. */
  private readonly tails = new Map<number, Map<number | null, string>>()
  /** Earlier values per interval, when `include=revisions` (fed by the route with `addRevisions`). */
  private readonly history = new RevisionIndex()

  constructor(private readonly o: WriterOptions) {
    this.columns = [
      ...(o.zone ? ['zone'] : []),
      ...COLUMNS[o.kind].slice(0, 2),
      ...(o.tzBaseOffsetMs !== null ? LOCAL_COLUMNS : []),
      ...COLUMNS[o.kind].slice(2),
      ...STATUS_COLUMNS,
      ...(o.provenance ? PROVENANCE_COLUMNS : []),
      ...(o.revisions ? ['revisions'] : []),
    ]
    this.text = recordText(o.format, this.columns, o.zone)
  }

  /** Records of another zone follow `before`'s in the same answer (the JSON comma carries over). */
  continueAfter(before: RecordWriter): void {
    this.separator = before.separator
  }

  head(): string {
    return this.o.format === 'json' ? '[' : this.o.format === 'csv' ? this.columns.join(',') + '\r\n' : ''
  }

  /** Revisions of the stored intervals from where the last call ended; call before writing the rows they concern. */
  addRevisions(rows: RevisionRow[]): void {
    this.history.add(rows)
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
    return this.finish() + this.close()
  }

  /** The records still held back (the last delivery day), without closing the answer. */
  finish(): string {
    return this.day ? this.flush() : ''
  }

  /** What closes the answer after the last record. */
  close(): string {
    return this.o.format === 'json' ? ']' : ''
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

  /** `2025-11-12T00:00:00Z` without a Date per call (a year is 70,080 timestamps). */
  private iso(ms: number): string {
    const day = Math.floor(ms / DAY_MS) * DAY_MS
    if (day !== this.isoDay) {
      this.isoDay = day
      this.isoPrefix = new Date(day).toISOString().slice(0, 11)
    }
    return this.isoPrefix + timeOfDay((ms - day) / 60_000)
  }

  /** The local time of `tz=` with its offset: `2025-11-12T00:00:00+01:00`. */
  private local(ms: number): string {
    const offset = parisOffsetMs(ms, this.o.tzBaseOffsetMs!)
    const sign = offset < 0 ? '-' : '+'
    const h = Math.floor(Math.abs(offset) / HOUR_MS)
    const m = (Math.abs(offset) % HOUR_MS) / 60_000
    return new Date(ms + offset).toISOString().slice(0, 19) + `${sign}${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`
  }

  /**
   * One record's text (a year is 35,040 records): the values in between fixed pieces made
   * once per answer (`recordText`) and a cached piece for resolution and source resolution,
   * so a quarter-hour price is a dozen appends. No array of values per record, and no
   * escaping test on the values we format ourselves (times, direction, durations, numbers,
   * status), which need none; only provenance and revisions go through JSON.stringify or
   * csvField. `${null}` is `null` and `${n}` is String(n), the shortest text that reads back
   * as the same double, as JSON.stringify writes numbers.
   */
  private record(r: OutRecord): string {
    const t = this.text
    const kind = this.o.kind
    const csv = this.o.format === 'csv'
    let line = this.separator + t.first + this.iso(r.startMs) + t.after.hour_end_utc + this.iso(r.endMs)
    if (this.o.tzBaseOffsetMs !== null)
      line += t.after.hour_start_local + this.local(r.startMs) + t.after.hour_end_local + this.local(r.endMs)
    if (kind === 'generation') line += t.after.psr_type + r.direction + t.after.production_type + (PSR_TYPES[r.direction] ?? '')
    else if (kind !== 'price' && kind !== 'load') line += t.after.direction + r.direction
    // Load and generation hold one value, MW, in the volume column (series.ts).
    const single = kind === 'load' || kind === 'generation'
    const hasVolume = kind === 'capacity' || kind === 'energy'
    if (hasVolume || single) line += t.volume + (csv ? (r.volume ?? '') : `${r.volume}`)
    if (!single) line += (hasVolume ? t.price : t.volume) + (csv ? (r.price ?? '') : `${r.price}`)
    line += this.tail(r)
    const missing = single ? r.volume === null : r.price === null && (!hasVolume || r.volume === null)
    const status: RecordStatus = missing ? 'missing' : r.filledFrom !== null ? 'filled' : 'published'
    line += t.status[status] + (missing || r.filledFrom === null ? t.noPosition : `${r.filledFrom}`)
    if (this.o.provenance) {
      const prov = r.prov ?? NO_PROVENANCE
      for (let i = 0; i < prov.length; i++) line += t.provenance[i] + (csv ? csvField(prov[i]) : JSON.stringify(prov[i]))
    }
    if (this.o.revisions) {
      const list = this.history.of(r.direction, r.startMs, r.endMs).map((v) => revisionJson(v, kind))
      line += t.revisions + (csv ? csvField(`[${list.join(',')}]`) : `[${list.join(',')}]`)
    }
    line += t.close
    if (this.o.format === 'json') this.separator = ','
    return line
  }

  /** Resolution and source resolution with the separators before them. */
  private tail(r: OutRecord): string {
    const resMin = (r.endMs - r.startMs) / 60_000
    let bySource = this.tails.get(resMin)
    if (!bySource) this.tails.set(resMin, (bySource = new Map()))
    let tail = bySource.get(r.sourceMin)
    if (tail === undefined) {
      const resolution = duration(resMin)
      const source = r.sourceMin === null ? null : (this.o.sourceResolution ?? duration(r.sourceMin))
      tail =
        this.o.format === 'csv'
          ? `,${resolution},${source ?? ''}`
          : `${this.text.resolution}"${resolution}"${this.text.source}${source === null ? 'null' : `"${source}"`}`
      bySource.set(r.sourceMin, tail)
    }
    return tail
  }
}

/** The fixed text of a record between its values, for one format and column list. */
type RecordText = {
  /** Before the first value (the start time). */
  first: string
  /** Before each text value after the first, closing the one before it: `","name":"` in JSON, `,` in CSV. */
  after: Record<string, string>
  /** Before the first number (volume, or price where there is no volume): closes the text value before it. */
  volume: string
  /** Before the price after a volume. */
  price: string
  resolution: string
  source: string
  /** The status column with its value, and the separator before the position. */
  status: Record<RecordStatus, string>
  /** The position of a record that is not filled. */
  noPosition: string
  /** Before each provenance column. */
  provenance: string[]
  revisions: string
  /** The record's end: `}` (and a line end in NDJSON), a CSV line end. */
  close: string
}

function recordText(format: Format, columns: readonly string[], zone?: string): RecordText {
  const csv = format === 'csv'
  const key = (name: string) => (csv ? ',' : `,"${name}":`)
  const after: Record<string, string> = {}
  for (const c of columns) after[c] = csv ? ',' : `"${key(c)}"`
  const numbers = columns.filter((c) => c.startsWith('volume') || c.startsWith('price') || c.endsWith('_mw'))
  const status = (s: RecordStatus) => (csv ? `,${s},` : `${key('status')}"${s}"${key('filled_from_position')}`)
  const provenanceAt = columns.indexOf('source')
  return {
    // The zone code (letters, digits, `_`, `-`, parentheses) needs no escaping in either format.
    first: zone ? (csv ? `${zone},` : `{"zone":"${zone}","${columns[1]}":"`) : csv ? '' : `{"${columns[0]}":"`,
    after,
    volume: csv ? ',' : `"${key(numbers[0])}`,
    price: numbers[1] ? key(numbers[1]) : '',
    resolution: key('resolution'),
    source: key('source_resolution'),
    status: { published: status('published'), filled: status('filled'), missing: status('missing') },
    noPosition: csv ? '' : 'null',
    provenance: provenanceAt < 0 ? [] : columns.slice(provenanceAt, provenanceAt + 5).map(key),
    revisions: key('revisions'),
    close: csv ? '\r\n' : format === 'ndjson' ? '}\n' : '}',
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
