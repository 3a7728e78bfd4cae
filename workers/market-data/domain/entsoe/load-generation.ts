/**
 * Reads ENTSO-E load and generation documents (GL_MarketDocument): actual total load and the
 * day-ahead load forecast (A65, Regulation (EU) 543/2013 art. 6.1.a and 6.1.b, processType
 * A16 realised / A01 day-ahead) and actual generation per production type (A75, art. 16.1.b
 * and c, processType A16). Values are MW (`quantity_Measure_Unit` MAW): mean power over each
 * interval, not energy. Periods are read as for prices (period.ts: PT15M/PT30M/PT60M kept as
 * published, A03 carried forward within its Period only, nothing past a Period's end).
 */
import { EntsoeError } from './errors'
import { childrenNamed, textAt, type XmlElement } from '../xml/reader'
import { openEntsoeBody } from './day-ahead'
import { MINUTE_MS, parisDayOf } from '../time/paris'
import type { Direction, IntervalValue } from '../series'
import { zoneByEic } from '../zones'
import { createdAt, readPeriod, toInt } from './period'
import { PSR_TYPES } from './psr-types'

/** What we ask ENTSO-E for: the document type and process type that name a series. */
export type GlQuery = { documentType: 'A65' | 'A75'; processType: 'A16' | 'A01' }

/** Generation and load documents, major version 3 (the only one the platform serves). */
const GL_NAMESPACE = /^urn:iec62325\.351:tc57wg16:451-6:generationloaddocument:3:\d+$/

/** One direction's values of a document (load: ''; generation: a psrType) with the Periods it declares. */
export type GlPart = {
  direction: string
  values: IntervalValue[]
  covers: Array<{ startMs: number; endMs: number }>
}

export type GlDocument = {
  mRID: string
  revision: number | null
  createdAt: string | null
  zone: string
  parts: GlPart[]
  /** psrTypes the document held that are not B01–B20 (left out), and consumption series of A75 (left out). */
  skipped: string[]
}

export type GlOutcome = { kind: 'document'; document: GlDocument } | { kind: 'no-data'; reason: string }

/**
 * A GL_MarketDocument of the type and process asked for, for `expectedZone`. Throws
 * EntsoeError for anything else (another document type, process, zone or unit, a malformed
 * Period, one interval given two values).
 */
export function readGlDocument(root: XmlElement, query: GlQuery, expectedZone: string): GlOutcome {
  if (!GL_NAMESPACE.test(root.ns))
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Unknown GL_MarketDocument namespace "${root.ns || '(none)'}".`)
  const type = textAt(root, 'type')
  if (type !== query.documentType)
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected document type ${query.documentType}, got ${type ?? 'none'}.`)
  const process = textAt(root, 'process.processType')
  if (process !== query.processType)
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected processType ${query.processType}, got ${process ?? 'none'}.`)
  const zone = zoneByEic(expectedZone)
  if (!zone) throw new EntsoeError('WRONG_ZONE', `${expectedZone} is not a bidding zone this service holds.`)

  // Per direction and resolution: interval start → [value, filled from].
  const grids = new Map<string, Map<number, { value: number; filledFrom: number | null }>>()
  const periods = new Map<string, Array<{ startMs: number; endMs: number }>>()
  const skipped: string[] = []
  for (const series of childrenNamed(root, 'TimeSeries')) {
    const direction = seriesDirection(series, query, expectedZone, skipped)
    if (direction === null) continue
    const unit = textAt(series, 'quantity_Measure_Unit.name')
    if (unit && unit !== 'MAW') throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected quantities in MAW (MW), got ${unit}.`)
    const curve = textAt(series, 'curveType') || 'A01'
    if (curve !== 'A01' && curve !== 'A03') throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Unsupported curveType ${curve}.`)
    for (const period of childrenNamed(series, 'Period')) {
      const read = readPeriod(period, curve, 'quantity')
      const key = `${direction}/${read.resolutionMin}`
      let grid = grids.get(key)
      if (!grid) grids.set(key, (grid = new Map()))
      const list = periods.get(key) ?? []
      list.push({ startMs: read.startMs, endMs: read.endMs })
      periods.set(key, list)
      for (const [t, value, filledFrom] of read.values) {
        const seen = grid.get(t)
        if (seen !== undefined && seen.value !== value)
          throw new EntsoeError(
            'MALFORMED',
            `Two different quantities (${seen.value} and ${value}) for ${direction || 'load'} at ${new Date(t).toISOString()}.`
          )
        if (seen === undefined || seen.filledFrom !== null) grid.set(t, { value, filledFrom })
      }
    }
  }
  const parts = finestPerDay(grids, periods, zone.baseOffsetMs)
  if (!parts.length) {
    return {
      kind: 'no-data',
      reason: skipped.length ? `The document holds only series not served (${skipped.join(', ')}).` : 'The document holds no TimeSeries.',
    }
  }
  return {
    kind: 'document',
    document: {
      mRID: textAt(root, 'mRID') ?? '',
      revision: toInt(textAt(root, 'revisionNumber')),
      createdAt: createdAt(root),
      zone: expectedZone,
      parts,
      skipped,
    },
  }
}

/** Reads an ENTSO-E answer body: a GL_MarketDocument of `query` for `expectedZone`, or the platform's "no data". */
export function parseGlBody(body: string, query: GlQuery, expectedZone: string): GlOutcome {
  const opened = openEntsoeBody(body)
  if (opened.kind === 'no-data') return opened
  if (opened.root.name !== 'GL_MarketDocument')
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected a GL_MarketDocument, got ${opened.root.name}.`)
  return readGlDocument(opened.root, query, expectedZone)
}

