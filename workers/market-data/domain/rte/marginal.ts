/**
 * RTE balancing_energy/v5/afrr_marginal_price: the marginal price of aFRR energy of each
 * PICASSO optimisation cycle, in 4-second steps named by their Paris local time
 * (`../shared/data/SOURCES.md`, market section, as parsed by public RTE clients):
 * `{ days: [{ start_date: "YYYY-MM-DD", datas: [{ step: "HH:MM:SS", upward_afrr_marginal_price,
 * downward_afrr_marginal_price, … }] }] }`, about 21,600 steps a day.
 *
 * Resolution: aggregated to quarter-hours (PT15M), the grid every other series of the
 * service is on, and said so (`resolutionMin: 15`; docs/market-data.md, "aFRR marginal
 * prices"). A quarter-hour's price is the time-weighted mean of its 225 four-second prices,
 * which for equal steps is their arithmetic mean. It is null unless all 225 steps carry a
 * price: a mean of part of a quarter-hour would be a different number under the same name.
 * It is a mean of marginal prices, not a volume-weighted price of activated energy.
 *
 * Local times: a step is the start of its 4 seconds. In the October switch the hour from
 * 02:00 to 03:00 happens twice; steps come in time order, so a local time that would go
 * backwards is read in winter time. A local time that does not exist (the March gap) or a
 * step that is not on the 4-second grid is refused.
 */
import { RteError } from './errors'
import type { IntervalValue } from '../series'
import { HOUR_MS, QUARTER_MS, parisOffsetMs, parseDay } from '../time/paris'

const STEP_MS = 4_000
const STEPS_PER_QUARTER = QUARTER_MS / STEP_MS
// Fixed-width: no backtracking.
const STEP = /^(\d{2}):(\d{2}):(\d{2})$/

type Json = Record<string, unknown>
type Sums = { up: number; upCount: number; down: number; downCount: number; steps: number }

export function normaliseAfrrMarginalPrice(body: unknown): IntervalValue[] {
  const days = body && typeof body === 'object' ? (body as Json).days : undefined
  if (!Array.isArray(days)) throw new RteError('MALFORMED', 'Expected an array "days" in the afrr_marginal_price response.')
  const quarters = new Map<number, Sums>()
  for (const day of days) {
    const date = String((day as Json)?.start_date ?? '').slice(0, 10)
    const midnight = parseDay(date)
    if (midnight === null) throw new RteError('MALFORMED', `afrr_marginal_price: start_date "${date}" is not a day.`)
    const datas = (day as Json).datas ?? []
    if (!Array.isArray(datas)) throw new RteError('MALFORMED', 'afrr_marginal_price: "datas" is not an array.')
    let previous = -Infinity
    for (const item of datas) {
      const at = stepInstant(midnight, (item as Json)?.step, previous)
      previous = at
      const start = at - (at % QUARTER_MS)
      let q = quarters.get(start)
      if (!q) quarters.set(start, (q = { up: 0, upCount: 0, down: 0, downCount: 0, steps: 0 }))
      q.steps++
      const up = price(item, 'upward_afrr_marginal_price')
      const down = price(item, 'downward_afrr_marginal_price')
      if (up !== null) {
        q.up += up
        q.upCount++
      }
      if (down !== null) {
        q.down += down
        q.downCount++
      }
    }
  }
  const out: IntervalValue[] = []
  for (const [startMs, q] of [...quarters].sort((a, b) => a[0] - b[0])) {
    if (q.steps > STEPS_PER_QUARTER)
      throw new RteError('MALFORMED', `afrr_marginal_price: ${q.steps} steps in the quarter-hour from ${new Date(startMs).toISOString()}.`)
    out.push({
      startMs,
      direction: 'down',
      volume: null,
      price: q.downCount === STEPS_PER_QUARTER ? q.down / STEPS_PER_QUARTER : null,
      resolutionMin: 15,
    })
    out.push({
      startMs,
      direction: 'up',
      volume: null,
      price: q.upCount === STEPS_PER_QUARTER ? q.up / STEPS_PER_QUARTER : null,
      resolutionMin: 15,
    })
  }
  return out
}

/** The UTC instant of a local `HH:MM:SS` step of the day starting at `midnight` (a UTC calendar date). */
function stepInstant(midnight: number, raw: unknown, previous: number): number {
  const m = typeof raw === 'string' ? STEP.exec(raw) : null
  const seconds = m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : NaN
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59 || Number(m[3]) > 59 || seconds % 4 !== 0) {
    throw new RteError('MALFORMED', `afrr_marginal_price: step "${String(raw).slice(0, 20)}" is not a local time on the 4-second grid.`)
  }
  const wall = midnight + seconds * 1000
  // The offsets a wall-clock time can have in Paris: CET (+1 h) or CEST (+2 h).
  const candidates = [2 * HOUR_MS, HOUR_MS].map((offset) => wall - offset).filter((t) => parisOffsetMs(t) === wall - t)
  const at = candidates.find((t) => t > previous)
  if (at === undefined) {
    const why = candidates.length ? 'comes before the step preceding it' : 'does not exist in Paris (the March switch)'
    throw new RteError('MALFORMED', `afrr_marginal_price: step ${String(raw)} of ${new Date(midnight).toISOString().slice(0, 10)} ${why}.`)
  }
  return at
}

const NUMBER = /^[-+]?\d{1,30}(?:\.\d{1,30})?(?:[eE][-+]?\d{1,4})?$/

/** A price of the source; missing, null, empty or RTE's "Invalid" is no price. */
function price(item: unknown, key: string): number | null {
  const raw = (item as Json)?.[key]
  if (raw === undefined || raw === null || raw === '' || raw === 'Invalid') return null
  const value = typeof raw === 'number' ? raw : typeof raw === 'string' && NUMBER.test(raw.trim()) ? Number(raw) : NaN
  if (!Number.isFinite(value))
    throw new RteError('MALFORMED', `afrr_marginal_price: ${key} holds "${String(raw).slice(0, 40)}", not a number.`)
  return value
}
