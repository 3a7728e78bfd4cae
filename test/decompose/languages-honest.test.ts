import { describe, expect, it } from 'vitest'
import { detectLanguage, detectRequested } from '../../workers/decompose/domain/locale/detect'
import { planGoal } from '../../workers/decompose/domain/planner/index'
import { DecomposeResponseSchema } from '../../workers/decompose/schemas'

// Issue 31 §4: Italian and Portuguese goals were answered in French and Spanish without a word,
// and profile.locale "it" gave English silently. The planner does not write it or pt yet: the
// plan is English and says which language was asked for.
describe('languages, honestly', () => {
  it.each([
    ['Preparare la mia prima maratona', 'ho corso due mezze maratone', 'it'],
    ['Imparare lo spagnolo', '20 minuti al giorno', 'it'],
    ['Smettere di fumare', 'fumo da 10 anni', 'it'],
    ['Correr a minha primeira maratona', 'já corri duas meias maratonas', 'pt'],
    ['Aprender inglês', 'nível A2, 30 minutos por dia', 'pt'],
    ['Parar de fumar', 'fumo um maço por dia', 'pt'],
  ])('“%s” (%s) is %s: an English plan that says so', (goal, context, requested) => {
    const r = planGoal(goal, context)
    expect(r.language).toBe('en')
    expect(r.translation).toEqual({ complete: false, missing: r.actions.length * 2 + r.notes.length, requested })
    expect(DecomposeResponseSchema.safeParse(r).success).toBe(true)
  })

  it.each([
    ['Aprender a tocar la guitarra', 'es'],
    ['Quiero correr una media maratón', 'es'],
    ['Apprendre à jongler', 'fr'],
    ['Je veux préparer mon premier marathon', 'fr'],
    ['Run my first 5K', 'en'],
    ['Einen Halbmarathon laufen', 'de'],
  ])('“%s” stays %s', (goal, lang) => {
    expect(detectRequested(goal)).toBe(lang)
    const r = planGoal(goal, '')
    expect([r.language, r.translation.complete, r.translation.requested]).toEqual([lang, true, undefined])
  })

  it('detection alone still answers only the languages the planner writes', () => {
    expect(['fr', 'es', 'en', 'de']).toContain(detectLanguage('Preparare la mia prima maratona'))
  })

  it('profile.locale "it" or "pt-BR" gives an English plan marked as such, never silently', () => {
    expect(planGoal('Run my first 5K', '', { locale: 'it' }).translation).toMatchObject({ complete: false, requested: 'it' })
    expect(planGoal('Run my first 5K', '', { locale: 'pt-BR' }).translation).toMatchObject({ complete: false, requested: 'pt' })
    expect(planGoal('Apprendre à jongler', '', { locale: 'it' }).language).toBe('en')
  })
})
