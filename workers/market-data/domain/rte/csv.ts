/**
 * RTE answers in CSV (`Accept: text/csv`) → the same item records as the JSON answer, so the
 * same normalisers read them. What is known of the format (`../shared/data/SOURCES.md`,
 * market section, from public client code; no real CSV answer is staged): title lines, then
 * a `;`-separated table whose header line starts with `Heure de`, times written
 * `dd/mm/yyyy HH:MM` in Paris local time.
 *
 * - The `Heure de début` / `Heure de fin` columns become `start_date` / `end_date` with their
 *   offset (`2025-06-15T00:00:00+02:00`); in the October switch's repeated hour, rows come in
 *   time order, so a start that would go backwards is read in winter time (as rte/marginal.ts).
 * - Other columns keep their header as the field name; numbers may use a decimal comma.
 *   A blank cell is a missing value.
 * - Which resource a table is, is read from its columns (data/rte-csv.json): the JSON field
 *   names of a resource we read (unverified: no real CSV of these resources is staged).
 *
 * Linear in the size of the answer: one pass over lines and cells, fixed-width patterns.
 */
import { RteError } from './errors'
import { HOUR_MS, parisOffsetMs, parseDay } from '../time/paris'
import table from '../../data/rte-csv.json'

export type CsvRecord = Record<string, string | number | null>

const LOCAL_TIME = /^(\d{2})\/(\d{2})\/(\d{4}) (\d{2}):(\d{2})$/
const NUMBER = /^[-+]?\d{1,30}(?:[.,]\d{1,30})?$/
const MAX_COLUMNS = 200

/** The rows of an RTE CSV answer as JSON-answer records; throws RteError when it is not one. */
export function readRteCsv(text: string): { header: string[]; records: CsvRecord[] } {
  const lines = (text.charCodeAt(0) === 0xfeff ? text.slice(1) : text).split(/\r?\n/)
  const at = lines.findIndex((l) => l.startsWith('Heure de'))
  if (at < 0) throw new RteError('MALFORMED', 'RTE CSV answer without a table header ("Heure de …").')
  const labels = lines[at].split(';').map((h) => h.trim())
  if (labels.length > MAX_COLUMNS) throw new RteError('MALFORMED', `RTE CSV answer with ${labels.length} columns.`)
  const header = labels.map((h) => (table.columns as Record<string, string>)[h] ?? h)
  const startAt = header.indexOf('start_date')
  if (startAt < 0) throw new RteError('MALFORMED', 'RTE CSV answer without a start time column.')
  const records: CsvRecord[] = []
  let previous = -Infinity
  for (let i = at + 1; i < lines.length; i++) {
    if (lines[i].trim() === '') continue
    const cells = lines[i].split(';')
    if (cells.length !== header.length)
      throw new RteError('MALFORMED', `RTE CSV line ${i + 1} has ${cells.length} cells for ${header.length} columns.`)
    // The start first: the end of the same row is read as the first instant after it.
    const start = localInstant(cells[startAt].trim(), previous, i + 1)
    previous = start
    const record: CsvRecord = {}
    for (let c = 0; c < header.length; c++) {
      const cell = cells[c].trim()
      if (c === startAt) record.start_date = isoWithOffset(start)
      else if (header[c] === 'end_date') record.end_date = isoWithOffset(localInstant(cell, start, i + 1))
      else record[header[c]] = cell === '' ? null : NUMBER.test(cell) ? Number(cell.replace(',', '.')) : cell
    }
    records.push(record)
  }
  return { header, records }
}

type CsvResource = { marks: string[]; wrap: string[] }

/** The resource an RTE CSV table is, from its columns (data/rte-csv.json), or null. */
export function csvResource(header: string[]): string | null {
  for (const [resource, r] of Object.entries(table.resources as Record<string, CsvResource>)) {
    if (r.marks.every((m) => header.includes(m))) return resource
  }
  return null
}

/**
 * An RTE CSV answer as the JSON answer of its resource (`{"picasso":{"picasso_mesures":[…]}}`),
 * for the JSON readers; throws RteError naming the table when it is not a resource we read,
 * or another resource than `expected`.
 */
export function csvAsJson(text: string, expected?: string): unknown {
  const { header, records } = readRteCsv(text)
  const resource = csvResource(header)
  if (!resource || (expected && resource !== expected)) {
    throw new RteError(
      'MALFORMED',
      `RTE CSV answer with columns ${header.slice(0, 6).join(', ')}: not ${expected ?? 'a resource this service reads'}.`
    )
  }
  const [outer, inner] = (table.resources as Record<string, CsvResource>)[resource].wrap
  return { [outer]: { [inner]: records } }
}

/** `dd/mm/yyyy HH:MM` in Paris local time → UTC ms; in the repeated October hour the first instant after `after`. */
function localInstant(raw: string, after: number, line: number): number {
  const m = LOCAL_TIME.exec(raw)
  const day = m ? parseDay(`${m[3]}-${m[2]}-${m[1]}`) : null
  if (!m || day === null || Number(m[4]) > 23 || Number(m[5]) > 59)
    throw new RteError('MALFORMED', `RTE CSV line ${line}: "${raw.slice(0, 30)}" is not a time dd/mm/yyyy HH:MM.`)
  const wall = day + (Number(m[4]) * 60 + Number(m[5])) * 60_000
  const candidates = [2 * HOUR_MS, HOUR_MS].map((o) => wall - o).filter((t) => parisOffsetMs(t) === wall - t)
  const at = candidates.find((t) => t > after)
  if (at === undefined) {
    const why = candidates.length ? 'comes before the row or time preceding it' : 'does not exist in Paris (the March switch)'
    throw new RteError('MALFORMED', `RTE CSV line ${line}: ${raw} ${why}.`)
  }
  return at
}

function isoWithOffset(ms: number): string {
  const offset = parisOffsetMs(ms)
  return `${new Date(ms + offset).toISOString().slice(0, 19)}+0${offset / HOUR_MS}:00`
}
