/**
 * The story of a series answer, whatever its shape (one zone, several, wide): resolve each
 * zone's range and the versions of its days (the ETag), then produce the records from D1 a
 * window at a time as a pull stream. Takes ports and the parsed query, never a Context;
 * routes/series.ts adds the HTTP around it (headers, 304, the Cache API).
 */
import { includes, type SeriesQueryInput } from '../schemas'
import { SERIES, type SeriesName } from '../domain/series'
import { rangeVersion, readPoints, readRevisions, readWindowMs, zoneState } from '../store'
import { RecordWriter, type Format, type StoredRow } from '../domain/output/records'
import { TextSink } from '../domain/output/text-sink'
import { resolveRange, type ResolvedRange } from '../domain/output/range'
import { answerVariant } from '../domain/answer'
import { FRANCE, ZONES, type Zone } from '../domain/zones'
import { dayBoundsUtc, dayStartUtc, parisDayOf } from '../domain/time/paris'
import { gridRecords, type WideWriter } from '../domain/output/wide'
import { PSR_TYPES } from '../domain/entsoe/psr-types'

/** What reading an answer needs. */
export type ReadPorts = { db: D1Database }

/** Rows written per chunk of a streamed answer: about three weeks of quarter-hour prices, 400 KB of JSON. */
const SLICE_ROWS = 2_000

/** A block of time of a wide answer: 28 days of every zone, one D1 query per zone. */
const WIDE_BLOCK_MS = 28 * 86_400_000

export type ResolvedZone = { zone: Zone; range: ResolvedRange | null; days: number; tag: string }

/** Each zone's range (in its own time) and the versions of its days, which make its part of the ETag. */
export async function resolveZones(
  ports: ReadPorts,
  name: SeriesName,
  zones: Zone[],
  q: SeriesQueryInput,
  hasToken: boolean
): Promise<ResolvedZone[]> {
  const resolved: ResolvedZone[] = []
  for (const zone of zones) {
    let range = resolveRange(q, zone, null, hasToken)
    if (!range) range = resolveRange(q, zone, (await zoneState(ports.db, name, zone.eic))?.latestDay ?? null, hasToken)
    const version = range ? await rangeVersion(ports.db, name, zone.eic, range.fromDay, range.toDay) : null
    const tag = `${answerVariant(name, zone, range, q)}.${version ? `${version.days}-${version.maxVersion}-${version.sumVersion}` : '0'}`
    resolved.push({ zone, range, days: version?.days ?? 0, tag })
  }
  return resolved
}

/**
 * `layout=wide`: the rows of every zone, a block of 28 days at a time (one D1 query per zone
 * and block), each zone's whole delivery days put on the grid as the long format does.
 */
export function wideStream(
  ports: ReadPorts,
  name: SeriesName,
  resolved: ResolvedZone[],
  q: SeriesQueryInput,
  writer: WideWriter
): ReadableStream<Uint8Array> {
  const kind = SERIES[name].kind === 'load' ? 'load' : 'price'
  const held = resolved.filter((r) => r.range && r.days > 0) as Array<{ zone: Zone; range: ResolvedRange }>
  const target = q.resolution === 'PT60M' ? 60 : 15
  const startMs = Math.min(...held.map((r) => r.range.startMs))
  const endMs = Math.max(...held.map((r) => r.range.endMs))
  const sink = new TextSink()
  sink.add(writer.head())
  let block = startMs
  const stream = new ReadableStream<Uint8Array>({
    async pull(controller) {
      while (block < endMs) {
        const blockEnd = Math.min(endMs, block + WIDE_BLOCK_MS)
        const perZone = await Promise.all(
          resolved.map(async (r) => {
            if (!r.range || !r.days) return []
            const from = Math.max(block, r.range.startMs)
            const to = Math.min(blockEnd, r.range.endMs)
            if (from >= to) return []
            // Whole delivery days, so each is put on the grid as the long format does.
            const base = r.zone.baseOffsetMs
            const readFrom = dayStartUtc(parisDayOf(from, base), base)
            const readTo = dayBoundsUtc(parisDayOf(to - 1, base), base).endMs
            const rows: StoredRow[] = []
            for await (const page of readPoints(ports.db, name, r.zone.eic, readFrom, readTo, readTo - readFrom)) rows.push(...page)
            return gridRecords(rows, base, target, from, to, kind)
          })
        )
        block = blockEnd
        sink.add(writer.writeBlock(perZone))
        if (sink.size) {
          controller.enqueue(sink.take())
          return
        }
      }
      sink.add(writer.end())
      controller.enqueue(sink.take())
      controller.close()
    },
  })
  return stream
}

/** One zone's share of an answer: its writer and its rows, read a D1 window at a time. */
export type Part = {
  writer: RecordWriter
  pages: AsyncGenerator<StoredRow[]>
  revisionsUpTo: (toMs: number) => Promise<void>
  endMs: number
}

