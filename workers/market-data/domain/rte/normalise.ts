/**
 * RTE JSON → values of our series at the resolution RTE published, with every unit
 * conversion written down.
 *
 * Sources of the shapes and units: RTE user guides Balancing Capacity v5 and Balancing
 * Energy v5 (data.rte-france.com), as read in public client code, and RTE's own sample
 * payloads staged in the shared data (see docs/market-data.md, "Sources"). What real
 * answers look like, and what we accept: a UTF-8 BOM before the JSON (readRteJson); the
 * top-level key holding an array of blocks or a single object (`{"picasso":{…}}`); blocks
 * with an empty `values`; several product blocks for the same reserve. The multiplications
 * below (× 4, × 0.25, × 0.5, × 1) are by powers of two, so they are exact in binary floating
 * point: the stored value is the source value converted, with no rounding.
 */
import { RteError } from './errors'
import type { Direction, IntervalValue } from '../series'
import { HOUR_MS, MINUTE_MS, QUARTER_MS } from '../time/paris'

type Json = Record<string, unknown>

export type CapacitySeries = 'fcr-capacity' | 'afrr-capacity' | 'mfrr-capacity'

/** The reserve label of each capacity series (`reserve` in v5, `type` in the older API). */
const RESERVE_LABEL: Record<CapacitySeries, (label: string) => boolean> = {
  'fcr-capacity': (l) => l === 'FCR',
  'afrr-capacity': (l) => l === 'AFRR',
  // Published since 2025-10-20 as the "mFRR/RR capacity" product; accept MFRR and MFRR_RR
  // style labels. RR alone (the older API's separate replacement reserve) is not mFRR.
  'mfrr-capacity': (l) => l.startsWith('MFRR'),
}

/** Text of an RTE answer or file → JSON; a UTF-8 BOM (RTE's sample files start with one) is skipped. */
export function readRteJson(text: string): unknown {
  try {
    return JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text)
  } catch {
    throw new RteError('MALFORMED', 'RTE answered with a body that is not JSON.')
  }
}

/**
 * Capacity tender results, in either shape RTE has served:
 *
 * - balancing_capacity/v5/result_procured_reserves: `{ result_procured_reserves: [{ reserve,
 *   product_type, values: [{ start_date, end_date, direction, price, offered_volume,
 *   contracted_volume }] }] }`. `price` is EUR per MW for one quarter-hour (guide
 *   §5.10.1.3): price_eur_mw_h = price × 4. `contracted_volume` (MW) becomes volume_mw.
 * - balancing_capacity procured_reserves (v1 … v4.1; RTE's sample of 2015-12-17):
 *   `{ procured_reserves: [{ type, values: [{ start_date, end_date, direction, value, price }] }] }`
 *   at 30-minute steps, `value` in MW. The unit of that `price` is not stated in anything we
 *   have read (per MW and hour, or per MW and step?), so it is not served: price null.
 *
 * FCR is a symmetric product (FCR Cooperation): direction `symmetric`. aFRR and mFRR are
 * procured per direction (UP/UPWARD → up, DOWN/DOWNWARD → down); the older API also gives
 * aFRR as one symmetric product (UP_DOWN), kept as `symmetric`.
 *
 * Several blocks for the same reserve (products, tender horizons) are all procured capacity:
 * for one interval and direction their MW add up and the price is the MW-weighted mean
 * (null if any block's price or MW is unknown).
 */
export function normaliseProcuredReserves(body: unknown, series: CapacitySeries): IntervalValue[] {
  const v5 = has(body, 'result_procured_reserves')
  const blocks = blocksAt(body, v5 ? 'result_procured_reserves' : 'procured_reserves')
  const out = new Collector(series)
  blocks.forEach((block) => {
    const label = String(block.reserve ?? block.type ?? '').toUpperCase()
    if (!RESERVE_LABEL[series](label)) return
    // A product is named by its label, type and horizon: the same product block twice (an
    // overlapping answer) is the same capacity, not twice as much.
    const product = `${label}/${String(block.product_type ?? '')}/${String(block.time_horizon ?? '')}`
    for (const item of arrayAt(block, 'values')) {
      const v = item as Json
      const direction = capacityDirection(series, v.direction)
      const price = v5 ? num(v, 'price') : null
      const volume = num(v, v5 ? 'contracted_volume' : 'value')
      out.add(v, direction, volume, price === null ? null : price * 4, product, 'mean')
    }
  })
  return out.values()
}

