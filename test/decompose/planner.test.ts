import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { buildPlan, planGoal } from '../../workers/decompose/domain/planner/index'
import { DecomposeResponseSchema, GOAL_KINDS } from '../../workers/decompose/schemas'
import { CORPUS } from './corpus'
import { planProblems, totalDose, weeklyDose } from './plan-checks'

describe('planner over the corpus', () => {
  it('has at least 60 goals covering every kind', () => {
    expect(CORPUS.length).toBeGreaterThanOrEqual(60)
    const kinds = new Set(CORPUS.map((c) => c.kind))
    for (const kind of GOAL_KINDS) expect(kinds).toContain(kind)
  })

  for (const { goal, context, kind } of CORPUS) {
    it(`plans “${goal}”`, () => {
      const plan = buildPlan(goal, context)
      expect(plan.response.domain).toBe(kind)
      expect(planProblems(plan)).toEqual([])
      expect(DecomposeResponseSchema.safeParse(plan.response).success).toBe(true)
      expect(planGoal(goal, context)).toEqual(plan.response)
    })
  }

  it('ramps the dose by roughly 10–20% in week two', () => {
    for (const { goal, context } of CORPUS) {
      const dose = weeklyDose(buildPlan(goal, context))
      if (!dose) continue
      const ratio = dose.week2 / dose.week1
      expect(ratio, goal).toBeGreaterThanOrEqual(1.05)
      // Whole units (one more rep, one more question) may exceed 20% on very small doses.
      expect(ratio, goal).toBeLessThanOrEqual(Math.max(1.25, (dose.week1 + 1) / dose.week1))
    }
  })

  it('gives beginners a lower dose than advanced people with the same time', () => {
    for (const { goal } of CORPUS) {
      for (const minutes of [20, 30, 60]) {
        const ctx = (level: string) => `${level}, ${minutes} minutes a day, 4 days a week`
        const beginner = totalDose(buildPlan(goal, ctx('beginner')))
        const advanced = totalDose(buildPlan(goal, ctx('advanced')))
        expect(beginner, `${goal} at ${minutes} min`).toBeLessThan(advanced)
      }
    }
  })

  it('keeps rest days between training sessions at three a week or fewer', () => {
    for (const goal of ['Run my first 5K', 'get stronger', 'run a marathon', 'Do 20 push-ups']) {
      for (const days of [2, 3]) {
        const plan = buildPlan(goal, `${days} days a week, 30 minutes`)
        const training = plan.days.filter((d) => d.kind === 'session' || d.load > 0).map((d) => d.day)
        training.slice(1).forEach((d, i) => expect(d - training[i], `${goal}: days ${training}`).toBeGreaterThan(1))
      }
    }
  })

  it('takes a lower-limb injury into account instead of prescribing running', () => {
    const plan = buildPlan('Run a 10K', 'beginner, sore left knee, 30 minutes')
    expect(plan.response.first_cycle_actions.some((a) => /\bjog/.test(a.description))).toBe(false)
    expect(plan.response.notes.join(' ')).toMatch(/physiotherapist/)
    expect(plan.response.context_used.constraints).toContain('knee injury or pain')
  })

  it('reads "no injuries" as no injury', () => {
    expect(buildPlan('get stronger', 'no injuries, no knee pain').response.context_used.constraints).toEqual([])
  })

  it('puts a crisis line first when the context mentions self-harm', () => {
    const notes = buildPlan('reduce stress', 'some days I think about suicide').response.notes
    expect(notes[0]).toMatch(/988/)
  })

  it('says when a deadline is too tight for a safe rate', () => {
    expect(buildPlan('lose 8 kg', 'in 6 weeks').response.notes.join(' ')).toMatch(/0\.5–1 kg a week/)
    expect(buildPlan('run a marathon', 'beginner, in 8 weeks').response.notes.join(' ')).toMatch(/deadline is 8 weeks away/)
  })

  it('reads the context into context_used', () => {
    const used = buildPlan('Learn Spanish', 'intermediate, 45 minutes a day, 3 times a week, mornings, exam in 10 weeks').response
      .context_used
    expect(used).toMatchObject({ level: 'intermediate', minutes_per_day: 45, days_per_week: 3, deadline_weeks: 10, assumed: [] })
    expect(used.cue).toBe('After your morning coffee')
  })

  it('phrases sessions as if-then plans on the person’s cue', () => {
    for (const { goal, context } of CORPUS) {
      const r = buildPlan(goal, context).response
      // Plans in French, Spanish or German start their sessions with the cue in that language.
      // A day led by the goal's own object ("For “running”: after …", anchor.ts) still starts its sentence with the cue.
      const sentence = (d: string) => d.replace(/^(?:For “[^”]*”: |Pour « [^»]* » : |Para «[^»]*»: |Für „[^“]*“: )/, '')
      const anchored = r.first_cycle_actions.filter((a) =>
        r.language === 'en'
          ? /^(After|When|At|Before|From|Within|Set an alarm|In the|Go to bed|Tonight|On your|Mid-morning|Drink|Now|This morning|Choose)/i.test(
              sentence(a.description)
            )
          : sentence(a.description).toLowerCase().startsWith(r.context_used.cue.toLowerCase())
      )
      expect(anchored.length, goal).toBeGreaterThanOrEqual(3)
    }
  })
})

