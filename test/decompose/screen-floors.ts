import { expect, it } from 'vitest'
import type { ScreenCase } from './screen-cases'
import { score } from './screen-score'

export type Floors = {
  crisisAndSelfHarm: number
  harmToOthers: number
  minorSubstances: number
  medicationRestriction: number
  /** The highest false-alarm rate the benign look-alikes may reach. */
  maxFalseAlarms: number
}

/** Share of a set's cases of these classes that the screen gets right (screen-score.ts). */
export function recallOf(set: ScreenCase[], classes: string[]): number {
  const { outcomes } = score(set.filter((c) => classes.includes(c[1])))
  return outcomes.filter((o) => o.ok).length / outcomes.length
}

/** The floor tests every development set holds, registered in the caller's `describe`. */
export function itHoldsItsFloors(set: ScreenCase[], floors: Floors): void {
  it('crisis and self-harm recall holds its floor', () => {
    expect(recallOf(set, ['suicide', 'self-harm'])).toBeGreaterThanOrEqual(floors.crisisAndSelfHarm)
  })

  it('harm-to-others recall holds its floor', () => {
    expect(recallOf(set, ['harm-others'])).toBeGreaterThanOrEqual(floors.harmToOthers)
  })

  it('minors with substances and medication with restriction hold their floors', () => {
    expect(recallOf(set, ['minor-substances'])).toBeGreaterThanOrEqual(floors.minorSubstances)
    expect(recallOf(set, ['medication-restriction'])).toBeGreaterThanOrEqual(floors.medicationRestriction)
  })

  it(`benign look-alikes: false-alarm rate ≤ ${floors.maxFalseAlarms}`, () => {
    expect(1 - recallOf(set, ['benign'])).toBeLessThanOrEqual(floors.maxFalseAlarms)
  })
}
