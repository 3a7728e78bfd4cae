import { EntsoeError } from './errors'
import { XmlError, child, childrenNamed, parseXml, textAt, type XmlElement } from '../xml/reader'
import { MINUTE_MS, QUARTER_MS, parisDayOf } from '../time/paris'

/** EIC code of the French bidding zone (RTE control area), the only zone this service holds. */
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

/** ISO 8601 durations the platform uses for price series, in minutes. */
const RESOLUTIONS: Record<string, number> = { PT15M: 15, PT30M: 30, PT60M: 60, PT1H: 60 }

/** One quarter-hour of a delivery day with the price the source gives for it. */
export type PriceSlot = {
  startMs: number
  price: number
  /** Resolution of the source series it came from (15, 30 or 60 minutes). */
  resolutionMin: number
}

export type DayAheadDocument = {
  mRID: string
  revision: number | null
  createdAt: string | null
  /** Only quarter-hours the source gives a value for, earliest first. */
  slots: PriceSlot[]
  /** Delivery days (Europe/Paris) the slots cover. */
  days: string[]
}

export type EntsoeOutcome =
  | { kind: 'document'; document: DayAheadDocument }
  | { kind: 'no-data'; reason: string }

/**
 * Reads an ENTSO-E answer body: a day-ahead price document (A44, 12.1.D) for France, or an
 * acknowledgement. Throws EntsoeError for everything else, including the HTML page the
 * platform returns for a bad token.
 */
export function parseEntsoeBody(body: string): EntsoeOutcome {
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
  if (root.name !== 'Publication_MarketDocument') {
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected a Publication_MarketDocument, got ${root.name}.`)
  }
  if (!PUBLICATION_NAMESPACES.has(root.ns)) {
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Unknown Publication_MarketDocument namespace "${root.ns || '(none)'}".`)
  }
  return { kind: 'document', document: readPublication(root) }
}

/**
 * Reason 999 is how the platform says "no data for this query", sometimes with HTTP 200
 * (entsoe-py treats it the same way). Other reason texts mean the query was refused.
 */
function readAcknowledgement(root: XmlElement): EntsoeOutcome {
  const reasons = childrenNamed(root, 'Reason').map((r) => ({ code: textAt(r, 'code') ?? '', text: textAt(r, 'text') ?? '' }))
  const text = reasons.map((r) => r.text).filter(Boolean).join(' ') || 'no reason given'
  const refused = /exceeds (the )?allowed|allowed maximum|not valid for this area|check you request|bad request|invalid|not allowed/i
  if (reasons.some((r) => r.code === '999') && !refused.test(text)) return { kind: 'no-data', reason: text }
  throw new EntsoeError('REJECTED', `ENTSO-E rejected the query: ${text}`)
}

function readPublication(root: XmlElement): DayAheadDocument {
  const type = textAt(root, 'type')
  if (type !== 'A44') throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected document type A44 (day-ahead prices), got ${type ?? 'none'}.`)

  // Quarter-hour start → price, per source resolution.
  const byResolution = new Map<number, Map<number, number>>()
  for (const series of childrenNamed(root, 'TimeSeries')) {
    checkSeries(series)
    const curve = textAt(series, 'curveType') || 'A01'
    if (curve !== 'A01' && curve !== 'A03') throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Unsupported curveType ${curve}.`)
    for (const period of childrenNamed(series, 'Period')) {
      const { resolutionMin, values } = readPeriod(period, curve)
      let grid = byResolution.get(resolutionMin)
      if (!grid) byResolution.set(resolutionMin, (grid = new Map()))
      for (const [startMs, price] of values) {
        // Expand to quarter-hours: an hourly price is the price of each of its quarter-hours.
        for (let q = startMs; q < startMs + resolutionMin * MINUTE_MS; q += QUARTER_MS) {
          const seen = grid.get(q)
          if (seen !== undefined && seen !== price) {
            throw new EntsoeError('MALFORMED', `Two different prices (${seen} and ${price}) for the same interval ${new Date(q).toISOString()}.`)
          }
          grid.set(q, price)
        }
      }
    }
  }
  return {
    mRID: textAt(root, 'mRID') ?? '',
    revision: toInt(textAt(root, 'revisionNumber')),
    createdAt: textAt(root, 'createdDateTime') ?? null,
    ...preferFinest(byResolution),
  }
}

/**
 * Since SDAC moved to 15-minute products (delivery day 2025-10-01) a response may hold both
 * the 60-minute and the 15-minute series for a day (entsoe-py #204). Per delivery day we
 * keep only the finest resolution present and never mix the two.
 */
