import { describe, expect, it } from 'vitest'
import type { Lang } from '../../workers/decompose/domain/locale/detect'
import { planGoal } from '../../workers/decompose/domain/planner/index'

// Issue 18 bug: "Nadar 1 km" and "Caminar 10.000 pasos al día" (and their French and German
// twins) got the general project plan ("list every step between today and …"), because only
// English named swimming and walking. They belong to the cardio module, in the request's
// language, with the water-safety rules for non-swimmers still first.
const SWIM: Array<[Lang, string]> = [
  ['en', 'Swim 1 km'],
  ['es', 'Nadar 1 km'],
  ['fr', 'nager 1 km'],
  ['de', '1 km schwimmen'],
  ['es', 'Quiero nadar 2 km sin parar'],
  ['fr', 'Je veux nager 1 km sans m’arrêter'],
]
const STEPS: Array<[Lang, string]> = [
  ['en', 'Walk 10,000 steps a day'],
  ['es', 'Caminar 10.000 pasos al día'],
  ['fr', '10 000 pas par jour'],
  ['fr', 'Marcher 8000 pas par jour'],
  ['de', '10.000 Schritte am Tag'],
]
// The words a swimming or a walking plan is made of, per language.
const SWIM_WORD: Record<Lang, RegExp> = { en: /swim/i, es: /nataci[óo]n|nad/i, fr: /natation|nage/i, de: /schwimm/i }
const WALK_WORD: Record<Lang, RegExp> = { en: /walk/i, es: /camina/i, fr: /marche/i, de: /geh/i }

describe('swimming and daily steps in every language', () => {
  it.each(SWIM)('%s "%s" is a swimming plan of the cardio module', (lang, goal) => {
    const r = planGoal(goal, '')
    expect(r.language).toBe(lang)
    expect(r.domain).toBe('running')
    expect(r.archetype).toBe('swimming')
    expect(r.translation.complete).toBe(true)
    expect(r.first_cycle_actions[0].title).toMatch(SWIM_WORD[lang])
  })

  it.each(STEPS)('%s "%s" is a walking plan of the cardio module', (lang, goal) => {
    const r = planGoal(goal, '')
    expect(r.language).toBe(lang)
    expect(r.domain).toBe('running')
    expect(r.archetype).toBe('daily-steps')
    expect(r.translation.complete).toBe(true)
    expect(r.first_cycle_actions[0].title).toMatch(WALK_WORD[lang])
  })

  it.each([
    ['es', 'Nadar 1 km', 'no sé nadar'],
    ['fr', 'nager 1 km', 'je ne sais pas nager'],
    ['de', '1 km schwimmen', 'ich bin Nichtschwimmer'],
    ['en', 'Swim 1 km', "I can't swim"],
  ])('%s: "%s" by a non-swimmer still gets lessons in the shallow end first', (_lang, goal, context) => {
    const r = planGoal(goal, context)
    expect(r.safety.level).toBe('caution')
    expect(r.safety.categories).toContain('dangerous-activity')
    expect(r.domain).toBe('support')
  })

  it('learning to swim stays the learn-to-swim plan, even with a distance', () => {
    expect(planGoal('Learn to swim 1 km', '').archetype).toBe('learn-to-swim')
    expect(planGoal('Aprender a nadar', '').archetype).toBe('learn-to-swim')
  })
})
