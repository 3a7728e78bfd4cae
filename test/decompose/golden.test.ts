import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'
import careerChange from './golden/career-change.json'
import creditCardDebt from './golden/credit-card-debt.json'
import gardenShed from './golden/garden-shed.json'
import insomnia from './golden/insomnia.json'
import learnJapanese from './golden/learn-japanese.json'
import novel from './golden/novel.json'
import pushUps from './golden/push-ups.json'
import runFirst5k from './golden/run-first-5k.json'
import { GOLDEN_CASES } from './golden-cases'

// Whole plans for a handful of goals, committed in golden/ so that any change to how plans
// read shows up in review. Regenerate with `npm run decompose:golden` and read the diff.
const GOLDEN: Record<(typeof GOLDEN_CASES)[number]['name'], unknown> = {
  'run-first-5k': runFirst5k,
  'push-ups': pushUps,
  insomnia,
  'learn-japanese': learnJapanese,
  'credit-card-debt': creditCardDebt,
  'career-change': careerChange,
  novel,
  'garden-shed': gardenShed,
}

describe('golden plans', () => {
  for (const c of GOLDEN_CASES) {
    it(`${c.name}: “${c.goal}”`, () => {
      expect(planGoal(c.goal, c.context)).toEqual(GOLDEN[c.name])
    })
  }
})
