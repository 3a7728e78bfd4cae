import { COLUMNS, type Direction, type SeriesKind } from '../series'
import { QUARTER_MS, dayBoundsUtc, parisDayOf } from '../time/paris'

/** A stored row as read back: [start (Unix seconds), direction, volume, price]. */
export type StoredRow = [number, string, number | null, number | null]

export type Format = 'json' | 'csv'

/**
 * Turns stored rows (sorted by start, then direction) into the response text, page by page,
 * so a year is never held in memory at once. Every delivery day that has at least one row is
 * written out whole: each of its quarter-hours (92/96/100) and each direction of the series,
 * with `null` where the source gave nothing. Days with no row at all are left out, so a
 * range with no data is `[]`.
 */
export class RecordWriter {
  private readonly columns: readonly string[]
  private first = true
  private day: { endMs: number } | null = null
  /** Next quarter-hour of the current day not yet written. */
  private cursor = 0
  private group: { startMs: number; byDirection: Map<string, StoredRow> } | null = null
  private isoDay = NaN
  private isoPrefix = ''

  constructor(
    private readonly kind: SeriesKind,
    private readonly directions: readonly Direction[],
    private readonly format: Format
  ) {
    this.columns = COLUMNS[kind]
  }

  head(): string {
    return this.format === 'json' ? '[' : this.columns.join(',') + '\r\n'
  }

  /** Text for a page of rows; may hold back the last quarter-hour until the next page. */
  write(rows: StoredRow[]): string {
    const out: string[] = []
    for (const row of rows) {
      const startMs = row[0] * 1000
      if (this.group && this.group.startMs !== startMs) this.flushGroup(out)
      if (!this.group) {
        this.enterDayOf(startMs, out)
        this.fillUntil(startMs, out)
        this.group = { startMs, byDirection: new Map() }
      }
      this.group.byDirection.set(row[1], row)
    }
    return out.join('')
  }

  end(): string {
    const out: string[] = []
    if (this.group) this.flushGroup(out)
    if (this.day) this.fillUntil(this.day.endMs, out)
    out.push(this.format === 'json' ? ']' : '')
    return out.join('')
  }

  private enterDayOf(startMs: number, out: string[]): void {
    if (this.day && startMs < this.day.endMs) return
    if (this.day) this.fillUntil(this.day.endMs, out)
    const bounds = dayBoundsUtc(parisDayOf(startMs))
    this.day = { endMs: bounds.endMs }
    this.cursor = bounds.startMs
  }

  private fillUntil(untilMs: number, out: string[]): void {
    for (; this.cursor < untilMs; this.cursor += QUARTER_MS) {
      for (const d of this.directions) out.push(this.record(this.cursor, d, null, null))
    }
  }

  private flushGroup(out: string[]): void {
    const g = this.group!
    for (const d of this.directions) {
      const row = g.byDirection.get(d)
      out.push(this.record(g.startMs, d, row ? row[2] : null, row ? row[3] : null))
    }
    this.cursor = g.startMs + QUARTER_MS
    this.group = null
  }

  /** Same text as isoUtc(), without a Date per call: a year is 70,080 timestamps. */
  private iso(ms: number): string {
    const day = Math.floor(ms / DAY_MS) * DAY_MS
    if (day !== this.isoDay) {
      this.isoDay = day
      this.isoPrefix = new Date(day).toISOString().slice(0, 11)
    }
    return this.isoPrefix + QUARTER_TIMES[(ms - day) / QUARTER_MS]
  }

  private record(startMs: number, direction: string, volume: number | null, price: number | null): string {
    const start = this.iso(startMs)
    const end = this.iso(startMs + QUARTER_MS)
    const sep = this.first ? '' : this.format === 'json' ? ',' : ''
    this.first = false
    if (this.format === 'csv') {
      return this.kind === 'price' ? `${start},${end},${csvNumber(price)}\r\n` : `${start},${end},${direction},${csvNumber(volume)},${csvNumber(price)}\r\n`
    }
    const [c0, c1, c2, c3, c4] = this.columns
    return this.kind === 'price'
      ? `${sep}{"${c0}":"${start}","${c1}":"${end}","${c2}":${jsonNumber(price)}}`
      : `${sep}{"${c0}":"${start}","${c1}":"${end}","${c2}":"${direction}","${c3}":${jsonNumber(volume)},"${c4}":${jsonNumber(price)}}`
  }
}

const DAY_MS = 86_400_000
/** `HH:MM:00Z` for each quarter-hour of a UTC day. */
const QUARTER_TIMES = Array.from({ length: 96 }, (_, i) => `${String(Math.floor(i / 4)).padStart(2, '0')}:${String((i % 4) * 15).padStart(2, '0')}:00Z`)

// String(n) is the shortest text that reads back as the same double, as JSON.stringify writes it.
function jsonNumber(n: number | null): string {
  return n === null ? 'null' : String(n)
}

function csvNumber(n: number | null): string {
  return n === null ? '' : String(n)
}