/**
 * The direction a TimeSeries is stored under, or null when it is not served. Load: '' (the
 * zone is `outBiddingZone_Domain`, businessType A04 consumption). Generation: the psrType
 * (the zone is `inBiddingZone_Domain`, businessType A01 production); a series given for
 * `outBiddingZone_Domain` is the consumption of generation units (pumped storage pumping,
 * art. 16.1.b), not generation, and is left out like a psrType outside B01–B20.
 */
function seriesDirection(series: XmlElement, query: GlQuery, expectedZone: string, skipped: string[]): string | null {
  const inZone = textAt(series, 'inBiddingZone_Domain.mRID')
  const outZone = textAt(series, 'outBiddingZone_Domain.mRID')
  const zone = query.documentType === 'A65' ? outZone : (inZone ?? outZone)
  if (!zone) throw new EntsoeError('MALFORMED', 'A TimeSeries names no bidding zone.')
  if (zone !== expectedZone) throw new EntsoeError('WRONG_ZONE', `The document is for bidding zone ${zone}; ${expectedZone} was asked for.`)
  const business = textAt(series, 'businessType')
  if (query.documentType === 'A65') {
    if (business && business !== 'A04')
      throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected businessType A04 (consumption), got ${business}.`)
    return ''
  }
  const type = textAt(series, 'MktPSRType', 'psrType') ?? ''
  if (!inZone) {
    if (!skipped.includes(`${type} consumption`)) skipped.push(`${type} consumption`)
    return null
  }
  if (business && business !== 'A01')
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected businessType A01 (production), got ${business}.`)
  if (!PSR_TYPES[type]) {
    if (!skipped.includes(type || '(no psrType)')) skipped.push(type || '(no psrType)')
    return null
  }
  return type
}

/**
 * Per direction and delivery day, one resolution: the finest given (around a zone's move to
 * 15-minute intervals a document may hold both). Values keep their own resolution.
 */
function finestPerDay(
  grids: Map<string, Map<number, { value: number; filledFrom: number | null }>>,
  periods: Map<string, Array<{ startMs: number; endMs: number }>>,
  baseOffsetMs: number
): GlPart[] {
  const byDirection = new Map<string, Array<{ resolutionMin: number; key: string }>>()
  for (const key of grids.keys()) {
    const [direction, res] = key.split('/')
    const list = byDirection.get(direction) ?? []
    list.push({ resolutionMin: Number(res), key })
    byDirection.set(direction, list)
  }
  const parts: GlPart[] = []
  for (const [direction, list] of [...byDirection].sort(([a], [b]) => a.localeCompare(b))) {
    list.sort((a, b) => a.resolutionMin - b.resolutionMin)
    const dayOwner = new Map<string, number>()
    for (const { resolutionMin, key } of list) {
      for (const p of periods.get(key)!) {
        for (let t = p.startMs; t < p.endMs; t += resolutionMin * MINUTE_MS) {
          const day = parisDayOf(t, baseOffsetMs)
          if (!dayOwner.has(day)) dayOwner.set(day, resolutionMin)
        }
      }
    }
    const values: IntervalValue[] = []
    const covers: GlPart['covers'] = []
    for (const { resolutionMin, key } of list) {
      for (const [startMs, v] of grids.get(key)!) {
        if (dayOwner.get(parisDayOf(startMs, baseOffsetMs)) !== resolutionMin) continue
        values.push({ startMs, direction: direction as Direction, volume: v.value, price: null, resolutionMin, filledFrom: v.filledFrom })
      }
      for (const p of periods.get(key)!) {
        for (let t = p.startMs; t < p.endMs; t += resolutionMin * MINUTE_MS) {
          if (dayOwner.get(parisDayOf(t, baseOffsetMs)) !== resolutionMin) continue
          const last = covers[covers.length - 1]
          const next = t + resolutionMin * MINUTE_MS
          if (last && last.endMs === t) last.endMs = next
          else covers.push({ startMs: t, endMs: next })
        }
      }
    }
    values.sort((a, b) => a.startMs - b.startMs)
    covers.sort((a, b) => a.startMs - b.startMs)
    parts.push({ direction, values, covers })
  }
  return parts
}
