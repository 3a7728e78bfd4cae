import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'
import { DecomposeResponseSchema } from '../../workers/decompose/schemas'
import { paidKey, postPlan } from './accounts'

// Bugs the lead met using the API as a customer would (issue 18, second pass).

// 1. A chronic condition matters for a physical goal, not for a savings or study plan.
const SAVINGS: Array<[string, string, string]> = [
  ['Save more money', 'I have high blood pressure', 'high blood pressure'],
  ['Économiser plus d’argent', "j'ai de l'hypertension", 'high blood pressure'],
  ['Ahorrar más dinero', 'tengo la tensión alta', 'high blood pressure'],
  ['Mehr Geld sparen', 'ich habe Bluthochdruck', 'high blood pressure'],
  ['Pass my accounting exam', 'I have epilepsy and a heart condition', 'heart condition'],
  ['Ein Buch schreiben', 'Typ 1 Diabetes, ich spritze Insulin', 'diabetes'],
]

describe('a chronic condition and a non-physical goal', () => {
  it.each(SAVINGS)('%s / %s: no medical caution, no doctor first, the condition kept as context', (goal, context, constraint) => {
    const r = planGoal(goal, context)
    expect(r.safety).toEqual({ level: 'none', categories: [], message: null, resources: [] })
    expect(r.first_cycle_actions[0].title).not.toMatch(/doctor|médecin|médico|Arzt/i)
    expect(r.context_used.constraints.join(' ')).toContain(constraint)
  })

  it('through the API with a paid key, as the lead met it', async () => {
    const res = await postPlan(await paidKey(), { goal: 'Mehr Geld sparen', context: 'ich habe Bluthochdruck, bis zum 1. Juni' })
    expect(res.status).toBe(200)
    const plan = DecomposeResponseSchema.parse(await res.json())
    expect(plan.safety.level).toBe('none')
    expect(plan.archetype).toBe('build-savings')
    expect(plan.first_cycle_actions[0].title).not.toMatch(/Arzt/)
    expect(plan.context_used.constraints).toContain('high blood pressure')
    expect(plan.context_used.deadline_text).toBe('1. Juni')
  })
})

const PHYSICAL: Array<[string, string]> = [
  ['Run a 10K', 'I have high blood pressure'],
  ['Courir 10 km', "j'ai de l'hypertension"],
  ['Correr 10 km', 'tengo hipertensión'],
  ['10 km laufen', 'ich habe Bluthochdruck'],
  ['Get stronger', 'heart condition'],
  ['Learn to swim', 'I have epilepsy'],
  ['Climb Kilimanjaro next summer', 'I have high blood pressure'],
  ['Lose 5 kg', 'type 1 diabetes, on insulin'],
]

describe('a chronic condition and a physical goal', () => {
  it.each(PHYSICAL)('%s / %s: medical caution and a doctor on day 1', (goal, context) => {
    const r = planGoal(goal, context)
    expect(r.safety.level).toBe('caution')
    expect(r.safety.categories).toContain('medical')
    expect(r.first_cycle_actions[0].title).toMatch(/doctor|médecin|médico|Arzt/i)
  })

  it('the caution message names no sign the person did not mention', () => {
    for (const [goal, context] of PHYSICAL) {
      const message = planGoal(goal, context).safety.message ?? ''
      expect(message).not.toMatch(/chest pain|fainting|pregnan|thoracique|grossesse|pecho|embarazo|Brustschmerz|Ohnmacht|Schwangerschaft/i)
    }
  })
})

describe('acute red flags still count for every goal', () => {
  it.each([
    ['Save more money', 'I get chest pain when I climb stairs'],
    ['Mehr Geld sparen', 'Brustschmerzen beim Treppensteigen'],
    ['Écrire un livre', "j'ai des douleurs à la poitrine"],
    ['Ahorrar más dinero', 'me desmayo a veces'],
  ])('%s / %s', (goal, context) => {
    const r = planGoal(goal, context)
    expect(r.safety.level).toBe('caution')
    expect(r.safety.categories).toContain('medical')
  })
})

// 2. "Beschwerden" inside a compound is complaints, not pain.
describe('customer complaints are not an injury', () => {
  it.each([
    ['Kundenbeschwerden im Team reduzieren', ''],
    ['Unser Beschwerdenmanagement verbessern', 'Kunden-Beschwerden kommen per E-Mail'],
    ['Reduce customer complaints in my team', ''],
    ['Réduire les réclamations clients de mon équipe', ''],
    ['Reducir las quejas de clientes en mi equipo', ''],
  ])('%s', (goal, context) => {
    const r = planGoal(goal, context)
    expect(r.context_used.constraints.join(' ')).not.toMatch(/injury|pain/)
    expect(r.safety.level).toBe('none')
  })

  it.each([
    ['ich habe Knie-Beschwerden', 'knee'],
    ['Rückenbeschwerden seit Jahren', 'back'],
    ['ich habe Beschwerden beim Laufen', 'injury or pain (area not stated)'],
  ])('10 km laufen / %s is still read as pain', (context, constraint) => {
    expect(planGoal('10 km laufen', context).context_used.constraints.join(' ')).toContain(constraint)
  })
})

// 3. A team's customer complaints get a complaints plan, not the general planner.
describe('reducing customer complaints in a team', () => {
  it.each([
    ['Reduce customer complaints in my team', 'en', /complaint/i],
    ['Kundenbeschwerden im Team reduzieren', 'de', /Beschwerde/],
    ['Réduire les réclamations clients de mon équipe', 'fr', /réclamation/],
    ['Reducir las quejas de clientes en mi equipo', 'es', /queja/],
  ])('%s', (goal, lang, word) => {
    const r = planGoal(goal, '')
    expect(r.archetype).toBe('customer-complaints')
    expect(r.domain).toBe('people')
    expect(r.language).toBe(lang)
    expect(r.translation.complete).toBe(true)
    const days = r.first_cycle_actions.map((a) => `${a.title} ${a.description}`)
    expect(days.filter((d) => word.test(d)).length).toBeGreaterThanOrEqual(5)
  })
})

describe('the doctor-first day names no sign the person did not write', () => {
  it.each([
    ['Run a 10K', 'I have high blood pressure'],
    ['Courir 10 km', "j'ai de l'hypertension"],
    ['Correr 10 km', 'tengo hipertensión'],
    ['10 km laufen', 'ich habe Bluthochdruck'],
  ])('%s / %s', (goal, context) => {
    const day1 = planGoal(goal, context).first_cycle_actions[0].description
    expect(day1).not.toMatch(/chest pain|fainting|pregnan|thoracique|grossesse|pecho|embarazo|Brustschmerz|Ohnmacht|Schwangerschaft/i)
  })
})