function preferFinest(byResolution: Map<number, Map<number, number>>): Pick<DayAheadDocument, 'slots' | 'days'> {
  const finestByDay = new Map<string, number>()
  for (const [res, grid] of byResolution) {
    for (const q of grid.keys()) {
      const day = parisDayOf(q)
      const current = finestByDay.get(day)
      if (current === undefined || res < current) finestByDay.set(day, res)
    }
  }
  const slots: PriceSlot[] = []
  for (const [res, grid] of byResolution) {
    for (const [startMs, price] of grid) {
      if (finestByDay.get(parisDayOf(startMs)) === res) slots.push({ startMs, price, resolutionMin: res })
    }
  }
  slots.sort((a, b) => a.startMs - b.startMs)
  return { slots, days: [...finestByDay.keys()].sort() }
}

function checkSeries(series: XmlElement): void {
  const zones = [textAt(series, 'in_Domain.mRID'), textAt(series, 'out_Domain.mRID')]
  if (zones.some((z) => !z)) throw new EntsoeError('MALFORMED', 'A TimeSeries has no in_Domain.mRID / out_Domain.mRID.')
  const other = zones.find((z) => z !== FR_BIDDING_ZONE)
  if (other) {
    throw new EntsoeError('WRONG_ZONE', `The document is for bidding zone ${other}; only France (${FR_BIDDING_ZONE}) is accepted.`)
  }
  const business = textAt(series, 'businessType')
  if (business && business !== 'A62') throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected businessType A62 (spot price), got ${business}.`)
  // A01 is the day-ahead market agreement; A07 would be intraday prices.
  const contract = textAt(series, 'contract_MarketAgreement.type')
  if (contract && contract !== 'A01') throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected contract_MarketAgreement.type A01 (day-ahead), got ${contract}.`)
  const currency = textAt(series, 'currency_Unit.name')
  const unit = textAt(series, 'price_Measure_Unit.name')
  if ((currency && currency !== 'EUR') || (unit && unit !== 'MWH')) {
    throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Expected prices in EUR per MWH, got ${currency ?? '?'} per ${unit ?? '?'}.`)
  }
}

/**
 * A Period's points on its own grid: point `position` starts at start + (position-1) ×
 * resolution. Under curveType A03 a position is left out when its value repeats the one
 * before, so we carry the last value forward, within this Period only (ENTSO-E
 * "Introduction of different Timeseries possibilities (curvetypes)", v1.4). Under A01 a
 * missing position is missing data and stays missing.
 */
function readPeriod(period: XmlElement, curve: string): { resolutionMin: number; values: Array<[number, number]> } {
  const start = parseUtc(textAt(period, 'timeInterval', 'start'))
  const end = parseUtc(textAt(period, 'timeInterval', 'end'))
  const resolutionText = textAt(period, 'resolution') ?? ''
  const resolutionMin = RESOLUTIONS[resolutionText]
  if (!resolutionMin) throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Unsupported resolution "${resolutionText}".`)
  const step = resolutionMin * MINUTE_MS
  if (end <= start || (end - start) % step !== 0 || start % QUARTER_MS !== 0) {
    throw new EntsoeError('MALFORMED', `Period ${new Date(start).toISOString()}–${new Date(end).toISOString()} does not hold whole ${resolutionText} steps.`)
  }
  const count = (end - start) / step

  const byPosition = new Map<number, number>()
  for (const point of childrenNamed(period, 'Point')) {
    const position = toInt(textAt(point, 'position'))
    if (position === null || position < 1 || position > count) {
      throw new EntsoeError('MALFORMED', `Point position ${textAt(point, 'position') ?? '(none)'} is outside 1..${count}.`)
    }
    if (byPosition.has(position)) throw new EntsoeError('MALFORMED', `Point position ${position} appears twice in one Period.`)
    byPosition.set(position, parsePrice(child(point, 'price.amount')?.text))
  }

  const values: Array<[number, number]> = []
  let last: number | undefined
  for (let position = 1; position <= count; position++) {
    const value = byPosition.get(position) ?? (curve === 'A03' ? last : undefined)
    if (value !== undefined) values.push([start + (position - 1) * step, value])
    last = value
  }
  return { resolutionMin, values }
}

/** `2025-10-25T22:00Z` (the platform's form) or with seconds; always UTC. */
function parseUtc(text: string | undefined): number {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(\.\d+)?)?Z$/.exec(text ?? '')
  const ms = m ? Date.parse(`${m[1]}${m[2] ?? ':00'}Z`) : NaN
  if (!Number.isFinite(ms)) throw new EntsoeError('MALFORMED', `Not a UTC time: "${text ?? ''}".`)
  return ms
}

function parsePrice(text: string | undefined): number {
  const t = text?.trim() ?? ''
  const value = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(t) ? Number(t) : NaN
  if (!Number.isFinite(value)) throw new EntsoeError('MALFORMED', `Not a price: "${t}".`)
  return value
}

function toInt(text: string | undefined): number | null {
  return text && /^\d+$/.test(text) ? Number(text) : null
}
