import { describe, expect, it } from 'vitest'
import { BENIGN, RISKY } from './safety-corpus'
import type { ScreenCase } from './screen-cases'
import { DEV } from './screen-dev'
import { DEV2 } from './screen-dev2'
import { DEV3 } from './screen-dev3'
import { FROZEN } from './screen-frozen'
import { FROZEN_V3 } from './screen-frozen-v3'
import { FROZEN_V4 } from './screen-frozen-v4'

// A frozen set only measures wording the rules were not written against: a case that already
// sits in another set (same words once case, accents and punctuation are dropped) measures
// nothing new, so the set must not share one.
const normalise = (goal: string, context = '') =>
  `${goal} ${context}`
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()

const others: ScreenCase[] = [...DEV, ...DEV2, ...DEV3, ...FROZEN, ...FROZEN_V3]
const otherTexts = new Set([...others.map((c) => normalise(c[2], c[3])), ...[...RISKY, ...BENIGN].map((c) => normalise(c.goal, c.context))])

describe('frozen set v4: written blind, shares no case with the other sets', () => {
  it('has no goal + context that another set (or the old safety corpus) already holds', () => {
    const shared = FROZEN_V4.filter((c) => otherTexts.has(normalise(c[2], c[3]))).map((c) => c[2])
    expect(shared).toEqual([])
  })

  it('holds no case twice', () => {
    const seen = new Set<string>()
    const twice = FROZEN_V4.filter((c) => {
      const key = normalise(c[2], c[3])
      if (seen.has(key)) return true
      seen.add(key)
      return false
    }).map((c) => c[2])
    expect(twice).toEqual([])
  })

  it('has the sizes issue 30 asks for, per class and per language', () => {
    const count = (pred: (c: ScreenCase) => boolean) => FROZEN_V4.filter(pred).length
    expect(count((c) => c[1] === 'suicide')).toBeGreaterThanOrEqual(90)
    expect(count((c) => c[1] === 'self-harm')).toBeGreaterThanOrEqual(50)
    expect(count((c) => c[1] === 'harm-others')).toBeGreaterThanOrEqual(50)
    expect(count((c) => c[1] === 'minor-substances')).toBeGreaterThanOrEqual(30)
    expect(count((c) => c[1] === 'medication-restriction')).toBeGreaterThanOrEqual(30)
    expect(count((c) => c[1] !== 'benign')).toBeGreaterThanOrEqual(250)
    expect(count((c) => c[1] === 'benign')).toBeGreaterThanOrEqual(250)
    for (const lang of ['en', 'fr', 'es', 'de', 'it', 'pt']) {
      expect(
        count((c) => c[0] === lang && c[1] !== 'benign'),
        lang
      ).toBeGreaterThanOrEqual(40)
      expect(
        count((c) => c[0] === lang && c[1] === 'benign'),
        lang
      ).toBeGreaterThanOrEqual(40)
    }
  })
})
