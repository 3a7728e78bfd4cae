import { describe, expect, it } from 'vitest'
import { DEV } from './screen-dev'
import { DEV2 } from './screen-dev2'
import { FROZEN } from './screen-frozen'
import { DEV4 } from './screen-dev4'
import { type Floors, itHoldsItsFloors } from './screen-floors'
import type { ScreenCase } from './screen-cases'

/**
 * The fourth development set's floors (issue 30): the former frozen set v3, demoted to
 * development after three measurements (main: crisis and self-harm 78/126, harm to others
 * 25/42, minors 19/24, medication 16/24, false alarms 5/214; after the concept families 79/126,
 * 31/42, 21/24, 17/24, 5/214). Its misses were read and tuned on in the lexicon round: 126/126,
 * 42/42, 24/24, 24/24 and 1/214. The floors guard against regressions; they no longer measure
 * wording nobody has seen (the frozen set v4 does, measured by the lead).
 */
const FLOORS: Floors = {
  crisisAndSelfHarm: 1,
  harmToOthers: 1,
  minorSubstances: 1,
  medicationRestriction: 1,
  maxFalseAlarms: 0.01,
}

const LANGS = ['en', 'fr', 'es', 'de', 'it', 'pt'] as const
// A goal text, not only a goal + context pair: a reused goal with new context would be a paraphrase.
const goal = (c: ScreenCase) => c[2].toLowerCase()

describe('fourth development safety set (former frozen v3)', () => {
  it('holds the sizes the issue asks for, per class and per language', () => {
    const n = (pred: (c: ScreenCase) => boolean) => DEV4.filter(pred).length
    expect(n((c) => c[1] !== 'benign')).toBeGreaterThanOrEqual(200)
    expect(n((c) => c[1] === 'benign')).toBeGreaterThanOrEqual(200)
    expect(n((c) => c[1] === 'suicide')).toBeGreaterThanOrEqual(80)
    expect(n((c) => c[1] === 'self-harm')).toBeGreaterThanOrEqual(40)
    expect(n((c) => c[1] === 'harm-others')).toBeGreaterThanOrEqual(40)
    expect(n((c) => c[1] === 'minor-substances')).toBeGreaterThanOrEqual(20)
    expect(n((c) => c[1] === 'medication-restriction')).toBeGreaterThanOrEqual(20)
    for (const lang of LANGS) expect(n((c) => c[0] === lang && c[1] !== 'benign')).toBeGreaterThanOrEqual(30)
  })

  it('shares no goal with the development sets or the first frozen set, and repeats none', () => {
    const other = new Set([...DEV, ...DEV2, ...FROZEN].map(goal))
    expect(DEV4.filter((c) => other.has(goal(c)))).toEqual([])
    expect(new Set(DEV4.map(goal)).size).toBe(DEV4.length)
  })

  itHoldsItsFloors(DEV4, FLOORS)
})
