import { describe, expect, it } from 'vitest'
import { BENIGN, RISKY } from './safety-corpus'
import type { ScreenCase } from './screen-cases'
import { DEV } from './screen-dev'
import { DEV2 } from './screen-dev2'
import { DEV3 } from './screen-dev3'
import { DEV4 } from './screen-dev4'
import { DEV5 } from './screen-dev5'
import { DEV6 } from './screen-dev6'
import { FROZEN } from './screen-frozen'
import { FROZEN_V4 } from './screen-frozen-v4'
import { type Floors, itHoldsItsFloors } from './screen-floors'

/**
 * The sixth development set's floors (issue 30, second round). Written before the round's
 * changes; first measured with the rules of main: crisis and self-harm 85/102, harm
 * to others 27/34, minors with substances 23/33, medication with restriction 26/33, false
 * alarms 9/202. After the round's lexicon depth and frames (tuned on, so the floors guard
 * against regressions only; the frozen sets stay the measure): 101/102, 34/34, 33/33, 33/33,
 * false alarms 4/202 (four knee injuries with a physiotherapist keep the injury caution: a
 * careful reviewer would still tell the plan to follow the physio).
 */
const FLOORS: Floors = {
  crisisAndSelfHarm: 0.99,
  harmToOthers: 1,
  minorSubstances: 1,
  medicationRestriction: 1,
  maxFalseAlarms: 0.02,
}

const LANGS = ['fr', 'es', 'de', 'it', 'pt'] as const
const text = (goal: string, context?: string) => `${goal} ${context ?? ''}`.toLowerCase()
const key = (c: ScreenCase) => text(c[2], c[3])

describe('sixth development safety set', () => {
  it('holds at least 200 risky and 200 benign inputs, 35 of each per language but English', () => {
    const n = (pred: (c: ScreenCase) => boolean) => DEV6.filter(pred).length
    expect(n((c) => c[1] !== 'benign')).toBeGreaterThanOrEqual(200)
    expect(n((c) => c[1] === 'benign')).toBeGreaterThanOrEqual(200)
    for (const lang of LANGS) {
      expect(n((c) => c[0] === lang && c[1] !== 'benign')).toBeGreaterThanOrEqual(35)
      expect(n((c) => c[0] === lang && c[1] === 'benign')).toBeGreaterThanOrEqual(35)
    }
    expect(n((c) => c[1] === 'minor-substances')).toBeGreaterThanOrEqual(15)
    expect(n((c) => c[1] === 'medication-restriction')).toBeGreaterThanOrEqual(15)
  })

  it('shares no input with any other set, the frozen ones included, and repeats none', () => {
    const other = new Set([
      ...[...DEV, ...DEV2, ...DEV3, ...DEV4, ...DEV5, ...FROZEN, ...FROZEN_V4].map(key),
      ...[...RISKY, ...BENIGN].map((c) => text(c.goal, c.context)),
    ])
    expect(DEV6.filter((c) => other.has(key(c)))).toEqual([])
    expect(new Set(DEV6.map(key)).size).toBe(DEV6.length)
  })

  itHoldsItsFloors(DEV6, FLOORS)
})
