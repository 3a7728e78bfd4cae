import { describe, expect, it } from 'vitest'
import { monthsToRepay, paymentFor, payoff, readDebt } from '../../workers/decompose/domain/planner/domains/finance-debt'
import { planGoal } from '../../workers/decompose/domain/planner/index'

// Issue 31 §2: money goals use the figures given. Numbers checked by hand:
// $27,000 at 5.8 %: r = 0.058/12 = 0.0048333; 10-year payment = 27000·r / (1 − 1.0048333^−120) = $297.05;
// with $200 extra, P = $497.05, n = −ln(1 − 130.50/497.05) / ln(1.0048333) = 63.2 months (5.3 years);
// interest 63.16·497.05 − 27000 ≈ $4,395 against 120·297.05 − 27000 ≈ $8,646 (saved ≈ $4,251).
describe('debt payoff by standard amortisation', () => {
  it('the formula gives the hand-checked figures', () => {
    expect(paymentFor(27000, 5.8, 120)).toBeCloseTo(297.05, 1)
    expect(monthsToRepay(27000, 5.8, 497.05)).toBeCloseTo(63.16, 1)
    expect(monthsToRepay(3000, 24, 50)).toBeNull()
  })

  it('the issue’s student loans: about 5 years, the assumed payment shown, the 401(k) match named first', () => {
    const r = planGoal('Pay off $27,000 student loans', '5.8% interest, I can add $200 extra a month, employer 401k match')
    const notes = r.notes.join('\n')
    expect(notes).toMatch(/\$27,000 at 5\.8% a year, \$497 a month/)
    expect(notes).toMatch(/standard 10-year payment of \$297, assumed/)
    expect(notes).toMatch(/about 64 months \(about 5\.3 years\)/)
    expect(notes).toMatch(/saves about \$4,251/)
    const match = r.notes.findIndex((n) => /employer match/.test(n))
    const payoffAt = r.notes.findIndex((n) => /We read/.test(n))
    expect(match).toBeGreaterThanOrEqual(0)
    expect(match).toBeLessThan(payoffAt)
    expect(r.first_cycle_actions.map((a) => a.title).join('\n')).toMatch(/employer match/)
    expect(r.context_used.facts).toEqual(
      expect.arrayContaining([
        { field: 'balance', value: 27000, text: '$27,000' },
        { field: 'rate_percent', value: 5.8, text: '5.8%' },
        { field: 'extra_per_month', value: 200, text: '$200 extra a month' },
        { field: 'employer_match', value: true, text: '401k' },
      ])
    )
    const last = r.actions.at(-1)!
    expect(last.day).toBeGreaterThan(5 * 365)
    expect(r.actions.some((a) => a.day <= 365 && /debt-free/i.test(a.title))).toBe(false)
  })

  it('refuses to promise a payoff when the payment does not cover the interest, and says so', () => {
    const r = planGoal('Pay off my credit card', '$3000 at 24%, $50 a month')
    expect(r.notes.join(' ')).toMatch(/does not cover the \$60 of interest/)
    expect(r.actions.some((a) => /debt-free/i.test(a.title))).toBe(false)
  })

  it('names what is missing instead of guessing', () => {
    expect(payoff(readDebt('Pay off my credit card, $200 a month'))).toEqual({ kind: 'missing', missing: ['balance', 'rate'] })
    expect(planGoal('Pay off my loan', '$8,000 at 6%').notes.join(' ')).toMatch(/need its monthly payment/)
  })

  it('reads the figures in French, Spanish and German', () => {
    expect(planGoal('Rembourser mes dettes', '10 000 € à 7 %, 200 € par mois').notes.join(' ')).toMatch(/environ 60 mois/)
    expect(planGoal('Pagar mis deudas', '10.000 € al 7 %, 200 € al mes').notes.join(' ')).toMatch(/unos 60 meses/)
    expect(planGoal('Schulden abbezahlen', '10.000 € zu 7 %, 200 € pro Monat').notes.join(' ')).toMatch(/etwa 60 Monaten/)
  })
})