/**
 * balancing_energy/v5/standard_afrr_data (PICASSO):
 * `{ picasso: { picasso_mesures: [{ start_date, end_date, upward_afrr_activated_volume_for_fr,
 * downward_afrr_activated_volume_for_fr, upward_weighted_average_price_afrr_activated_for_fr,
 * downward_weighted_average_price_afrr_activated_for_fr }] } }`.
 *
 * - Volumes are mean MW over the interval activated to meet France's need ("for_fr");
 *   energy volume_mwh = MW × duration (0.25 h for a quarter-hour).
 * - Prices are EUR/MWh (volume-weighted average of the activated aFRR energy) and kept as is.
 */
export function normaliseAfrrEnergy(body: unknown): IntervalValue[] {
  const out = new Collector('afrr-energy')
  for (const picasso of blocksAt(body, 'picasso')) {
    for (const m of arrayAt(picasso, 'picasso_mesures')) {
      for (const [direction, side] of [
        ['up', 'upward'],
        ['down', 'downward'],
      ] as const) {
        out.add(
          m as Json,
          direction,
          num(m, `${side}_afrr_activated_volume_for_fr`),
          num(m, `${side}_weighted_average_price_afrr_activated_for_fr`),
          'picasso',
          'energy'
        )
      }
    }
  }
  return out.values()
}

/**
 * balancing_energy/v5/standard_mfrr_data (MARI):
 * `{ mari: { mari_mesures: [{ start_date, end_date, direction, total_activated_volume_SA,
 * total_activated_volume_DA, settlement_price_current }] } }`.
 *
 * - Activated mFRR energy is the scheduled (SA) plus the direct (DA) activations, in mean MW
 *   over the interval; volume_mwh = (SA + DA) × duration. If either is missing the volume
 *   is unknown (null): a missing part is never taken as zero.
 * - `settlement_price_current` is the EUR/MWh settlement price of the interval.
 */
export function normaliseMfrrEnergy(body: unknown): IntervalValue[] {
  const out = new Collector('mfrr-energy')
  for (const mari of blocksAt(body, 'mari')) {
    for (const m of arrayAt(mari, 'mari_mesures')) {
      const direction = updown((m as Json).direction, 'mFRR energy')
      const sa = num(m, 'total_activated_volume_SA')
      const da = num(m, 'total_activated_volume_DA')
      out.add(m as Json, direction, sa === null || da === null ? null : sa + da, num(m, 'settlement_price_current'), 'mari', 'energy')
    }
  }
  return out.values()
}

function capacityDirection(series: CapacitySeries, raw: unknown): Direction {
  const d = String(raw ?? 'UP_DOWN').toUpperCase()
  if (series === 'fcr-capacity') {
    if (d === 'UP_DOWN' || d === 'SYMMETRIC' || d === 'SYMETRIC') return 'symmetric'
    throw new RteError('MALFORMED', `FCR value with direction "${String(raw)}"; FCR is procured as a symmetric product.`)
  }
  if (series === 'afrr-capacity' && d === 'UP_DOWN') return 'symmetric'
  return updown(raw, series)
}

function updown(raw: unknown, what: string): 'up' | 'down' {
  const d = String(raw ?? '').toUpperCase()
  if (d === 'UP' || d === 'UPWARD') return 'up'
  if (d === 'DOWN' || d === 'DOWNWARD') return 'down'
  throw new RteError('MALFORMED', `${what}: direction "${String(raw)}" is neither UP nor DOWN.`)
}

type Held = IntervalValue & { endMs: number; from: string; parts: Map<string, { volume: number | null; price: number | null }> }

/**
 * Collects values at their own resolution (a 30-minute step stays one 30-minute value).
 * Within one product block, two different values for the same interval and direction are
 * refused rather than one of them silently winning; across blocks they are combined
 * (capacity: MW summed, price MW-weighted). `kind: 'energy'` turns mean MW into MWh over
 * the interval.
 */
class Collector {
  private readonly byKey = new Map<string, Held>()
  constructor(private readonly what: string) {}

