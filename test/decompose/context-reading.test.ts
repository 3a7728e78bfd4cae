import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'

// Issue 18 §3: misreadings of the context are bugs, each with its test.
describe('reading the context', () => {
  it('“for over 11 years” is experience, not a 572-week deadline', () => {
    const used = planGoal('Learn Spanish', 'I lived there for over 11 years').context_used
    expect(used.deadline_weeks).toBeNull()
  })

  it('“running for 11 years” is an experienced runner, not a beginner', () => {
    expect(planGoal('Run a half marathon', 'I have been running for 11 years').context_used.level).toBe('advanced')
  })

  it('a personal best (half marathon PB 2:08) is at least intermediate: no walk/jog intervals', () => {
    const r = planGoal('Run a half marathon', 'my PB is 2:08, 4 days a week')
    expect(r.context_used.level).toBe('intermediate')
    expect(r.first_cycle_actions.map((a) => a.description).join(' ')).not.toMatch(
      /walk\/jog|run\/walk interval|alternate (?:1 minute|60 s)/i
    )
  })

  it('a distance run in a time (“5 km in 35 minutes”) is a baseline in every language: intermediate, and not a daily budget', () => {
    for (const [goal, context] of [
      ['Run a 10k in under an hour', 'I run 5 km in 35 minutes, 3 times a week'],
      ['Courir un 10 km en moins d’une heure', 'je cours 5 km en 35 minutes, 3 fois par semaine'],
      ['Correr 10 km en menos de una hora', 'corro 5 km en 35 minutos, 3 veces por semana'],
      ['10 km unter einer Stunde laufen', 'ich laufe 5 km in 35 Minuten, 3 mal pro Woche'],
    ]) {
      const r = planGoal(goal, context)
      expect(r.context_used.level, context).toBe('intermediate')
      expect(r.context_used.minutes_per_day, context).not.toBe(35)
      expect(r.first_cycle_actions[0].title, context).not.toMatch(/8 × 60 s/)
    }
  })

  it('“running hurts after 10 minutes” is a pain signal, not 10 minutes a day', () => {
    const r = planGoal('Run a 5K', 'running hurts after 10 minutes')
    expect(r.context_used.minutes_per_day).not.toBe(10)
    expect(r.safety.categories).toContain('injury')
    expect(r.first_cycle_actions[0].title).toMatch(/pain checked/)
  })

  it('a race time is not a time budget (“my 5k time is 28 minutes”)', () => {
    const used = planGoal('Run a 10K', 'my 5k time is 28 minutes').context_used
    expect(used.minutes_per_day).not.toBe(28)
    expect(used.assumed).toContain('minutes_per_day')
  })

  it('a clock time is not a time budget (“je me lève à 8 h”, “à 6 h 30”, “vers 7 h”), an amount in hours still is', () => {
    for (const context of ['je me lève à 8 h et je voudrais me lever à 6 h 30', 'je me couche vers 23 h', 'ich stehe um 7 h auf']) {
      const used = planGoal('Me lever plus tôt', context).context_used
      expect(used.minutes_per_day, context).toBeLessThan(60)
      expect(used.assumed, context).toContain('minutes_per_day')
    }
    expect(planGoal('Apprendre à cuisiner', '1 h 30 par jour').context_used.minutes_per_day).toBe(90)
  })

  it('a deadline in French, Spanish or German is read (“en 3 semaines”, “en 8 semanas”, “in 6 Wochen”)', () => {
    expect(planGoal('Perdre 6 kg', 'en 3 semaines').context_used.deadline_weeks).toBe(3)
    expect(planGoal('Perder peso', 'para la boda, en 8 semanas').context_used.deadline_weeks).toBe(8)
    expect(planGoal('Abnehmen', 'in 6 Wochen').context_used.deadline_weeks).toBe(6)
    expect(planGoal('Mieux dormir', 'dans 2 mois').context_used.deadline_weeks).toBe(9)
    // The plan then says, in French, that 6 kg in 3 weeks is faster than is safe.
    expect(planGoal('Perdre 6 kg', 'en 3 semaines, 20 minutes par jour').notes.join(' ')).toContain(
      'Perdre 6 kg en 3 semaines est plus rapide'
    )
  })

  it('hours on the phone are not a time budget in French, Spanish or German either', () => {
    for (const [goal, context] of [
      ['Menos tiempo de pantalla', 'paso 4 horas al día con el móvil'],
      ['Moins de temps d’écran', '3 h par jour sur mon téléphone'],
      ['Weniger Bildschirmzeit', '5 Stunden am Tag am Handy'],
    ]) {
      const used = planGoal(goal, context).context_used
      expect(used.minutes_per_day, context).toBeLessThan(60)
      expect(used.assumed, context).toContain('minutes_per_day')
    }
  })

  it('an early-rising goal in French, Spanish or German gets the early-rising plan, not the insomnia one', () => {
    for (const goal of ['Me lever plus tôt', 'Levantarme más temprano', 'Früher aufstehen']) {
      const text = planGoal(goal)
        .actions.map((a) => a.description)
        .join(' ')
      expect(text, goal).toContain(
        goal === 'Me lever plus tôt' ? '15 minutes plus tôt' : goal === 'Früher aufstehen' ? '15 Minuten früher' : '15 minutos antes'
      )
    }
  })

  it('still reads a plain budget and a real deadline', () => {
    const used = planGoal('Learn Spanish', '25 minutes a day, 4 days a week, trip in 8 weeks').context_used
    expect(used).toMatchObject({ minutes_per_day: 25, days_per_week: 4, deadline_weeks: 8 })
  })
})

describe('the structured profile overrides the text', () => {
  const r = planGoal('Learn Spanish', 'beginner, 10 minutes a day', {
    level: 'advanced',
    minutes_per_day: 45,
    days_per_week: 3,
    deadline: '2027-03-01',
    constraints: ['sore knee'],
  })

  it('level, minutes, days and deadline come from the profile', () => {
    expect(r.context_used).toMatchObject({ level: 'beginner', minutes_per_day: 45, days_per_week: 3, deadline_text: '2027-03-01' })
    expect(r.context_used.assumed).not.toContain('level')
  })

  it('constraints are read and screened like the context (a sore knee is a caution: beginner doses)', () => {
    expect(r.context_used.constraints).toContain('knee injury or pain')
    expect(r.safety.categories).toContain('injury')
  })

  it('without a caution the profile level stands', () => {
    expect(planGoal('Learn Spanish', 'beginner', { level: 'advanced' }).context_used.level).toBe('advanced')
  })

  it('locale sets the language of the plan; the response says which, and what is not translated yet', () => {
    const crisis = planGoal('I want to die', '', { locale: 'de-DE' })
    expect(crisis.language).toBe('de')
    expect(crisis.translation).toEqual({ complete: true, missing: 0 })
    // The language-learning module writes German: asked in German, the plan is complete.
    const spanish = planGoal('Learn Spanish', '', { locale: 'de-DE' })
    expect(spanish.language).toBe('de')
    expect(spanish.translation).toEqual({ complete: true, missing: 0 })
    expect(spanish.actions[0].description).toContain('Spanisch')
    // The finance module wrote English only until it got German sources (issue 18 §3 changed
    // this contract): asked in German, the plan is German and says it is complete.
    const debt = planGoal('Pay off my credit card debt', '', { locale: 'de-DE' })
    expect([debt.domain, debt.language]).toEqual(['finance', 'de'])
    expect(debt.translation).toEqual({ complete: true, missing: 0 })
    expect(debt.notes.join(' ')).toContain('Schuldnerberatung')
  })
})
