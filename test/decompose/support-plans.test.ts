import { describe, expect, it } from 'vitest'
import { buildPlan } from '../../workers/decompose/domain/planner/index'
import { planProblems } from './plan-checks'

// Found by the planner's property test on a rare seed ("Geld sparen für Urlaub" with "suicidal
// thoughts"): some days of the plans that replace an unsafe goal carried no number at all (the
// German crisis day 11, the water-confidence lessons, the under-18 doctor's visit, and the
// crisis day 1 where no help line is verified for the region), against the rule that every day
// has a concrete dose or deliverable. Every replacing plan, in every language, now keeps the rules.
const CASES: Array<[goal: string, context: string, locale?: string]> = [
  ['I want to die', '', 'en-US'],
  ['I want to die', '', 'en-ZZ'],
  ['Je veux mourir', '', 'fr-FR'],
  ['Quiero morir', '', 'es-MX'],
  ['Geld sparen für Urlaub', 'suicidal thoughts'],
  ['Ich will nicht mehr leben', '', 'de-AT'],
  ['swim 20 lengths', "I can't swim"],
  ['nager 1 km', 'je ne sais pas nager'],
  ['nadar en el mar', 'no sé nadar'],
  ['1 km schwimmen', 'ich bin Nichtschwimmer'],
  ['lose 10 kg', 'I am 15'],
  ['perdre 10 kg', "j'ai 15 ans"],
  ['10 kg abnehmen', 'ich bin 15'],
  ['bajar 10 kilos', 'tengo 15 años'],
  ['perdre 5 kilos', "j'ai 14 ans"],
  ['Gewicht verlieren', 'ich bin 13'],
  ['Stop eating', 'I want to see my ribs'],
  ['arrêter de manger', 'je veux voir mes côtes'],
  ['dejar de comer', 'quiero ver mis costillas'],
  ['nicht mehr essen', 'ich will meine Rippen sehen'],
]

describe('plans that replace an unsafe goal keep every plan rule', () => {
  // "bajar 10 kilos" was neither a weight goal for the screen (an under-18 got a general plan) nor
  // for the planner; "perdre 5 kilos" and "Gewicht verlieren" likewise missed the under-18 rule.
  it('"Bajar 10 kilos" is a weight-loss plan for an adult', () => {
    const r = buildPlan('Bajar 10 kilos', '').response
    expect([r.domain, r.archetype, r.language, r.safety.level]).toEqual(['nutrition', 'weight-loss', 'es', 'none'])
  })

  it.each(CASES)('“%s” / “%s” (%s)', (goal, context, locale) => {
    const plan = buildPlan(goal, context, locale ? { locale } : {})
    expect(plan.response.domain).toBe('support')
    expect(planProblems(plan)).toEqual([])
  })
})
