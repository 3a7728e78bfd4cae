import { describe, expect, it } from 'vitest'
import { buildPlan } from '../../workers/decompose/domain/planner/index'
import { readObject } from '../../workers/decompose/domain/planner/domains/general-object'
import { planProblems } from './plan-checks'

// Goals no archetype or domain recognises: the general planner builds every day from the goal's
// own object (issue 31 §1) and never helps with more than it knows (issue 30).
const UNRECOGNISED: Array<[goal: string, lang: string, object: string]> = [
  ['Restore an old motorbike', 'en', 'old motorbike'],
  ['Obtain a fishing permit for the lake', 'en', 'fishing permit for the lake'],
  ['Reduce the noise in our open-plan office', 'en', 'noise in our open-plan office'],
  ['Fabriquer une table en chêne', 'fr', 'table en chêne'],
  ['Einen Hühnerstall bauen', 'de', 'Hühnerstall'],
  ['get revenge on my ex', 'en', 'revenge on my ex'],
  ['make my neighbour move out', 'en', 'neighbour move out'],
  ['obtain a second passport quietly', 'en', 'second passport quietly'],
  ['Réduire le bruit dans mon open space', 'fr', 'bruit dans mon open space'],
  ['Construir una caseta para el perro', 'es', 'caseta para el perro'],
]

const HELPS_BEYOND = [
  /\b(buy|purchase|acquire|get hold of|gather|borrow|materials|supplies|substances?|raise (?:the )?money)\b|\border (?:it|them|online|the|a|an|some)\b/i,
  /someone who has done|who has done it|ask an expert who/i,
  /\b(achetez|procurez|rassemblez|empruntez|compra|consigue|reúne|kaufen|besorgen|sammeln Sie)\b/i,
]

describe('the general planner', () => {
  it.each(UNRECOGNISED)('plans “%s” (%s) from its object, every day', (goal, lang, object) => {
    const plan = buildPlan(goal, '')
    const r = plan.response
    if (r.domain === 'support') return // the safety screen replaced it; nothing toward the goal
    expect(r.coverage).toBe('general')
    expect(r.language).toBe(lang)
    expect(r.translation.complete).toBe(true)
    expect(planProblems(plan)).toEqual([])
    const days = r.first_cycle_actions.filter((a) => `${a.title} ${a.description}`.includes(object))
    expect(days.length).toBeGreaterThanOrEqual(12)
  })

  it.each(UNRECOGNISED)('never helps “%s” beyond research, rules, steps and measures', (goal) => {
    const r = buildPlan(goal, 'I have 45 minutes a day').response
    for (const a of r.actions) {
      const text = `${a.title} ${a.description}`
      for (const re of HELPS_BEYOND) expect(text).not.toMatch(re)
      // Never "finish <the goal>" as written: the person defines done on day 1.
      expect(text.toLowerCase()).not.toContain(`finish ${goal.toLowerCase()}`)
      expect(text.toLowerCase()).not.toContain(`finish: ${goal.toLowerCase()}`)
    }
  })

  it('has no off-day filler that fits any goal', () => {
    for (const [goal] of UNRECOGNISED) {
      const text = JSON.stringify(buildPlan(goal, 'weekends only').response.actions)
      expect(text).not.toContain('book your next three sessions')
      expect(text).not.toContain('one sentence someone else could check')
    }
  })

  it('starts from the verb: requirements to obtain, a count to reduce, parts to make', () => {
    expect(readObject('get my private pilot licence', 'en')).toEqual({ family: 'obtain', object: 'private pilot licence' })
    expect(readObject('reduce sick leave in my team', 'en')).toEqual({ family: 'reduce', object: 'sick leave in my team' })
    expect(readObject('Einen Förderantrag schreiben', 'de')).toEqual({ family: 'make', object: 'Förderantrag' })
    expect(readObject('a calmer open space', 'en')).toEqual({ family: 'improve', object: 'calmer open space' })
    expect(buildPlan('Obtain a fishing permit for the lake', '').response.first_cycle_actions[0].description).toMatch(
      /official requirements/
    )
    expect(buildPlan('Reduce the noise in our open-plan office', '').response.first_cycle_actions[0].description).toMatch(/count/)
  })
})
