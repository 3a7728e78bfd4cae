import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/planner/index'
import { GOLDEN_CASES } from './golden-cases'

// Whole plans for a handful of goals, committed in golden/ so that any change to how plans
// read shows up in review. Regenerate with `npm run decompose:golden` and read the diff.
const files = import.meta.glob<{ default: unknown }>('./golden/*.json', { eager: true })

describe('golden plans', () => {
  for (const c of GOLDEN_CASES) {
    it(`${c.name}: “${c.goal}”`, () => {
      const golden = files[`./golden/${c.name}.json`]
      expect(golden, `golden/${c.name}.json is missing; run npm run decompose:golden`).toBeDefined()
      expect(planGoal(c.goal, c.context)).toEqual(golden.default)
    })
  }
})
