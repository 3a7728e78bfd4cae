import { EntsoeError } from './errors'
import { XmlError, childrenNamed, parseXml, textAt, type XmlElement } from '../xml/reader'
import { HOUR_MS, MINUTE_MS, parisDayOf } from '../time/paris'
import { readPeriod, toInt } from './period'
import { zoneByEic } from '../zones'
import type { IntervalValue } from '../series'
import sequences from '../../data/price-sequences.json'

const SDAC_POSITION = new Map(Object.entries(sequences.zones).map(([eic, z]) => [eic, z.sdacPosition]))

/** EIC code of the French bidding zone (RTE control area), the default zone. */
export const FR_BIDDING_ZONE = '10YFR-RTE------C'

/**
 * Publication_MarketDocument namespaces we read. 7:0 is the long-standing one; 7:3 is what
 * the platform has served since its 2024/2025 schema update. The two differ only in header
 * fields we do not use.
 */
const PUBLICATION_NAMESPACES = new Set([
  'urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:0',
  'urn:iec62325.351:tc57wg16:451-3:publicationdocument:7:3',
])

/** One published interval (of `resolutionMin` from `startMs`) and its price. */
export type PriceSlot = {
  startMs: number
  price: number
  /** Resolution of the source series it came from (15, 30 or 60 minutes). */
  resolutionMin: number
  /** A03: the position (in its Period) of the Point whose value this interval repeats; null when published itself. */
  filledFrom: number | null
}

export type DayAheadDocument = {
  mRID: string
  revision: number | null
  /** createdDateTime as ISO 8601 UTC with milliseconds (comparable as text), or null. */
  createdAt: string | null
  /** EIC code of the bidding zone. */
  zone: string
  /** Only intervals the source gives a value for, earliest first, at their own resolution. */
  slots: PriceSlot[]
  /** Delivery days (the zone's local time) the slots cover. */
  days: string[]
  /** The Periods the kept series declare: the document speaks for all of them. */
  covers: Array<{ startMs: number; endMs: number }>
  /** Classification sequences left out because the platform names them another auction's. */
  skippedPositions: number[]
}

/** The values to store for a document's slots (a price has no direction and no volume). */
export function priceValues(slots: PriceSlot[]): IntervalValue[] {
  return slots.map((s) => ({
    startMs: s.startMs,
    direction: '',
    volume: null,
    price: s.price,
    resolutionMin: s.resolutionMin,
    filledFrom: s.filledFrom,
  }))
}

export type EntsoeOutcome = { kind: 'document'; document: DayAheadDocument } | { kind: 'no-data'; reason: string }

/**
 * The document an ENTSO-E answer body holds, or the platform's "no data" acknowledgement.
 * Throws EntsoeError for everything else: the HTML page the platform returns for a bad
 * token, XML that is not well-formed, an acknowledgement that refuses the query.
 */
export function openEntsoeBody(body: string): { kind: 'root'; root: XmlElement } | { kind: 'no-data'; reason: string } {
  const head = body.slice(0, 512).trimStart().toLowerCase()
  if (head.startsWith('<html') || head.startsWith('<!doctype html')) {
    if (/unauthori[sz]ed|security token/i.test(body)) {
      throw new EntsoeError('UNAUTHORIZED', 'ENTSO-E refused the security token (missing or invalid ENTSOE_TOKEN).')
    }
    throw new EntsoeError('UPSTREAM', 'ENTSO-E answered with an HTML page instead of a market document.')
  }
  let root: XmlElement
  try {
    root = parseXml(body)
  } catch (err) {
    if (err instanceof XmlError) throw new EntsoeError('MALFORMED', `The ENTSO-E document is not well-formed XML: ${err.message}`)
    throw err
  }
  if (root.name === 'Acknowledgement_MarketDocument') return readAcknowledgement(root)
  return { kind: 'root', root }
}

/**
 * Reads an ENTSO-E answer body: a day-ahead price document (A44, 12.1.D) for one bidding
 * zone (`expectedZone` when given), or an acknowledgement. Throws EntsoeError for everything else.
 */