function writerFor(name: SeriesName, q: SeriesQueryInput, zone: Zone | null, range: ResolvedRange | null, labelled: boolean): RecordWriter {
  const info = SERIES[name]
  const { provenance, revisions } = includes(q)
  const tzZone = q.tz && q.tz !== 'UTC' ? ZONES.find((z) => z.timezone === q.tz) : undefined
  return new RecordWriter({
    kind: info.kind,
    directions: info.directions,
    format: q.format ?? 'json',
    target: q.resolution === 'native' ? 'native' : q.resolution === 'PT60M' ? 60 : 15,
    baseOffsetMs: zone?.baseOffsetMs ?? 3_600_000,
    provenance,
    revisions,
    tzBaseOffsetMs: tzZone ? tzZone.baseOffsetMs : null,
    clip: range && !range.wholeDays ? { startMs: range.startMs, endMs: range.endMs } : null,
    sourceResolution: info.sourceResolution,
    zone: labelled && zone ? zone.key : undefined,
  })
}

/** The header of an answer with no records (CSV: the column names). */
export function head(name: SeriesName, q: SeriesQueryInput, labelled = false): string {
  return writerFor(name, q, labelled ? FRANCE : null, null, labelled).head()
}

export function closing(format: Format): string {
  return format === 'json' ? ']' : ''
}

export function zonePart(
  ports: ReadPorts,
  q: SeriesQueryInput,
  name: SeriesName,
  zone: Zone,
  range: ResolvedRange | null,
  days: number,
  labelled: boolean
): Part | null {
  if (!range || !days) return null
  const { provenance, revisions } = includes(q)
  const writer = writerFor(name, q, zone, range, labelled)
  // Rows are read from the start of the first delivery day so partial days are resampled whole.
  const readFrom = Math.min(range.startMs, dayStartUtc(range.fromDay, zone.baseOffsetMs))
  const read = readPoints(
    ports.db,
    name,
    zone.eic,
    readFrom,
    range.endMs,
    // Generation holds up to one row per production type and interval.
    readWindowMs(SERIES[name].kind === 'generation' ? Object.keys(PSR_TYPES).length : SERIES[name].directions.length, provenance),
    provenance
  )
  const pages = q.psr_type ? onlyDirections(read, new Set(q.psr_type.split(','))) : read
  // include=revisions: the revisions of [revisionsFrom, up to the page's last row] are read
  // before the page is written, so each interval's earlier values are at hand when its record is.
  let revisionsFrom = readFrom
  const revisionsUpTo = async (toMs: number) => {
    if (!revisions) return
    writer.addRevisions(await readRevisions(ports.db, name, zone.eic, revisionsFrom, toMs))
    revisionsFrom = Math.max(revisionsFrom, toMs)
  }
  return { writer, pages, revisionsUpTo, endMs: range.endMs }
}

/** `psr_type=`: the rows of those production types only; a page left empty is skipped. */
async function* onlyDirections(pages: AsyncGenerator<StoredRow[]>, keep: ReadonlySet<string>): AsyncGenerator<StoredRow[]> {
  for await (const page of pages) {
    const rows = page.filter((r) => keep.has(r[1]))
    if (rows.length) yield rows
  }
}

/**
 * The answer's bytes, pull-based: the next D1 window is read only when the client has taken
 * the previous one, and a window (up to a year) goes out a slice of rows per chunk, each
 * encoded into its own buffer as it is written (text-sink.ts): the first bytes leave while the
 * rest is written, and no buffer grows to the size of the answer. Parts (zones) follow each
 * other; only one zone's rows are held at a time.
 */
export function streamParts(parts: Part[], format: Format): ReadableStream<Uint8Array> {
  const sink = new TextSink()
  sink.add(parts[0].writer.head())
  let current = 0
  let page: StoredRow[] = []
  let at = 0
  return new ReadableStream<Uint8Array>({
    // A pull ends with bytes enqueued or the stream closed: the stream asks again only after an enqueue.
    async pull(controller) {
      for (;;) {
        const part = parts[current]
        if (at >= page.length) {
          const next = await part.pages.next()
          if (next.done) {
            await part.revisionsUpTo(part.endMs)
            sink.add(part.writer.finish())
            current++
            page = []
            at = 0
            if (current < parts.length) {
              parts[current].writer.continueAfter(part.writer)
              continue
            }
            sink.add(closing(format))
            controller.enqueue(sink.take())
            controller.close()
            return
          }
          page = next.value
          at = 0
          await part.revisionsUpTo(page[page.length - 1][0] * 1000 + 1)
        }
        part.writer.writeTo(page, sink, at, at + SLICE_ROWS)
        at += SLICE_ROWS
        if (sink.size) {
          controller.enqueue(sink.take())
          return
        }
      }
    },
    async cancel() {
      for (let i = current; i < parts.length; i++) await parts[i].pages.return(undefined)
    },
  })
}
