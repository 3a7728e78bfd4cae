import { describe, expect, it } from 'vitest'
import { planGoal } from '../../workers/decompose/domain/planner/index'

// Issue 18 §3: the finance module wrote English in every language and named US and UK bodies
// (CFPB, NFCC, StepChange, MoneyHelper, investor.gov) to French, Spanish and German readers.
// It now writes each language and names a public source of that country only where one was
// checked (Banque de France, Banco de España, CNMV, BaFin, Schuldnerberatung); else nothing.
const US_UK = /CFPB|NFCC|StepChange|MoneyHelper|investor\.gov|401k|balance transfer/i

const GOALS: Array<[lang: 'fr' | 'es' | 'de', goal: string, context: string, source: RegExp | null]> = [
  ['fr', 'Rembourser mes dettes', '20 minutes par jour', /Points conseil budget.*Banque de France/],
  ['fr', 'Commencer à investir', '', /Mes questions d’argent.*Banque de France/],
  ['fr', 'Faire un budget et m’y tenir', '', null],
  ['es', 'Pagar mis deudas de la tarjeta', '', /Portal del Cliente Bancario del Banco de España/],
  ['es', 'Empezar a invertir', '', /CNMV/],
  ['es', 'Ahorrar dinero', '', null],
  ['de', 'Schulden abbauen', '', /Schuldnerberatung.*Verbraucherzentralen/],
  ['de', 'In ETFs investieren', '', /Grundregeln der Geldanlage.*BaFin/],
  ['de', 'Geld sparen für den Urlaub', '', null],
]

describe('the finance module in French, Spanish and German', () => {
  it.each(GOALS)('%s “%s” is a complete plan in the language, with its own sources', (lang, goal, context, source) => {
    const r = planGoal(goal, context)
    expect([r.domain, r.language]).toEqual(['finance', lang])
    expect(r.translation).toEqual({ complete: true, missing: 0 })
    const text = [...r.actions.flatMap((a) => [a.title, a.description]), ...r.notes].join(' ')
    expect(text).not.toMatch(US_UK)
    if (source) expect(text).toMatch(source)
  })

  it('a savings target by a date is divided in the language’s own numbers', () => {
    const fr = planGoal('Épargner 5 000 € pour mes vacances', 'dans 10 semaines')
    expect(fr.notes.join(' ')).toMatch(/Pour épargner 5 000 € en 10 semaines, il faut environ 500 € par semaine \(2\s175 € par mois\)/)
    const es = planGoal('Ahorrar 3.000 € para un viaje', 'en 12 semanas')
    expect(es.notes.join(' ')).toContain('Para ahorrar 3.000 € en 12 semanas necesitas unos 250 € a la semana (1.088 € al mes)')
    const de = planGoal('3.000 € sparen für ein Auto', 'in 12 Wochen')
    expect(de.language).toBe('de')
    expect(de.notes.join(' ')).toContain('Um 3.000 € in 12 Wochen zu sparen, brauchen Sie etwa 250 € pro Woche (1.088 € pro Monat)')
    expect(de.actions.at(-1)!.title).toBe('Ziel erreicht: 3.000 €')
  })

  it('English plans say what they said before', () => {
    const en = planGoal('Save $5,000 for an emergency fund', 'in 10 weeks')
    expect(en.notes).toContain(
      'To save $5,000 in 10 weeks you need about $500 a week ($2,175 a month); set the automatic transfer to that, or move the date if the budget cannot carry it.'
    )
    expect(planGoal('Pay off my credit card debt', '').notes).toContain(
      'If debts feel unmanageable, free, confidential help exists: a non-profit credit counsellor (NFCC in the US) or StepChange and MoneyHelper in the UK.'
    )
  })
})
