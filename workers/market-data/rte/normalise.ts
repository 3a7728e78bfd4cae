/**
 * RTE JSON → quarter-hour values of our series, with every unit conversion written down.
 *
 * Sources of the shapes and units: RTE user guides Balancing Capacity v5 and Balancing
 * Energy v5 (data.rte-france.com), as read in public client code (see
 * docs/market-data.md, "Sources"). Both multiplications below (× 4, × 0.25) are by powers
 * of two, so they are exact in binary floating point: the stored value is the source value
 * converted, with no rounding.
 */
import { RteError } from './client'
import type { Direction, IntervalValue } from '../series'
import { MINUTE_MS, QUARTER_MS } from '../time/paris'

type Json = Record<string, unknown>

export type CapacitySeries = 'fcr-capacity' | 'afrr-capacity' | 'mfrr-capacity'

/** The `reserve` label of each capacity series in result_procured_reserves. */
const RESERVE_LABEL: Record<CapacitySeries, (label: string) => boolean> = {
  'fcr-capacity': (l) => l === 'FCR',
  'afrr-capacity': (l) => l === 'AFRR',
  // Published since 2025-10-20 as the "mFRR/RR capacity" product; accept MFRR and MFRR_RR style labels.
  'mfrr-capacity': (l) => /^MFRR/.test(l),
}

/**
 * balancing_capacity/v5/result_procured_reserves:
 * `{ result_procured_reserves: [{ reserve, product_type, values: [{ start_date, end_date,
 * direction, price, offered_volume, contracted_volume }] }] }`.
 *
 * - `price` is EUR per MW for one quarter-hour (guide §5.10.1.3); price_eur_mw_h = price × 4.
 * - `contracted_volume` is in MW and becomes volume_mw unchanged (offered volume is not kept).
 * - FCR is procured as a symmetric product (FCR Cooperation): its direction is `symmetric`;
 *   aFRR and mFRR are procured per direction (UP → up, DOWN → down).
 */
export function normaliseProcuredReserves(body: unknown, series: CapacitySeries): IntervalValue[] {
  const blocks = arrayAt(body, 'result_procured_reserves')
  const out = new Collector(series)
  for (const block of blocks) {
    const label = String((block as Json).reserve ?? '').toUpperCase()
    if (!RESERVE_LABEL[series](label)) continue
    for (const v of arrayAt(block, 'values')) {
      const direction = capacityDirection(series, (v as Json).direction)
      const price = num(v, 'price')
      out.add(v as Json, direction, num(v, 'contracted_volume'), price === null ? null : price * 4, `${label}/${String((block as Json).product_type ?? '')}`)
    }
  }
  return out.values()
}

/**
 * balancing_energy/v5/standard_afrr_data (PICASSO):
 * `{ picasso: { picasso_mesures: [{ start_date, end_date, upward_afrr_activated_volume_for_fr,
 * downward_afrr_activated_volume_for_fr, upward_weighted_average_price_afrr_activated_for_fr,
 * downward_weighted_average_price_afrr_activated_for_fr }] } }`.
 *
 * - Volumes are mean MW over the quarter-hour activated to meet France's need ("for_fr");
 *   energy volume_mwh = MW × 0.25 h.
 * - Prices are EUR/MWh (volume-weighted average of the activated aFRR energy) and kept as is.
 */
