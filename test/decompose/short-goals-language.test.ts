import { describe, expect, it } from 'vitest'
import { detectRequested } from '../../workers/decompose/domain/locale/detect'
import { planGoal } from '../../workers/decompose/domain/planner/index'
import { SHORT_GOALS } from './short-goals-language'

// Issue 31 §4: short goals (2–6 words) in each language are detected as that language — Italian
// is not French, Portuguese is not Spanish —, and the plan is written in it or, for Italian and
// Portuguese, in English that says which language was asked for; never another one silently.
describe('short goals, by language', () => {
  for (const [lang, goals] of Object.entries(SHORT_GOALS)) {
    it(`${lang}: ${goals.length} short goals are detected as ${lang}`, () => {
      expect(goals.length).toBeGreaterThanOrEqual(20)
      const wrong = goals.filter((g) => detectRequested(g) !== lang).map((g) => `${g} → ${detectRequested(g)}`)
      expect(wrong).toEqual([])
    })

    it(`${lang}: each plan is in ${lang}, or English saying ${lang} was asked for`, () => {
      for (const g of goals) {
        const r = planGoal(g, '')
        if (r.domain === 'support') continue
        if (lang === 'it' || lang === 'pt')
          expect([g, r.language, r.translation]).toMatchObject([g, 'en', { requested: lang, complete: false }])
        else expect([g, r.language, r.translation.complete]).toEqual([g, lang, true])
      }
    })
  }

  it('profile.locale "it" and "pt-BR" are respected whatever the text says', () => {
    const it_ = planGoal('Run a 5K', '', { locale: 'it' })
    expect([it_.language, it_.translation]).toMatchObject(['en', { requested: 'it', complete: false }])
    const pt = planGoal('Correr un maratón', '', { locale: 'pt-BR' })
    expect([pt.language, pt.translation]).toMatchObject(['en', { requested: 'pt', complete: false }])
    expect(planGoal('Correre una maratona', '', { locale: 'fr' }).language).toBe('fr')
  })
})
