import { describe, expect, it } from 'vitest'
import { normaliseAfrrMarginalPrice } from '../../workers/market-data/domain/rte/marginal'
import { RteError } from '../../workers/market-data/domain/rte/client'

// The afrr_marginal_price shape of ../shared/data/SOURCES.md (market section): one entry per
// day, 4-second steps in Paris local time. Built here step by step; no real answer is staged.
type Step = {
  step: string
  prorata_mode: boolean
  picasso_connection: boolean
  upward_afrr_marginal_price: number | string | null
  downward_afrr_marginal_price: number | string | null
  pdemand: number
  afrr_for_france: number
  afrr_in_france: number
}

const hhmmss = (s: number) => [Math.floor(s / 3600), Math.floor(s / 60) % 60, s % 60].map((n) => String(n).padStart(2, '0')).join(':')

/** Local seconds of each step in time order: 00:00:00 … 23:59:56, with 02:00–02:59:56 twice on an October switch day. */
function localSteps(repeatHour = false): number[] {
  const out: number[] = []
  for (let s = 0; s < 86_400; s += 4) {
    out.push(s)
    if (repeatHour && s === 3 * 3600 - 4) for (let r = 2 * 3600; r < 3 * 3600; r += 4) out.push(r)
  }
  return out
}

function day(
  date: string,
  seconds: number[],
  prices: (i: number) => { up: Step['upward_afrr_marginal_price']; down: Step['downward_afrr_marginal_price'] }
) {
  return {
    start_date: date,
    datas: seconds.map((s, i) => ({
      step: hhmmss(s),
      prorata_mode: false,
      picasso_connection: true,
      upward_afrr_marginal_price: prices(i).up,
      downward_afrr_marginal_price: prices(i).down,
      pdemand: 0,
      afrr_for_france: 0,
      afrr_in_france: 0,
    })),
  }
}

describe('RTE afrr_marginal_price (4-second steps) to quarter-hours', () => {
  it('averages the 225 steps of each quarter-hour, at the Paris quarter-hour, flagged PT15M', () => {
    // Up: the step's index within its quarter (0…224), so each quarter's mean is 112; down: 50 flat.
    const body = { days: [day('2025-06-15', localSteps(), (i) => ({ up: i % 225, down: '50.0' }))] }
    const values = normaliseAfrrMarginalPrice(body)
    expect(values).toHaveLength(96 * 2)
    expect(new Date(values[0].startMs).toISOString()).toBe('2025-06-14T22:00:00.000Z')
    expect(values[0]).toEqual({ startMs: values[0].startMs, direction: 'down', volume: null, price: 50, resolutionMin: 15 })
    expect(values[1]).toMatchObject({ direction: 'up', price: 112, resolutionMin: 15 })
    expect(new Date(values.at(-1)!.startMs).toISOString()).toBe('2025-06-15T21:45:00.000Z')
  })

  it('leaves a quarter-hour null when one of its steps has no price, never a mean of part of it', () => {
    const body = { days: [day('2025-06-15', localSteps(), (i) => ({ up: i === 3 ? 'Invalid' : 80, down: i === 230 ? null : -20 }))] }
    const values = normaliseAfrrMarginalPrice(body)
    expect(values.slice(0, 4).map((v) => [v.direction, v.price])).toEqual([
      ['down', -20],
      ['up', null],
      ['down', null],
      ['up', 80],
    ])
  })

  it('reads the repeated hour of the October switch in time order: 100 quarter-hours', () => {
    const seconds = localSteps(true)
    expect(seconds).toHaveLength(22_500)
    const body = { days: [day('2025-10-26', seconds, (i) => ({ up: i < 675 * 3 ? 1 : 2, down: 0 }))] }
    const values = normaliseAfrrMarginalPrice(body)
    const starts = [...new Set(values.map((v) => v.startMs))]
    expect(starts).toHaveLength(100)
    expect(new Date(starts[0]).toISOString()).toBe('2025-10-25T22:00:00.000Z')
    // 02:00 local comes first in summer time (00:00Z), then again in winter time (01:00Z).
    expect(new Date(starts[8]).toISOString()).toBe('2025-10-26T00:00:00.000Z')
    expect(new Date(starts[12]).toISOString()).toBe('2025-10-26T01:00:00.000Z')
    expect(new Date(starts.at(-1)!).toISOString()).toBe('2025-10-26T22:45:00.000Z')
  })

  it('refuses a local time that does not exist, a step off the 4-second grid, a step out of order', () => {
    const one = (date: string, step: string, extra: Array<{ step: string }> = []) => ({
      days: [{ start_date: date, datas: [...extra, { step, upward_afrr_marginal_price: 1, downward_afrr_marginal_price: 1 }] }],
    })
    expect(() => normaliseAfrrMarginalPrice(one('2026-03-29', '02:30:00'))).toThrow(/does not exist/)
    expect(() => normaliseAfrrMarginalPrice(one('2025-06-15', '10:00:03'))).toThrow(RteError)
    expect(() => normaliseAfrrMarginalPrice(one('2025-06-15', '10:00:00', [{ step: '10:00:04' }]))).toThrow(/comes before/)
    expect(() => normaliseAfrrMarginalPrice({ days: {} })).toThrow(RteError)
  })
})
