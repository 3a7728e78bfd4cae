import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { CREDIT_BANDS, RISK_FLAGS, keyFactorsForDisclosure, type CreditBand } from '../../workers/screening/scoring/credit'
import { SCORING_VERSION, scoreApplicant, type ScoreInput } from '../../workers/screening/scoring/vetscore'

/** A strong applicant: nothing deducted. */
function input(overrides: Partial<ScoreInput> = {}): ScoreInput {
  return {
    monthlyRent: 1000,
    monthlyIncome: 4000,
    reportStatus: 'COMPLETE',
    credit: { score: 780, band: '760_plus', label: 'Very Good', keyFactors: [] },
    eviction: 'clear',
    criminal: 'clear',
    providerScore: { value: 700, label: 'Strong' },
    ...overrides,
  }
}

const credit = (band: CreditBand, keyFactors: string[] = []) => ({ score: null, band, label: null, keyFactors })

describe('VetScore model ' + SCORING_VERSION, () => {
  it('gives a strong applicant 100, Excellent fit, approval', () => {
    const s = scoreApplicant(input())
    expect(s).toMatchObject({ vetScore: 100, tierLabel: 'Excellent fit', recommendation: 'Recommend approval' })
  })

  it.each([
    [4000, 0], [3000, 0], [2999, 10], [2500, 10], [2499, 20], [2000, 20], [1999, 35], [1000, 35],
  ])('affordability: income %i on rent 1000 costs %i points', (income, points) => {
    expect(scoreApplicant(input({ monthlyIncome: income })).vetScore).toBe(100 - points)
  })

  it.each([
    ['760_plus', 0], ['700_759', 5], ['640_699', 10], ['580_639', 18], ['below_580', 25],
  ] as const)('credit band %s costs %i points', (band, points) => {
    expect(scoreApplicant(input({ credit: credit(band) })).vetScore).toBe(100 - points)
  })

  it('eviction: a hit costs 25 points and goes to review; a possible match costs nothing and goes to review', () => {
    const hit = scoreApplicant(input({ eviction: 'hit' }))
    expect(hit.vetScore).toBe(75)
    expect(hit.recommendation).toBe('Individual review required')
    const review = scoreApplicant(input({ eviction: 'review' }))
    expect(review.vetScore).toBe(100)
    expect(review.recommendation).toBe('Individual review required')
  })

  it.each([
    [850, 0], [650, 0], [649, 5], [560, 5], [559, 10], [524, 10], [523, 15], [350, 15],
  ])('provider score %i costs %i points', (value, points) => {
    expect(scoreApplicant(input({ providerScore: { value, label: 'x' } })).vetScore).toBe(100 - points)
  })

  it('a missing provider score is neutral', () => {
    expect(scoreApplicant(input({ providerScore: null })).vetScore).toBe(100)
  })

  it('criminal history never lowers the score by itself: hit and review only send the file to a person', () => {
    for (const base of [input(), input({ monthlyIncome: 2100, credit: credit('580_639') })]) {
      const clear = scoreApplicant(base)
      for (const criminal of ['hit', 'review'] as const) {
        const flagged = scoreApplicant({ ...base, criminal })
        expect(flagged.vetScore).toBe(clear.vetScore)
        expect(flagged.tierLabel).toBe(clear.tierLabel)
        expect(flagged.recommendation).toBe('Individual review required')
        expect(flagged.factors.some((f) => f.includes('HUD guidance, 2016'))).toBe(true)
      }
    }
  })

  it('no credit file is not scored but goes to review', () => {
    const s = scoreApplicant(input({ credit: { score: null, band: null, label: null, keyFactors: [] } }))
    expect(s.vetScore).toBe(100)
    expect(s.recommendation).toBe('Individual review required')
  })

  it('a report that is not COMPLETE goes to review', () => {
    expect(scoreApplicant(input({ reportStatus: 'PARTIAL' })).recommendation).toBe('Individual review required')
  })

  it('tiers and recommendations follow the documented thresholds', () => {
    // 100 - 10 (affordability 2.5x) - 5 (700_759) = 85
    expect(scoreApplicant(input({ monthlyIncome: 2500, credit: credit('700_759') }))).toMatchObject({ vetScore: 85, tierLabel: 'Excellent fit' })
    // 100 - 10 - 5 - 5 (provider 600) = 80
    expect(scoreApplicant(input({ monthlyIncome: 2500, credit: credit('700_759'), providerScore: { value: 600, label: 'Moderate' } }))).toMatchObject({
      vetScore: 80, tierLabel: 'Good fit', recommendation: 'Recommend approval',
    })
    // 100 - 20 - 10 = 70
    expect(scoreApplicant(input({ monthlyIncome: 2000, credit: credit('640_699') }))).toMatchObject({ vetScore: 70, tierLabel: 'Good fit', recommendation: 'Recommend approval' })
    // 100 - 20 - 18 = 62
    expect(scoreApplicant(input({ monthlyIncome: 2000, credit: credit('580_639') }))).toMatchObject({
      vetScore: 62, tierLabel: 'Fair fit', recommendation: 'Conditional approval: verify income and rental history',
    })
    // 100 - 35 - 25 - 15 = 25
    expect(scoreApplicant(input({ monthlyIncome: 1500, credit: credit('below_580'), providerScore: { value: 400, label: 'Poor' } }))).toMatchObject({
      vetScore: 25, tierLabel: 'Poor fit', recommendation: 'Not recommended: below the approval threshold',
    })
  })

  it('lists factors most important first, credit key factors under the credit line, zero-point lines last', () => {
    const s = scoreApplicant(
      input({
        monthlyIncome: 2400, // -20
        credit: { score: 600, band: '580_639', label: 'Fair', keyFactors: ['Delinquency on accounts', 'Too many accounts with balances'] }, // -18
        providerScore: { value: 540, label: 'Weak' }, // -10
      })
    )
    expect(s.vetScore).toBe(52)
    expect(s.factors).toEqual([
      'Income is 2.40× the monthly rent, below the 3× guideline (-20 points)',
      'Credit score 600 (Fair) is in the 580–639 band (-18 points)',
      'Credit key factor: Delinquency on accounts',
      'Credit key factor: Too many accounts with balances',
      'Provider score 540 (Weak) (-10 points)',
      'No eviction record found (0 points)',
      'No criminal record flag (criminal history is never scored)',
    ])
  })

  it('is monotone: more income, a better band or a better provider score never lowers the score; criminal flags never change it', () => {
    const band = fc.constantFrom(...CREDIT_BANDS)
    const arb = fc.record({
      rent: fc.integer({ min: 300, max: 20_000 }),
      income: fc.integer({ min: 1000, max: 200_000 }),
      extra: fc.integer({ min: 0, max: 50_000 }),
      bandIndex: fc.integer({ min: 0, max: 4 }),
      band,
      eviction: fc.constantFrom(...RISK_FLAGS),
      criminal: fc.constantFrom(...RISK_FLAGS),
      provider: fc.integer({ min: 350, max: 850 }),
      providerUp: fc.integer({ min: 0, max: 500 }),
    })
    fc.assert(
      fc.property(arb, (a) => {
        const base = input({
          monthlyRent: a.rent,
          monthlyIncome: a.income,
          credit: credit(a.band),
          eviction: a.eviction,
          criminal: a.criminal,
          providerScore: { value: a.provider, label: 'x' },
        })
        const s = scoreApplicant(base).vetScore
        expect(s).toBeGreaterThanOrEqual(0)
        expect(s).toBeLessThanOrEqual(100)
        expect(scoreApplicant({ ...base, monthlyIncome: a.income + a.extra }).vetScore).toBeGreaterThanOrEqual(s)
        const better = CREDIT_BANDS[Math.min(CREDIT_BANDS.indexOf(a.band), a.bandIndex)]
        expect(scoreApplicant({ ...base, credit: credit(better) }).vetScore).toBeGreaterThanOrEqual(s)
        expect(scoreApplicant({ ...base, providerScore: { value: Math.min(850, a.provider + a.providerUp), label: 'x' } }).vetScore).toBeGreaterThanOrEqual(s)
        for (const criminal of RISK_FLAGS) expect(scoreApplicant({ ...base, criminal }).vetScore).toBe(s)
      })
    )
  })
})

describe('credit key factors for disclosure', () => {
  it('keeps at most four, most important first', () => {
    expect(keyFactorsForDisclosure(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual(['a', 'b', 'c', 'd'])
  })
  it('adds inquiries as a fifth when it is a key factor beyond the first four (15 U.S.C. 1681g(f)(9))', () => {
    expect(keyFactorsForDisclosure(['a', 'b', 'c', 'd', 'Number of recent inquiries'])).toEqual(['a', 'b', 'c', 'd', 'Number of recent inquiries'])
    expect(keyFactorsForDisclosure(['Too many inquiries', 'b', 'c', 'd', 'e'])).toEqual(['Too many inquiries', 'b', 'c', 'd'])
  })
})