export function normaliseAfrrEnergy(body: unknown): IntervalValue[] {
  const picasso = objectAt(body, 'picasso')
  const out = new Collector('afrr-energy')
  for (const m of arrayAt(picasso, 'picasso_mesures')) {
    for (const [direction, side] of [['up', 'upward'], ['down', 'downward']] as const) {
      const mw = num(m, `${side}_afrr_activated_volume_for_fr`)
      out.add(m as Json, direction, mw === null ? null : mw * 0.25, num(m, `${side}_weighted_average_price_afrr_activated_for_fr`), 'picasso')
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
 *   over the quarter-hour; volume_mwh = (SA + DA) × 0.25 h. If either is missing the volume
 *   is unknown (null): a missing part is never taken as zero.
 * - `settlement_price_current` is the EUR/MWh settlement price of the quarter-hour.
 */
export function normaliseMfrrEnergy(body: unknown): IntervalValue[] {
  const mari = objectAt(body, 'mari')
  const out = new Collector('mfrr-energy')
  for (const m of arrayAt(mari, 'mari_mesures')) {
    const direction = updown((m as Json).direction, 'mFRR energy')
    const sa = num(m, 'total_activated_volume_SA')
    const da = num(m, 'total_activated_volume_DA')
    out.add(m as Json, direction, sa === null || da === null ? null : (sa + da) * 0.25, num(m, 'settlement_price_current'), 'mari')
  }
  return out.values()
}

function capacityDirection(series: CapacitySeries, raw: unknown): Direction {
  if (series === 'fcr-capacity') {
    const d = String(raw ?? 'UP_DOWN').toUpperCase()
    if (d === 'UP_DOWN' || d === 'SYMMETRIC' || d === 'SYMETRIC') return 'symmetric'
    throw new RteError('MALFORMED', `FCR value with direction "${String(raw)}"; FCR is procured as a symmetric product.`)
  }
  return updown(raw, series)
}

function updown(raw: unknown, what: string): 'up' | 'down' {
  const d = String(raw ?? '').toUpperCase()
  if (d === 'UP') return 'up'
  if (d === 'DOWN') return 'down'
  throw new RteError('MALFORMED', `${what}: direction "${String(raw)}" is neither UP nor DOWN.`)
}

/**
 * Collects values on the quarter-hour grid. A source interval longer than 15 minutes (for
 * instance a 30-minute step in older data) holds for each of its quarter-hours: the MW and
 * per-hour price apply throughout it. Two different values for the same quarter-hour and
 * direction are refused rather than one of them silently winning.
 */
class Collector {
  private readonly byKey = new Map<string, IntervalValue & { from: string }>()
  constructor(private readonly what: string) {}

  add(item: Json, direction: Direction, volume: number | null, price: number | null, from: string): void {
    for (const v of [volume, price]) {
      if (v !== null && !Number.isFinite(v)) throw new RteError('MALFORMED', `${this.what}: a value out of range (${v}).`)
    }
    const start = rteTime(item.start_date, `${this.what} start_date`)
    const end = item.end_date === undefined || item.end_date === null ? start + QUARTER_MS : rteTime(item.end_date, `${this.what} end_date`)
    if (start % QUARTER_MS !== 0 || end <= start || (end - start) % QUARTER_MS !== 0) {
      throw new RteError('MALFORMED', `${this.what}: interval ${String(item.start_date)} – ${String(item.end_date)} is not on the quarter-hour grid.`)
    }
    const resolutionMin = (end - start) / MINUTE_MS
    for (let q = start; q < end; q += QUARTER_MS) {
      const key = `${q}|${direction}`
      const seen = this.byKey.get(key)
      if (seen && (seen.volume !== volume || seen.price !== price)) {
        throw new RteError('MALFORMED', `${this.what}: two different values for ${new Date(q).toISOString()} ${direction} (${seen.from} and ${from}).`)
      }
      this.byKey.set(key, { startMs: q, direction, volume, price, resolutionMin, from })
    }
  }

  values(): IntervalValue[] {
    return [...this.byKey.values()]
      .map(({ from: _from, ...v }) => v)
      .sort((a, b) => a.startMs - b.startMs || (a.direction < b.direction ? -1 : 1))
  }
}

const RTE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/

/** RTE writes local time with its offset (`2025-11-12T00:00:00+01:00`); an offset is required. */
function rteTime(raw: unknown, what: string): number {
  const ms = typeof raw === 'string' && RTE_TIME.test(raw) ? Date.parse(raw) : NaN
  if (!Number.isFinite(ms)) throw new RteError('MALFORMED', `${what} "${String(raw)}" is not a time with an offset.`)
  return ms
}

/**
 * A number from the source. Missing, null, empty and RTE's literal "Invalid" (its marker for
 * an unavailable value) are unknown → null. Anything else that is not a number is refused,
 * so a change of format cannot be read as data.
 */
function num(item: unknown, key: string): number | null {
  const raw = (item as Json)[key]
  if (raw === undefined || raw === null || raw === '' || raw === 'Invalid') return null
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && /^[-+]?\d+(\.\d+)?([eE][-+]?\d+)?$/.test(raw.trim()) ? Number(raw) : NaN
  if (!Number.isFinite(value)) throw new RteError('MALFORMED', `Field ${key} holds "${String(raw)}", not a number.`)
  return value
}

function objectAt(body: unknown, key: string): Json {
  const v = body && typeof body === 'object' ? (body as Json)[key] : undefined
  if (!v || typeof v !== 'object' || Array.isArray(v)) throw new RteError('MALFORMED', `Expected an object "${key}" in the RTE response.`)
  return v as Json
}

function arrayAt(body: unknown, key: string): unknown[] {
  const v = body && typeof body === 'object' ? (body as Json)[key] : undefined
  if (!Array.isArray(v)) throw new RteError('MALFORMED', `Expected an array "${key}" in the RTE response.`)
  return v
}
