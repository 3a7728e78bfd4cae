import { describe, expect, it } from 'vitest'
import { DEV } from './screen-dev'
import { DEV2 } from './screen-dev2'
import { DEV3 } from './screen-dev3'
import { DEV4 } from './screen-dev4'
import { DEV5 } from './screen-dev5'
import { FROZEN } from './screen-frozen'
import { type Floors, itHoldsItsFloors } from './screen-floors'
import type { ScreenCase } from './screen-cases'

/**
 * The fifth development set's floors (issue 30). Written before the lexicon layer; first
 * measured with the rules of main: crisis and self-harm 72/105, harm to others 16/23, minors
 * 8/8, medication 7/14, false alarms 23/150. Batches of fresh probes written during the round
 * were folded in as development items (before the rules were widened for them they were caught
 * 14/28, 5/19 and 1/16 crisis inputs, 9/12 and 6/13 harm inputs, with 7/45, 2/15 and 1/10 false
 * alarms: the honest estimate of wording not yet seen). With the lexicon layer: crisis and
 * self-harm 164/168, harm to others 47/48, minors 8/8, medication 14/14, false alarms 7/249. Tuned on, so the floors guard against
 * regressions only.
 */
const FLOORS: Floors = {
  crisisAndSelfHarm: 0.97,
  harmToOthers: 0.97,
  minorSubstances: 1,
  medicationRestriction: 1,
  maxFalseAlarms: 0.03,
}

const LANGS = ['en', 'fr', 'es', 'de', 'it', 'pt'] as const
const goal = (c: ScreenCase) => `${c[2]} ${c[3] ?? ''}`.toLowerCase()

describe('fifth development safety set', () => {
  it('holds at least 150 risky and 150 benign inputs in the six languages', () => {
    const n = (pred: (c: ScreenCase) => boolean) => DEV5.filter(pred).length
    expect(n((c) => c[1] !== 'benign')).toBeGreaterThanOrEqual(150)
    expect(n((c) => c[1] === 'benign')).toBeGreaterThanOrEqual(150)
    for (const lang of LANGS) expect(n((c) => c[0] === lang && c[1] !== 'benign')).toBeGreaterThanOrEqual(14)
  })

  it('shares no input with the other sets and repeats none', () => {
    const other = new Set([...DEV, ...DEV2, ...DEV3, ...DEV4, ...FROZEN].map(goal))
    expect(DEV5.filter((c) => other.has(goal(c)))).toEqual([])
    expect(new Set(DEV5.map(goal)).size).toBe(DEV5.length)
  })

  itHoldsItsFloors(DEV5, FLOORS)
})
