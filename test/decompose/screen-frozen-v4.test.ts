import { describe, expect, it } from 'vitest'
import { BENIGN, RISKY } from './safety-corpus'
import type { ScreenCase } from './screen-cases'
import { rate, score } from './screen-score'
import { DEV } from './screen-dev'
import { DEV2 } from './screen-dev2'
import { DEV3 } from './screen-dev3'
import { FROZEN } from './screen-frozen'
import { DEV4 } from './screen-dev4'
import { DEV5 } from './screen-dev5'
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

const others: ScreenCase[] = [...DEV, ...DEV2, ...DEV3, ...DEV4, ...DEV5, ...FROZEN]
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

// First measured on the rules of fb9ece5, right after the set was written and before anyone saw a
// figure; measured again (totals only, never the cases) on the lexicon layer that followed, and
// the recall floors raised to that, and again after the second round of lexicon depth (recall
// rounded down to 2 decimals, false-alarm ceilings the last measurement rounded up). They are floors
// that catch a regression, not the targets (crisis and self-harm ≥ 0.98, harm to others
// ≥ 0.95, false alarms ≤ 0.03): raise them when the rules improve, never edit a case to pass.
const RECALL_FLOORS: Record<string, number> = {
  suicide: 0.79,
  'suicide en': 0.93,
  'suicide fr': 0.87,
  'suicide es': 0.75,
  'suicide de': 0.81,
  'suicide it': 0.68,
  'suicide pt': 0.68,
  'self-harm': 0.72,
  'self-harm en': 0.66,
  'self-harm fr': 0.66,
  'self-harm es': 0.77,
  'self-harm de': 0.55,
  'self-harm it': 0.88,
  'self-harm pt': 0.77,
  'harm-others': 0.85,
  'harm-others en': 0.77,
  'harm-others fr': 0.88,
  'harm-others es': 1,
  'harm-others de': 0.77,
  'harm-others it': 0.77,
  'harm-others pt': 0.88,
  'minor-substances': 0.77,
  'minor-substances en': 1,
  'minor-substances fr': 0.83,
  'minor-substances es': 0.66,
  'minor-substances de': 0.83,
  'minor-substances it': 0.66,
  'minor-substances pt': 0.66,
  'medication-restriction': 0.72,
  'medication-restriction en': 1,
  'medication-restriction fr': 0.66,
  'medication-restriction es': 0.66,
  'medication-restriction de': 0.66,
  'medication-restriction it': 0.66,
  'medication-restriction pt': 0.66,
}
const CRISIS_RECALL_FLOOR = 0.76
const FALSE_ALARM_CEILINGS: Record<string, number> = {
  benign: 0.08,
  'benign en': 0.09,
  'benign fr': 0.09,
  'benign es': 0.12,
  'benign de': 0.07,
  'benign it': 0.05,
  'benign pt': 0.05,
}

describe('frozen set v4: the screen does not fall below what it measured', () => {
  const { rows, outcomes } = score(FROZEN_V4)

  it('keeps recall per class and per class and language at or above the measured floors', () => {
    const below = Object.entries(RECALL_FLOORS)
      .map(([key, floor]) => ({ key, floor, recall: rate(rows, key) }))
      .filter((x) => !(x.recall >= x.floor))
    // Keys and figures only: the cases that miss are not printed, so nobody tunes on them.
    expect(below).toEqual([])
  })

  it('keeps suicide and self-harm together at or above the measured crisis recall', () => {
    const crisis = outcomes.filter((o) => o.c[1] === 'suicide' || o.c[1] === 'self-harm')
    expect(crisis.filter((o) => o.ok).length / crisis.length).toBeGreaterThanOrEqual(CRISIS_RECALL_FLOOR)
  })

  it('keeps the false-alarm rate on benign look-alikes at or below the measured ceiling', () => {
    const above = Object.entries(FALSE_ALARM_CEILINGS)
      .map(([key, ceiling]) => ({ key, ceiling, falseAlarms: 1 - rate(rows, key) }))
      .filter((x) => !(x.falseAlarms <= x.ceiling))
    expect(above).toEqual([])
  })
})
