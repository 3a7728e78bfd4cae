import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'

const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()

// Issue 31 §1/§6: every day of every plan names the goal it serves — off days and reviews of
// archetype plans included — in the plan's language. Goals of several classes, written here.
describe('every day names the goal (anchor.ts)', () => {
  const cases: Array<[goal: string, words: string[]]> = [
    ['learn to bake bread', ['bread', 'bake']],
    ['repaint the living room', ['living room', 'repaint']],
    ['lose 5 kg before my sister’s wedding', ['wedding', 'sister']],
    ['Rénover ma salle de bain', ['salle de bain']],
    ['Preparar la mudanza a Valencia', ['valencia', 'mudanza']],
    ['Den Keller ausmisten', ['keller']],
    ['start a newsletter about gardening', ['garden', 'newsletter']],
  ]
  for (const [goal, words] of cases)
    it(`“${goal}”: all 14 days name ${words.join(' or ')}`, () => {
      const r = planGoal(goal, '')
      const named = r.first_cycle_actions.filter((a) => words.some((w) => fold(`${a.title} ${a.description}`).includes(w)))
      expect(named.length, JSON.stringify(r.first_cycle_actions.map((a) => a.description))).toBe(14)
      expect(r.translation.complete).toBe(true)
    })

  it('leads a day that does not name the goal with the goal’s own words, in the plan’s language', () => {
    const fr = planGoal('Rénover ma salle de bain', '').first_cycle_actions
    expect(fr.some((a) => a.description.startsWith('Pour « Rénover ma salle de bain » : '))).toBe(true)
    const en = planGoal('learn to bake bread', '').first_cycle_actions
    // The quoted object is the goal's words from its first object word to its last, not "learn to".
    expect(en.some((a) => a.description.startsWith('For “bake bread”: '))).toBe(true)
  })

  it('leaves a day that already names the goal as written', () => {
    const days = planGoal('Run my first 5K', '').first_cycle_actions
    const runs = days.filter((a) => /\brun\b/i.test(a.title))
    expect(runs.length).toBeGreaterThan(0)
    for (const a of runs) expect(a.description.startsWith('For “')).toBe(false)
  })
})