// Random contexts built from the pieces people write, over random corpus goals and random
// goal text (any Unicode): every plan must still satisfy every rule.
const fragment = fc.constantFrom(
  'beginner',
  'intermediate',
  'advanced',
  'complete beginner but advanced',
  'never done this',
  '5 years of experience',
  'knee injury',
  'bad back',
  'shoulder pain',
  'pregnant',
  'heart condition',
  'asthma',
  'over 70',
  'suicidal thoughts',
  'night shifts',
  'eating disorder',
  'no equipment',
  'dumbbells',
  'gym',
  'a bike',
  'pull-up bar',
  'mornings',
  'lunch break',
  'after work',
  'before bed',
  'on my commute',
  'weekdays',
  'weekends only',
  'every day',
  'every other day',
  'in 3 weeks',
  'in 6 months',
  'by June',
  'exam on 2026-09-01',
  'half an hour',
  'an hour and a half',
  '3 hours a week',
  '20-30 minutes',
  '1h30',
  'no time',
  '日本語',
  '🎯'
)
const contextArb = fc
  .tuple(fc.array(fragment, { maxLength: 5 }), fc.option(fc.integer({ min: 1, max: 300 })), fc.option(fc.integer({ min: 1, max: 9 })))
  .map(([parts, minutes, days]) =>
    [...parts, minutes ? `${minutes} minutes a day` : null, days ? `${days} days a week` : null].filter(Boolean).join(', ')
  )
const goalArb = fc.oneof(
  fc.constantFrom(...CORPUS.map((c) => c.goal)),
  fc.string({ unit: 'grapheme', minLength: 3, maxLength: 80 }).filter((s) => s.trim().length >= 3)
)

describe('planner properties', () => {
  it('every plan satisfies every rule, whatever the goal and context', () => {
    fc.assert(
      fc.property(goalArb, contextArb, (goal, context) => {
        const plan = buildPlan(goal, context)
        expect(planProblems(plan)).toEqual([])
        expect(DecomposeResponseSchema.safeParse(plan.response).success).toBe(true)
      }),
      { numRuns: 400 }
    )
  })

  it('is deterministic', () => {
    fc.assert(
      fc.property(goalArb, contextArb, (goal, context) => {
        expect(planGoal(goal, context)).toEqual(planGoal(goal, context))
      }),
      { numRuns: 100 }
    )
  })

  it('never exceeds the stated minutes per day', () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...CORPUS.map((c) => c.goal)),
        fc.integer({ min: 5, max: 180 }),
        fc.integer({ min: 1, max: 7 }),
        (goal, minutes, days) => {
          const r = planGoal(goal, `${minutes} minutes a day, ${days} days a week`)
          expect(r.context_used.minutes_per_day).toBe(minutes)
          for (const a of r.first_cycle_actions) expect(a.minutes).toBeLessThanOrEqual(minutes)
        }
      ),
      { numRuns: 300 }
    )
  })
})