export function parseEntsoeBody(body: string, expectedZone?: string): EntsoeOutcome {
  const opened = openEntsoeBody(body)
  if (opened.kind === 'no-data') return opened
  const root = opened.root
  if (root.name !== 'Publication_MarketDocument') {
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected a Publication_MarketDocument, got ${root.name}.`)
  }
  if (!PUBLICATION_NAMESPACES.has(root.ns)) {
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Unknown Publication_MarketDocument namespace "${root.ns || '(none)'}".`)
  }
  const document = readPublication(root, expectedZone)
  if (!document.slots.length && document.skippedPositions.length) {
    // Only another auction's series (e.g. EXAA for DE-LU) is published yet: no SDAC price.
    return {
      kind: 'no-data',
      reason: `Only classification sequence ${document.skippedPositions.join(', ')} (not the SDAC day-ahead price for this zone) is in the document.`,
    }
  }
  return { kind: 'document', document }
}

/**
 * Reason 999 is how the platform says "no data for this query", sometimes with HTTP 200
 * (entsoe-py treats it the same way). Other reason texts mean the query was refused.
 */
function readAcknowledgement(root: XmlElement): { kind: 'no-data'; reason: string } {
  const reasons = childrenNamed(root, 'Reason').map((r) => ({ code: textAt(r, 'code') ?? '', text: textAt(r, 'text') ?? '' }))
  const text =
    reasons
      .map((r) => r.text)
      .filter(Boolean)
      .join(' ') || 'no reason given'
  const refused = /exceeds (the )?allowed|allowed maximum|not valid for this area|check you request|bad request|invalid|not allowed/i
  if (reasons.some((r) => r.code === '999') && !refused.test(text)) return { kind: 'no-data', reason: text }
  throw new EntsoeError('REJECTED', `ENTSO-E rejected the query: ${text}`)
}

type SeriesGrid = {
  resolutionMin: number
  sequence: number
  values: Map<number, { price: number; filledFrom: number | null }>
  periods: Array<{ startMs: number; endMs: number }>
}

function readPublication(root: XmlElement, expectedZone?: string): DayAheadDocument {
  const type = textAt(root, 'type')
  if (type !== 'A44') throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected document type A44 (day-ahead prices), got ${type ?? 'none'}.`)

  // One grid per (resolution, classification sequence): interval start → price.
  const grids = new Map<string, SeriesGrid>()
  const skipped: number[] = []
  let zone: string | undefined
  for (const series of childrenNamed(root, 'TimeSeries')) {
    const seriesZone = checkSeries(series, expectedZone)
    if (zone && seriesZone !== zone) throw new EntsoeError('MALFORMED', `One document holds two bidding zones (${zone} and ${seriesZone}).`)
    zone = seriesZone
    const curve = textAt(series, 'curveType') || 'A01'
    if (curve !== 'A01' && curve !== 'A03') throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Unsupported curveType ${curve}.`)
    // Since 2024 a zone may publish several price series for a day (the SDAC product and, for
    // example, a 15-minute one); the platform numbers them with this position (entsoe-py
    // selects on it too). Absent means 1.
    const sequence = toInt(textAt(series, 'classificationSequence_AttributeInstanceComponent.position')) ?? 1
    // Where the platform says which position is SDAC (data/price-sequences.json), any other
    // is another auction (EXAA for DE-LU and AT) and never the day-ahead price.
    const sdac = SDAC_POSITION.get(seriesZone)
    if (sdac !== undefined && sequence !== sdac) {
      if (!skipped.includes(sequence)) skipped.push(sequence)
      continue
    }
    for (const period of childrenNamed(series, 'Period')) {
      const { resolutionMin, values, startMs, endMs } = readPeriod(period, curve, 'price.amount')
      const key = `${resolutionMin}/${sequence}`
      let grid = grids.get(key)
      if (!grid) grids.set(key, (grid = { resolutionMin, sequence, values: new Map(), periods: [] }))
      grid.periods.push({ startMs, endMs })
      for (const [t, price, filledFrom] of values) {
        const seen = grid.values.get(t)
        if (seen !== undefined && seen.price !== price) {
          throw new EntsoeError(
            'MALFORMED',
            `Two different prices (${seen.price} and ${price}) for the same interval ${new Date(t).toISOString()}.`
          )
        }
        // A value published in one Period beats the same value carried forward in another.
        if (seen === undefined || seen.filledFrom !== null) grid.values.set(t, { price, filledFrom })
      }
    }
  }
  const created = textAt(root, 'createdDateTime')
  const createdMs = created ? Date.parse(created) : NaN
  const eic = zone ?? expectedZone ?? FR_BIDDING_ZONE
  return {
    mRID: textAt(root, 'mRID') ?? '',
    revision: toInt(textAt(root, 'revisionNumber')),
    createdAt: Number.isFinite(createdMs) ? new Date(createdMs).toISOString() : null,
    zone: eic,
    ...preferFinest([...grids.values()], zoneByEic(eic)?.baseOffsetMs ?? HOUR_MS),
    skippedPositions: skipped,
  }
}