  add(item: Json, direction: Direction, volume: number | null, price: number | null, from: string, kind: 'mean' | 'energy'): void {
    for (const v of [volume, price]) {
      if (v !== null && !Number.isFinite(v)) throw new RteError('MALFORMED', `${this.what}: a value out of range (${v}).`)
    }
    const start = rteTime(item.start_date, `${this.what} start_date`)
    const end = item.end_date === undefined || item.end_date === null ? start + QUARTER_MS : rteTime(item.end_date, `${this.what} end_date`)
    const length = end - start
    if (start % QUARTER_MS !== 0 || length <= 0 || length % QUARTER_MS !== 0 || length > HOUR_MS || start % length !== 0) {
      throw new RteError(
        'MALFORMED',
        `${this.what}: interval ${String(item.start_date)} – ${String(item.end_date)} is not one step of the quarter-hour grid.`
      )
    }
    const vol = volume === null ? null : kind === 'energy' ? volume * (length / HOUR_MS) : volume
    const key = `${start}|${direction}`
    const held = this.byKey.get(key)
    if (!held) {
      this.byKey.set(key, {
        startMs: start,
        endMs: end,
        direction,
        volume: vol,
        price,
        resolutionMin: length / MINUTE_MS,
        from,
        parts: new Map([[from, { volume: vol, price }]]),
      })
      return
    }
    if (held.endMs !== end)
      throw new RteError('MALFORMED', `${this.what}: two different interval lengths from ${new Date(start).toISOString()} ${direction}.`)
    const seen = held.parts.get(from)
    if (seen) {
      if (seen.volume !== vol || seen.price !== price) {
        throw new RteError('MALFORMED', `${this.what}: two different values for ${new Date(start).toISOString()} ${direction} in ${from}.`)
      }
      return
    }
    if (kind === 'energy') throw new RteError('MALFORMED', `${this.what}: two blocks give ${new Date(start).toISOString()} ${direction}.`)
    held.parts.set(from, { volume: vol, price })
    const parts = [...held.parts.values()]
    const known = parts.every((p) => p.volume !== null)
    held.volume = known ? parts.reduce((a, p) => a + (p.volume as number), 0) : null
    held.price =
      known && parts.every((p) => p.price !== null) && (held.volume as number) > 0
        ? parts.reduce((a, p) => a + (p.price as number) * (p.volume as number), 0) / (held.volume as number)
        : null
  }

  values(): IntervalValue[] {
    return [...this.byKey.values()]
      .map(({ startMs, direction, volume, price, resolutionMin }) => ({ startMs, direction, volume, price, resolutionMin }))
      .sort((a, b) => a.startMs - b.startMs || (a.direction < b.direction ? -1 : 1))
  }
}

// Fixed-width pieces and one optional fraction: linear, no nested quantifiers.
const RTE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?(?:Z|[+-]\d{2}:\d{2})$/

/** RTE writes local time with its offset (`2025-11-12T00:00:00+01:00`); an offset is required. */
function rteTime(raw: unknown, what: string): number {
  const ms = typeof raw === 'string' && raw.length <= 40 && RTE_TIME.test(raw) ? Date.parse(raw) : NaN
  if (!Number.isFinite(ms)) throw new RteError('MALFORMED', `${what} "${String(raw).slice(0, 60)}" is not a time with an offset.`)
  return ms
}

const NUMBER = /^[-+]?\d{1,30}(?:\.\d{1,30})?(?:[eE][-+]?\d{1,4})?$/

/**
 * A number from the source. Missing, null, empty and RTE's literal "Invalid" (its marker for
 * an unavailable value) are unknown → null. Anything else that is not a number is refused,
 * so a change of format cannot be read as data.
 */
function num(item: unknown, key: string): number | null {
  const raw = (item as Json)[key]
  if (raw === undefined || raw === null || raw === '' || raw === 'Invalid') return null
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && NUMBER.test(raw.trim()) ? Number(raw) : NaN
  if (!Number.isFinite(value)) throw new RteError('MALFORMED', `Field ${key} holds "${String(raw).slice(0, 60)}", not a number.`)
  return value
}

function has(body: unknown, key: string): boolean {
  return Boolean(body && typeof body === 'object' && key in (body as Json))
}

/** The blocks under a top-level key: an array of objects, or one object standing for one block. */
function blocksAt(body: unknown, key: string): Json[] {
  const v = body && typeof body === 'object' ? (body as Json)[key] : undefined
  const list = Array.isArray(v) ? v : v && typeof v === 'object' ? [v] : null
  if (!list || list.some((b) => !b || typeof b !== 'object' || Array.isArray(b))) {
    throw new RteError('MALFORMED', `Expected "${key}" (an object or an array of objects) in the RTE response.`)
  }
  return list as Json[]
}

function arrayAt(body: unknown, key: string): unknown[] {
  const v = body && typeof body === 'object' ? (body as Json)[key] : undefined
  if (v === undefined || v === null) return []
  if (!Array.isArray(v)) throw new RteError('MALFORMED', `Expected an array "${key}" in the RTE response.`)
  return v
}
