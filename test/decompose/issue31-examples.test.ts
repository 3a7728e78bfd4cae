import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'

// The issue's own examples (issue 31), each once planned for a different goal: each now gets
// the archetype of its family, and its first cycle is about the goal, not about the old misroute.
const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()
const text = (r: ReturnType<typeof planGoal>) => fold(JSON.stringify(r.first_cycle_actions))
const daysNaming = (r: ReturnType<typeof planGoal>, words: string[]) =>
  r.first_cycle_actions.filter((a) => words.some((w) => fold(`${a.title} ${a.description}`).includes(w))).length

describe('issue 31 examples', () => {
  it('“Prepare for my first Ironman 70.3” (two half marathons, swims 1 km, owns a road bike): swim, bike and run, with bricks', () => {
    const r = planGoal('Prepare for my first Ironman 70.3', 'ran two half marathons, swim 1 km, own a road bike')
    expect([r.archetype, r.coverage]).toEqual(['triathlon', 'archetype'])
    const t = text(r)
    for (const w of ['swim', 'ride', 'run', 'brick']) expect(t).toContain(w)
    expect(t).not.toMatch(/couch to 5k|run 30 minutes non-stop/)
    // The roadmap names the 10 % rule and a taper, not a 5K.
    expect(fold(JSON.stringify(r.actions.slice(14)))).toMatch(/10 %.*taper/s)
  })

  it('“Get my team to adopt code review”: a team change plan, not a coding course', () => {
    const r = planGoal('Get my team to adopt code review', 'team of 6 developers')
    expect(r.archetype).toBe('team-change')
    expect(text(r)).not.toMatch(/hello-world|hello world/)
    expect(daysNaming(r, ['team', 'code review'])).toBe(14)
  })

  it('“Become a foster parent”: the agency’s steps, not a job hunt', () => {
    const r = planGoal('Become a foster parent', '')
    expect(r.archetype).toBe('application')
    expect(text(r)).not.toMatch(/job ad|accept the offer|cv\b/)
    expect(text(r)).toMatch(/eligibility/)
    expect(daysNaming(r, ['foster'])).toBe(14)
  })

  it('a pilot’s licence: the issuing body’s requirements, not a household budget', () => {
    for (const goal of ['Get my private pilot licence', 'Obtenir mon brevet de pilote']) {
      const r = planGoal(goal, '')
      expect([goal, r.archetype]).toEqual([goal, 'licence-certification'])
      expect(r.domain).not.toBe('finance')
      expect(daysNaming(r, ['pilot', 'licence', 'brevet'])).toBe(14)
    }
  })

  it('a solo backpacking trip: entry rules, health and bookings, not a household budget', () => {
    const r = planGoal('Plan a solo backpacking trip', 'a 2-week trip in 10 weeks')
    expect(r.archetype).toBe('travel-prep')
    expect(r.domain).not.toBe('finance')
    expect(text(r)).toMatch(/visa/)
    expect(daysNaming(r, ['trip', 'backpacking'])).toBe(14)
  })

  it('call-centre absenteeism: a team plan with the absence rate, not personal mindfulness', () => {
    const r = planGoal('Reduce absenteeism in our call centre', '')
    expect(r.archetype).toBe('team-change')
    expect(r.domain).not.toBe('mindfulness')
    expect(text(r)).toMatch(/absence/)
    expect(daysNaming(r, ['absen', 'call centre'])).toBe(14)
  })

  it('each family in fr, es and de is planned by its archetype, completely translated', () => {
    for (const [goal, archetype, lang] of [
      ['Faire mon premier triathlon', 'triathlon', 'fr'],
      ['Devenir famille d’accueil', 'application', 'fr'],
      ['Reducir el absentismo en mi departamento', 'team-change', 'es'],
      ['Cuidar a mi padre con Parkinson', 'caregiving', 'es'],
      ['Meinen Welpen stubenrein bekommen', 'pet-training', 'de'],
      ['Eine Reise nach Japan vorbereiten', 'travel-prep', 'de'],
    ] as const) {
      const r = planGoal(goal, '')
      expect([goal, r.archetype, r.language, r.translation.complete]).toEqual([goal, archetype, lang, true])
    }
  })

  it('a goal that only names a family’s word in passing is not routed to it', () => {
    expect(planGoal('learn italian for a trip', '').archetype).not.toBe('travel-prep')
    expect(planGoal('Ahorrar 3.000 € para un viaje', '').domain).toBe('finance')
    expect(planGoal('finish my PhD thesis', '').archetype).not.toBe('application')
    expect(planGoal('Construir una caseta para el perro', '').archetype).not.toBe('pet-training')
    expect(planGoal('Mein Team besser führen', '').archetype).toBe('people-management')
  })
})