/**
 * A response may hold several price series for a day: around the SDAC move to 15-minute
 * products (delivery day 2025-10-01) both a 60-minute and a 15-minute one (entsoe-py #204),
 * and the real DE-LU answer in the shared data holds, for 2021, a PT60M series at
 * classification sequence 1 and a PT15M one at sequence 2. For DE-LU and AT the platform
 * states that sequence 1 is SDAC and sequence 2 the EXAA auction (data/price-sequences.json):
 * sequence 2 is dropped before this point. Elsewhere, per delivery day we keep one series:
 * the lowest classification sequence (no platform note read says what a higher one is for
 * those zones), then the finest resolution. Values are kept at their own resolution.
 */
function preferFinest(grids: SeriesGrid[], baseOffsetMs: number): Pick<DayAheadDocument, 'slots' | 'days' | 'covers'> {
  const better = (a: SeriesGrid, b: SeriesGrid) =>
    a.sequence < b.sequence || (a.sequence === b.sequence && a.resolutionMin < b.resolutionMin)
  const chosen = new Map<string, SeriesGrid>()
  for (const g of grids) {
    for (const p of g.periods) {
      for (let t = p.startMs; t < p.endMs; t += g.resolutionMin * MINUTE_MS) {
        const day = parisDayOf(t, baseOffsetMs)
        const current = chosen.get(day)
        if (!current || better(g, current)) chosen.set(day, g)
      }
    }
  }
  const slots: PriceSlot[] = []
  const covers: DayAheadDocument['covers'] = []
  for (const g of new Set(chosen.values())) {
    for (const [startMs, { price, filledFrom }] of g.values) {
      if (chosen.get(parisDayOf(startMs, baseOffsetMs)) === g) slots.push({ startMs, price, resolutionMin: g.resolutionMin, filledFrom })
    }
    for (const p of g.periods) {
      // A Period may span several days; it covers only the days this series was kept for.
      for (let t = p.startMs; t < p.endMs; t += g.resolutionMin * MINUTE_MS) {
        if (chosen.get(parisDayOf(t, baseOffsetMs)) !== g) continue
        const last = covers[covers.length - 1]
        const next = t + g.resolutionMin * MINUTE_MS
        if (last && last.endMs === t) last.endMs = next
        else covers.push({ startMs: t, endMs: next })
      }
    }
  }
  slots.sort((a, b) => a.startMs - b.startMs)
  covers.sort((a, b) => a.startMs - b.startMs)
  return { slots, days: [...chosen.keys()].sort(), covers }
}

/** Checks a price TimeSeries; returns its bidding zone. */
function checkSeries(series: XmlElement, expectedZone?: string): string {
  const zones = [textAt(series, 'in_Domain.mRID'), textAt(series, 'out_Domain.mRID')]
  if (zones.some((z) => !z)) throw new EntsoeError('MALFORMED', 'A TimeSeries has no in_Domain.mRID / out_Domain.mRID.')
  if (zones[0] !== zones[1]) throw new EntsoeError('WRONG_ZONE', `A price TimeSeries names two zones (${zones[0]} and ${zones[1]}).`)
  const zone = zones[0]!
  if (expectedZone && zone !== expectedZone) {
    throw new EntsoeError('WRONG_ZONE', `The document is for bidding zone ${zone}; ${expectedZone} was asked for.`)
  }
  if (!zoneByEic(zone)) throw new EntsoeError('WRONG_ZONE', `The document is for ${zone}, not a bidding zone this service holds.`)
  const business = textAt(series, 'businessType')
  if (business && business !== 'A62')
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected businessType A62 (spot price), got ${business}.`)
  // A01 is the day-ahead market agreement; A07 would be intraday prices.
  const contract = textAt(series, 'contract_MarketAgreement.type')
  if (contract && contract !== 'A01')
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected contract_MarketAgreement.type A01 (day-ahead), got ${contract}.`)
  const currency = textAt(series, 'currency_Unit.name')
  const unit = textAt(series, 'price_Measure_Unit.name')
  if ((currency && currency !== 'EUR') || (unit && unit !== 'MWH')) {
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected prices in EUR per MWH, got ${currency ?? '?'} per ${unit ?? '?'}.`)
  }
  return zone
}
