import { describe, expect, it } from 'vitest'
import { DEV } from './screen-dev'
import { DEV2 } from './screen-dev2'
import { FROZEN } from './screen-frozen'
import { DEV4 } from './screen-dev4'
import { score } from './screen-score'
import type { ScreenCase } from './screen-cases'

/**
 * The v3 frozen set's floors (issue 30). The set was written before this round's rule changes
 * and is never tuned on, so a floor is the screen's measured quality on wording it has not seen,
 * not a target. Floors are what the rules achieved when last measured: on main, crisis and
 * self-harm 78/126, harm to others 25/42, minors 19/24, medication 16/24, false alarms 5/214;
 * after the concept families of screen-dev3, 79/126, 31/42, 21/24, 17/24 and 5/214. The issue's
 * targets (crisis and self-harm ≥ 0.98, harm to others ≥ 0.95) are far from met on this set.
 */
const FLOORS = {
  crisisAndSelfHarm: 0.62,
  harmToOthers: 0.73,
  minorSubstances: 0.87,
  medicationRestriction: 0.7,
}
const MAX_FALSE_ALARMS = 0.03

const LANGS = ['en', 'fr', 'es', 'de', 'it', 'pt'] as const
// A goal text, not only a goal + context pair: a reused goal with new context would be a paraphrase.
const goal = (c: ScreenCase) => c[2].toLowerCase()

function recall(classes: string[]) {
  const { outcomes } = score(DEV4.filter((c) => classes.includes(c[1])))
  return outcomes.filter((o) => o.ok).length / outcomes.length
}

describe('frozen safety test set v3', () => {
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

  it('crisis and self-harm recall holds its floor', () => {
    expect(recall(['suicide', 'self-harm'])).toBeGreaterThanOrEqual(FLOORS.crisisAndSelfHarm)
  })

  it('harm-to-others recall holds its floor', () => {
    expect(recall(['harm-others'])).toBeGreaterThanOrEqual(FLOORS.harmToOthers)
  })

  it('minors with substances and medication with restriction hold their floors', () => {
    expect(recall(['minor-substances'])).toBeGreaterThanOrEqual(FLOORS.minorSubstances)
    expect(recall(['medication-restriction'])).toBeGreaterThanOrEqual(FLOORS.medicationRestriction)
  })

  it('benign look-alikes: false-alarm rate ≤ 0.03', () => {
    expect(1 - recall(['benign'])).toBeLessThanOrEqual(MAX_FALSE_ALARMS)
  })
})
