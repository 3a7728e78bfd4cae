/**
 * The parts every ENTSO-E Transparency Platform document shares: a Period's Points on its
 * own time grid, the curve types, UTC times and numbers. Read the same way for day-ahead
 * prices (A44, `price.amount`) and for load and generation (A65/A75, `quantity`).
 */
import { EntsoeError } from './errors'
import { child, childrenNamed, textAt, type XmlElement } from '../xml/reader'
import { MINUTE_MS, QUARTER_MS } from '../time/paris'

/** ISO 8601 durations the platform uses, in minutes. */
export const RESOLUTIONS: Record<string, number> = { PT15M: 15, PT30M: 30, PT60M: 60, PT1H: 60 }

/** [interval start ms, value, the position a carried value comes from (null when published)] */
export type PeriodValue = [number, number, number | null]

export type PeriodPoints = { resolutionMin: number; values: PeriodValue[]; startMs: number; endMs: number }

/**
 * A Period's points on its own grid: point `position` starts at start + (position-1) ×
 * resolution. Under curveType A03 a position is left out when its value repeats the one
 * before, so we carry the last value forward, within this Period only (ENTSO-E
 * "Introduction of different Timeseries possibilities (curvetypes)", v1.4). Under A01 a
 * missing position is missing data and stays missing. Nothing past the Period's end is
 * made up: a document whose window runs further than its Periods (data not yet published)
 * holds no value there.
 */
export function readPeriod(period: XmlElement, curve: string, valueElement: 'price.amount' | 'quantity'): PeriodPoints {
  const start = parseUtc(textAt(period, 'timeInterval', 'start'))
  const end = parseUtc(textAt(period, 'timeInterval', 'end'))
  const resolutionText = textAt(period, 'resolution') ?? ''
  const resolutionMin = RESOLUTIONS[resolutionText]
  if (!resolutionMin) throw new EntsoeError('UNSUPPORTED_DOCUMENT', `Unsupported resolution "${resolutionText}".`)
  const step = resolutionMin * MINUTE_MS
  if (end <= start || (end - start) % step !== 0 || start % QUARTER_MS !== 0) {
    throw new EntsoeError(
      'MALFORMED',
      `Period ${new Date(start).toISOString()}–${new Date(end).toISOString()} does not hold whole ${resolutionText} steps.`
    )
  }
  const count = (end - start) / step

  const byPosition = new Map<number, number>()
  for (const point of childrenNamed(period, 'Point')) {
    const position = toInt(textAt(point, 'position'))
    if (position === null || position < 1 || position > count) {
      throw new EntsoeError('MALFORMED', `Point position ${textAt(point, 'position') ?? '(none)'} is outside 1..${count}.`)
    }
    if (byPosition.has(position)) throw new EntsoeError('MALFORMED', `Point position ${position} appears twice in one Period.`)
    byPosition.set(position, parseNumber(child(point, valueElement)?.text, valueElement === 'quantity' ? 'quantity' : 'price'))
  }

  const values: PeriodValue[] = []
  let last: number | undefined
  let lastPosition: number | null = null
  for (let position = 1; position <= count; position++) {
    const published = byPosition.get(position)
    if (published !== undefined) {
      values.push([start + (position - 1) * step, published, null])
      last = published
      lastPosition = position
    } else if (curve === 'A03' && last !== undefined) {
      values.push([start + (position - 1) * step, last, lastPosition])
    }
  }
  return { resolutionMin, values, startMs: start, endMs: end }
}

/** `2025-10-25T22:00Z` (the platform's form) or with seconds; always UTC. */
export function parseUtc(text: string | undefined): number {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2})(:\d{2}(\.\d+)?)?Z$/.exec(text ?? '')
  const ms = m ? Date.parse(`${m[1]}${m[2] ?? ':00'}Z`) : NaN
  if (!Number.isFinite(ms)) throw new EntsoeError('MALFORMED', `Not a UTC time: "${text ?? ''}".`)
  return ms
}

export function parseNumber(text: string | undefined, what: 'price' | 'quantity'): number {
  const t = text?.trim() ?? ''
  const value = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/.test(t) ? Number(t) : NaN
  if (!Number.isFinite(value)) throw new EntsoeError('MALFORMED', `Not a ${what}: "${t}".`)
  return value
}

export function toInt(text: string | undefined): number | null {
  return text && /^\d+$/.test(text) ? Number(text) : null
}

/** The document's creation time as ISO 8601 UTC with milliseconds, or null. */
export function createdAt(root: XmlElement): string | null {
  const created = textAt(root, 'createdDateTime')
  const ms = created ? Date.parse(created) : NaN
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null
}
