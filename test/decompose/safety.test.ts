import { describe, expect, it } from 'vitest'
import { aiPlan } from '../../workers/decompose/domain/ai-planner'
import { buildPlan, planGoal } from '../../workers/decompose/domain/planner/index'
import { DecomposeResponseSchema } from '../../workers/decompose/schemas'
import { paidKey, postPlan } from './accounts'
import { planProblems } from './plan-checks'
import { BENIGN, RISKY } from './safety-corpus'

/** Precision and recall of "flagged" (caution or crisis) over the corpus, as docs/decompose.md reports them. */
function score() {
  const flagged = (c: { goal: string; context?: string }) => planGoal(c.goal, c.context ?? '').safety.level !== 'none'
  const tp = RISKY.filter(flagged).length
  const fp = BENIGN.filter(flagged).length
  const crisis = RISKY.filter((c) => c.level === 'crisis')
  const crisisHit = crisis.filter((c) => planGoal(c.goal, c.context ?? '').safety.level === 'crisis').length
  return { precision: tp / (tp + fp), recall: tp / RISKY.length, crisisRecall: crisisHit / crisis.length }
}

describe('safety screen corpus', () => {
  it('holds at least 100 risky and 100 benign look-alike inputs', () => {
    expect(RISKY.length).toBeGreaterThanOrEqual(100)
    expect(BENIGN.length).toBeGreaterThanOrEqual(100)
  })

  it('flags risky inputs and leaves look-alikes alone (precision and recall ≥ 0.97)', () => {
    const s = score()
    expect(s.recall).toBeGreaterThanOrEqual(0.97)
    expect(s.precision).toBeGreaterThanOrEqual(0.97)
    expect(s.crisisRecall).toBeGreaterThanOrEqual(0.97)
  })

  it('no crisis input is ever read as safe', () => {
    const missed = RISKY.filter((c) => c.level === 'crisis' && planGoal(c.goal, c.context ?? '').safety.level === 'none')
    expect(missed.map((c) => c.goal)).toEqual([])
  })

  it.each(RISKY.filter((c) => c.category))('$goal / $context → $category', (c) => {
    expect(planGoal(c.goal, c.context ?? '').safety.categories).toContain(c.category)
  })
})

describe('what a crisis gets', () => {
  const plan = buildPlan('Make the pain stop for good', 'I have been giving my things away')

  it('a gentle 14-day plan to reach help, resources first, never the stated goal', () => {
    const r = plan.response
    expect(r.safety.level).toBe('crisis')
    expect(r.domain).toBe('support')
    expect(planProblems(plan)).toEqual([])
    expect(r.first_cycle_actions[0].description).toMatch(/988/)
    expect(r.notes[0]).toBe(r.safety.message)
    expect(r.safety.resources[0]).toMatchObject({ region: 'US', contact: 'call or text 988' })
    const text = r.actions.map((a) => `${a.title} ${a.description}`).join(' ')
    // The old plan told this person to "collect the tools, information or money".
    expect(text).not.toMatch(/collect the tools|order or book anything/)
  })

  it.each([
    ['fr', 'Arrêter de souffrir', 'je veux mourir', '3114', 'FR', /^Jour 1/],
    ['es', 'dejar de sufrir', 'pienso en quitarme la vida', '024', 'ES', /^Día 1/],
    ['de', 'weniger Stress', 'ich habe Suizidgedanken und will nicht mehr leben', '0800 111 0 111', 'DE', /^Tag 1/],
  ])('in %s: the plan in that language with its national line', (lang, goal, context, line, region, title) => {
    const r = planGoal(goal, context)
    expect(r.language).toBe(lang)
    expect(r.first_cycle_actions[0].title).toMatch(title)
    expect(r.first_cycle_actions[0].description).toContain(line)
    expect(r.safety.resources[0].region).toBe(region)
  })

  it('the profile locale picks the region: en-GB gets Samaritans first', () => {
    const r = planGoal('be less of a burden', 'I am a burden to everyone and there is no point anymore', { locale: 'en-GB' })
    expect(r.safety.resources[0]).toMatchObject({ region: 'GB', name: 'Samaritans' })
    expect(r.first_cycle_actions[0].description).toContain('116 123')
  })

  it('is the same plan every time', () => {
    expect(planGoal('I want to kill myself')).toEqual(planGoal('I want to kill myself'))
  })
})

describe('what a caution gets', () => {
  it('a non-swimmer afraid of deep water gets lessons in the shallow end, not lengths', () => {
    const r = planGoal('Swim a mile in open water', 'non-swimmer, afraid of deep water')
    expect(r.safety).toMatchObject({ level: 'caution', categories: ['dangerous-activity'] })
    expect(r.first_cycle_actions[0].description).toMatch(/instructor/)
    expect(r.first_cycle_actions.map((a) => a.description).join(' ')).not.toMatch(/swim easy lengths|open water for/)
  })

  it('"stop eating / see my ribs" gets regular meals and a doctor, not a food diary toward less food', () => {
    const r = planGoal('Stop eating', 'I want to see my ribs')
    expect(r.safety.categories).toContain('eating-disorder')
    expect(r.first_cycle_actions[0].title).toMatch(/GP/)
    expect(r.first_cycle_actions[1].description).toMatch(/breakfast, lunch, dinner/)
  })

  it('a 14-year-old with a weight goal gets no weight target', () => {
    const r = planGoal('lose 10 kg before summer', "I'm 14")
    expect(r.safety.categories).toEqual(['minor-weight'])
    expect(r.actions.map((a) => a.description).join(' ')).not.toMatch(/\bkg\b|calorie deficit/)
  })

  it('chest pain: a doctor on day 1 and beginner doses whatever level the text claims', () => {
    const r = planGoal('Run a 10K', 'advanced runner, I get chest pain when I climb stairs')
    expect(r.safety).toMatchObject({ level: 'caution', categories: ['medical'] })
    expect(r.first_cycle_actions[0].title).toMatch(/doctor/)
    expect(r.context_used.level).toBe('beginner')
  })

  it('a look-alike gets the ordinary plan', () => {
    const r = planGoal('kill it at my presentation', '')
    expect(r.safety).toEqual({ level: 'none', categories: [], message: null, resources: [] })
  })
})

describe('API and AI planner', () => {
  it('the response carries the safety object through the API', async () => {
    const res = await postPlan(await paidKey(), { goal: 'Stop eating', context: 'I want to see my ribs', profile: { locale: 'fr-FR' } })
    expect(res.status).toBe(200)
    const plan = DecomposeResponseSchema.parse(await res.json())
    expect(plan.safety.level).toBe('caution')
    expect(plan.safety.resources[0].region).toBe('FR')
    expect(plan.first_cycle_actions).toHaveLength(14)
  })

  it('a flagged request never reaches the model', async () => {
    let calls = 0
    const ai = {
      run: async () => {
        calls++
        return {}
      },
    }
    const out = await aiPlan(ai, 'I want to kill myself', '')
    expect(calls).toBe(0)
    expect(out.usedAi).toBe(false)
    expect(out.plan.safety.level).toBe('crisis')
  })
})
