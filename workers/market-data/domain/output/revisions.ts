/**
 * `include=revisions`: the earlier values of each interval (table `point_revisions`, written by
 * triggers whenever a later document replaced or removed a stored value), attached to the
 * records they overlap. Pure: rows in, lists out.
 */
import type { SeriesKind } from '../series'

/** [start s, direction, end s, volume, price, filled_from, source, document_id, revision, document_created, ingested_at, superseded_at] */
export type RevisionRow = [
  number,
  string,
  number,
  number | null,
  number | null,
  number | null,
  string,
  string,
  number,
  string,
  string,
  string,
]

/**
 * Revisions of one answer, by direction, earliest start first. Records are asked for in time
 * order per direction (resample.ts), so a cursor per direction skips what ended before the
 * record; no stored interval is longer than an hour, so what is scanned after it is a few rows.
 */
export class RevisionIndex {
  private readonly byDir = new Map<string, { rows: RevisionRow[]; at: number }>()

  /** Rows sorted by start (store.ts readRevisions), later than any added before. */
  add(rows: RevisionRow[]): void {
    for (const r of rows) {
      let list = this.byDir.get(r[1])
      if (!list) this.byDir.set(r[1], (list = { rows: [], at: 0 }))
      list.rows.push(r)
    }
  }

  /** The revisions of `direction` overlapping [startMs, endMs), in the order they were stored. */
  of(direction: string, startMs: number, endMs: number): RevisionRow[] {
    const list = this.byDir.get(direction)
    if (!list) return []
    const { rows } = list
    while (list.at < rows.length && rows[list.at][2] * 1000 <= startMs) list.at++
    const out: RevisionRow[] = []
    for (let i = list.at; i < rows.length && rows[i][0] * 1000 < endMs; i++) if (rows[i][2] * 1000 > startMs) out.push(rows[i])
    // Drop what no later record can overlap, so a year's index does not grow with the answer.
    if (list.at > 1024) {
      rows.splice(0, list.at)
      list.at = 0
    }
    return out
  }
}

/** A revision as JSON text: the value columns of the series' records, then its document. */
export function revisionJson(r: RevisionRow, kind: SeriesKind): string {
  const value =
    kind === 'capacity'
      ? { volume_mw: r[3], price_eur_mw_h: r[4] }
      : kind === 'energy'
        ? { volume_mwh: r[3], price_eur_mwh: r[4] }
        : kind === 'load'
          ? { load_mw: r[3] }
          : kind === 'generation'
            ? { generation_mw: r[3] }
            : { price_eur_mwh: r[4] }
  return JSON.stringify({
    hour_start_utc: new Date(r[0] * 1000).toISOString().replace('.000Z', 'Z'),
    hour_end_utc: new Date(r[2] * 1000).toISOString().replace('.000Z', 'Z'),
    ...value,
    filled_from_position: r[5],
    source: r[6],
    document_id: r[7],
    revision: r[8],
    document_created: r[9],
    ingested_at: r[10],
    superseded_at: r[11],
  })
}
