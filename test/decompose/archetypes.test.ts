import { describe, expect, it } from 'vitest'
import DATA from '../../workers/decompose/domain/planner/archetypes/archetypes.json'
import { buildPlan, planGoal } from '../../workers/decompose/domain/planner/index'
import { planProblems } from './plan-checks'

type Entry = { id: string; domain?: string; kind?: string; match: string[] }
const ENTRIES = DATA.archetypes as Entry[]
const CONTEXTS = [
  '',
  'beginner, 10 minutes a day',
  'advanced, 90 minutes, 6 days a week',
  'weekends only, 2 hours',
  '5 minutes a day, 1 day a week',
]
const sample = (e: Entry) => e.match[0].replaceAll('#', '3')
const text = (goal: string, context = '') =>
  planGoal(goal, context)
    .actions.map((a) => `${a.title} ${a.description}`)
    .join(' ')

describe('goal archetypes as data (issue 18 §2)', () => {
  it('at least 40 archetypes, ids unique', () => {
    expect(ENTRIES.length).toBeGreaterThanOrEqual(40)
    expect(new Set(ENTRIES.map((e) => e.id)).size).toBe(ENTRIES.length)
  })

  it.each(ENTRIES.filter((e) => !e.domain))('$id plans itself from its data, for any context', (e) => {
    for (const context of CONTEXTS) {
      const plan = buildPlan(sample(e), context)
      expect(plan.response.archetype).toBe(e.id)
      expect(plan.response.domain).toBe(e.kind)
      expect(planProblems(plan)).toEqual([])
    }
  })

  it.each(ENTRIES.filter((e) => e.domain))('$id goes to the $domain planner', (e) => {
    expect(buildPlan(sample(e), '').response.domain).toBe(e.domain)
  })
})

describe('plans about the goal, not a stray keyword', () => {
  it('“become a better manager” is people management, not job applications', () => {
    const r = planGoal('Become a better manager', 'I lead 6 engineers')
    expect(r.archetype).toBe('people-management')
    expect(text('Become a better manager')).not.toMatch(/application|CV|résumé|recruiter/i)
    expect(text('Become a better manager')).toMatch(/one-to-one/)
  })

  it('an interview in 10 days gets interview practice, not a CV rewrite over 10 weeks', () => {
    const r = planGoal('Prepare for my job interview', 'the interview is in 10 days')
    expect(r.archetype).toBe('interview-prep')
    const t = text('Prepare for my job interview', 'the interview is in 10 days')
    expect(t).toMatch(/STAR|mock interview/)
    expect(t).not.toMatch(/10 weeks/)
  })

  it('“budget” does not turn a wedding or a podcast into household finance', () => {
    expect(planGoal('Plan my wedding on a budget', 'budget of 15,000 euros').domain).toBe('event')
    expect(planGoal('Start a podcast', 'my budget is 200 dollars').domain).toBe('creative')
    expect(text('Start a podcast', 'my budget is 200 dollars')).not.toMatch(/emergency fund/)
  })

  it('an unmatched skill is planned from its own object: juggling actions for juggling', () => {
    const r = planGoal('learn to juggle')
    expect(r.archetype).toBe('general-skill')
    expect(r.first_cycle_actions.filter((a) => /juggle/.test(a.description)).length).toBeGreaterThanOrEqual(5)
    expect(text('learn to juggle')).not.toMatch(/collect the tools, information or money/)
  })

  it('a look-alike of a crisis phrase gets the plan it asks for', () => {
    expect(planGoal('kill it at my presentation').archetype).toBe('public-speaking')
  })
})
