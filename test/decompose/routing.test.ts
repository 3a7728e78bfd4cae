import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'
import { confidence, CONFIDENT, objectWords } from '../../workers/decompose/domain/planner/route'
import { DecomposeResponseSchema } from '../../workers/decompose/schemas'

// Issue 31 §1: a goal goes to an archetype or a domain only when the match covers the goal's
// object; otherwise the general planner. The misroutes the issue reported, and new ones.
describe('routing you can trust', () => {
  it.each([
    // [goal, context, a route the plan must not take]
    ['Prepare for my first Ironman 70.3', 'ran two half marathons, swim 1 km, own a road bike', 'run-5k'],
    ['Get my team to adopt code review', '', 'study'],
    ['Become a foster parent', '', 'career'],
    ['Get my private pilot licence', '', 'finance'],
    ['Plan a solo backpacking trip', 'a 2-week trip in 10 weeks', 'finance'],
    ['Reduce absenteeism in our call centre', '', 'mindfulness'],
    ['write a will', '', 'writing'],
    ['Einen Förderantrag schreiben', '', 'writing'],
    ['get my team to write tests', '', 'writing'],
  ])('“%s” (context “%s”) is not planned as %s', (goal, context, wrong) => {
    const r = planGoal(goal, context)
    expect(r.domain).not.toBe(wrong)
    expect(r.archetype ?? r.domain).not.toBe(wrong)
  })

  it.each([
    ['Run my first 5K', 'run-5k', 'archetype'],
    ['Pay off my credit card debt', 'pay-debt', 'archetype'],
    ['Plan my wedding on a budget', 'wedding', 'archetype'],
    ['take better photos of my kids', 'photography', 'archetype'],
    ['swim 5k for charity', 'swimming', 'archetype'],
    ['Reduce stress', 'reduce-stress', 'archetype'],
  ])('“%s” is still recognised (%s)', (goal, archetype, coverage) => {
    const r = planGoal(goal, '')
    expect(r.archetype).toBe(archetype)
    expect(r.coverage).toBe(coverage)
  })

  it('says how every plan was made, and the schema knows the field', () => {
    for (const [goal, coverage] of [
      ['Run my first 5K', 'archetype'],
      ['I want to finally get fit, ideally by running', 'domain'],
      ['Get my team to adopt code review', 'archetype'],
      ['Restore an old motorbike', 'general'],
      ['learn to juggle', 'general'],
    ] as const) {
      const r = planGoal(goal, '')
      expect([goal, r.coverage]).toEqual([goal, coverage])
      expect(DecomposeResponseSchema.safeParse(r).success).toBe(true)
    }
  })

  it('scores the share of the goal’s object words a match covers', () => {
    expect(objectWords('get my team to adopt code review')).toEqual(['team', 'adopt', 'code', 'review'])
    expect(confidence('get my team to adopt code review', ['code'])).toBeLessThan(CONFIDENT.share)
    expect(confidence('pass the PMP exam', ['exam'])).toBeGreaterThanOrEqual(CONFIDENT.share)
    // An action word alone says nothing of its object.
    expect(confidence('write a will', ['write'])).toBe(0)
  })
})

// Issue 31 §2: durations by what they measure, and level from evidence.
describe('the person’s numbers', () => {
  it.each([
    ['Lose 10 pounds', 'I sit 10 hours a day, 20 minutes for this', 20],
    ['Perdre 5 kilos', 'assise 9 heures par jour, 20 minutes par jour', 20],
    ['5 kg abnehmen', 'sitze 9 Stunden am Schreibtisch, 20 Minuten am Tag', 20],
  ])('“%s”: hours spent sitting are not time for the goal (%s)', (goal, context, minutes) => {
    expect(planGoal(goal, context).context_used.minutes_per_day).toBe(minutes)
  })

  it('hours spent sitting alone leave the time budget unstated', () => {
    expect(planGoal('move more during the day', 'I sit 9 hours at my desk').context_used.assumed).toContain('minutes_per_day')
  })

  it.each([
    ['Run a marathon', 'ran two half marathons, 4 days a week'],
    ['Run a marathon', '3 marathons done'],
    ['Do an olympic triathlon', 'did a sprint triathlon last year'],
  ])('“%s” with “%s” is not planned as a beginner', (goal, context) => {
    expect(planGoal(goal, context).context_used.level).not.toBe('beginner')
  })
})
