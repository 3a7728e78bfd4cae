/**
 * What an answer of a series endpoint depends on besides the stored data: the zone asked for,
 * the request shape (the ETag and every cache key are per shape), the CSV file name and the
 * warning about ignored parameters. Plain functions of the parsed query, shared by the route
 * (routes/series.ts) and the settled-day fast path (routes/settled.ts).
 */
import { DomainError } from '../../../shared/errors'
import type { ResolvedRange } from './output/range'
import type { Format } from './output/records'
import type { SeriesQueryInput } from '../schemas'
import { SERIES, type SeriesName } from './series'
import { FRANCE, findZone, type Zone } from './zones'

// Only answers of up to a month go to the Cache API: a tee'd stream buffers what the slower
// reader has not taken yet, and a multi-year stream must not be held in memory.
const MAX_CACHED_MS = 31 * 24 * 3_600_000

export const CONTENT_TYPES: Record<Format, string> = {
  json: 'application/json; charset=utf-8',
  csv: 'text/csv; charset=utf-8; header=present',
  ndjson: 'application/x-ndjson; charset=utf-8',
}

/** The record shape's version: answers cached or tagged under an older shape are not served for this one. */
const SHAPE = 's2'

/** What an answer depends on besides the data: the cache and the ETag are per request shape. */
export function answerVariant(name: SeriesName, zone: Zone, range: ResolvedRange | null, q: SeriesQueryInput): string {
  return [
    SHAPE,
    name,
    zone.key,
    range ? `${range.startMs}-${range.endMs}` : 'none',
    q.format ?? 'json',
    q.resolution ?? 'PT15M',
    q.include ?? '',
    q.tz ?? 'UTC',
    // The settled cache never holds a wide answer: its key differs from the long one's.
    ...(q.layout === 'wide' ? ['wide'] : []),
    ...(q.psr_type ? [`psr=${q.psr_type}`] : []),
  ].join('.')
}

export function isCacheableSpan(range: ResolvedRange): boolean {
  return range.endMs - range.startMs <= MAX_CACHED_MS
}

export function csvDisposition(name: SeriesName, zone: Zone, q: SeriesQueryInput, range: ResolvedRange | null, zones?: Zone[]): string {
  const label = zones && zones.length > 1 ? `_${zones.map((z) => z.key).join('+')}` : zone.eic === FRANCE.eic ? '' : `_${zone.key}`
  return `inline; filename="${name}${label}${range ? `_${fileDay(q.start ?? q.date ?? range.fromDay)}_${fileDay(q.end ?? range.toDay)}` : ''}.csv"`
}

export function ignoredWarning(ignored: string[]): string {
  return `299 - "Ignored unknown query parameter(s): ${ignored.map(safeName).join(', ')}"`
}

/** Zones one request may name (`zone=FR,DE-LU,BE`); each is one request or more of the limit (zoneYears). */
export const MAX_ZONES = 10

/** The zones a query names, in its order (France by default); a repeated or unknown zone, or more than MAX_ZONES, is a 400. */
export function pickZones(q: SeriesQueryInput, name: SeriesName): Zone[] {
  const names = q.zone ? q.zone.split(',').map((n) => n.trim()) : ['']
  if (names.length > MAX_ZONES) throw invalidZone(`at most ${MAX_ZONES} zones per request, ${names.length} given`)
  const zones = names.map((n) => pickZone({ ...q, zone: n }, name))
  const seen = new Set<string>()
  for (const z of zones) {
    if (seen.has(z.eic)) throw invalidZone(`${z.key} is named twice`)
    seen.add(z.eic)
  }
  return zones
}

/**
 * What an answer counts against the limit: one request per zone and started year (366 days)
 * of its range, at least one per zone (docs/market-data.md, "Access and limits").
 */
export function zoneYears(spans: Array<{ startMs: number; endMs: number } | null>): number {
  let units = 0
  for (const s of spans) units += s ? Math.max(1, Math.ceil((s.endMs - s.startMs) / (366 * 86_400_000))) : 1
  return units
}

function invalidZone(message: string): DomainError {
  return new DomainError('INVALID_QUERY', `Invalid request: zone: ${message}.`, { issues: [{ path: 'zone', message }] })
}

/** The zone a query names (France by default); reserves exist for France only. */
export function pickZone(q: SeriesQueryInput, name: SeriesName): Zone {
  if (!q.zone) return FRANCE
  const zone = findZone(q.zone)
  if (!zone)
    throw new DomainError(
      'INVALID_QUERY',
      `Invalid request: zone: unknown bidding zone; use an EIC code or a short name such as FR, DE-LU, NO2 (see /docs).`,
      { issues: [{ path: 'zone', message: 'unknown bidding zone' }] }
    )
  if (SERIES[name].source === 'rte' && zone.eic !== FRANCE.eic) {
    throw new DomainError('INVALID_QUERY', `Invalid request: zone: ${name} is published by RTE for France only.`, {
      issues: [{ path: 'zone', message: 'reserve series exist for France only' }],
    })
  }
  return zone
}

/** A parameter name as it may appear in a header: printable ASCII without quotes, 40 characters. */
function safeName(k: string): string {
  return k.replace(/[^\x21-\x7e]|["\\]/g, '?').slice(0, 40)
}

function fileDay(v: string): string {
  return v.replace(/[^0-9A-Za-z-]/g, '')
}
