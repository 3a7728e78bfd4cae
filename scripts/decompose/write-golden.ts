// Rewrites test/decompose/golden/*.json from the current planner. Run after an intended change
// to the planner, then read the diff: it is the review of how the plans now sound.
//   npm run decompose:golden
import { writeFileSync } from 'node:fs'
import { planGoal } from '../../workers/decompose/domain/planner/index'
import { GOLDEN_CASES } from '../../test/decompose/golden-cases'

for (const c of GOLDEN_CASES) {
  const file = new URL(`../../test/decompose/golden/${c.name}.json`, import.meta.url)
  writeFileSync(file, `${JSON.stringify(planGoal(c.goal, c.context), null, 2)}\n`)
  console.log(`wrote ${c.name}.json`)
}
