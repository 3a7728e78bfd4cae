import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { assessEvictions } from '../../workers/screening/domain/fair-housing/evictions'
import type { EvictionRecord } from '../../workers/screening/domain/provider/types'
import { CREDIT_BANDS, keyFactorsForDisclosure, type CreditBand } from '../../workers/screening/domain/scoring/credit'
import { SCORING_VERSION, scoreApplicant, type ScoreInput } from '../../workers/screening/domain/scoring/vetscore'

const AS_OF = '2026-05-01'
const noEvictions = assessEvictions({ flag: 'clear', records: [], lookbackYears: 3, asOf: AS_OF })

/** A strong applicant: nothing deducted. */
function input(overrides: Partial<ScoreInput> = {}): ScoreInput {
  return {
    monthlyRent: 1000,
    monthlyIncome: 4000,
    voucherAmount: 0,
    reportStatus: 'COMPLETE',
    credit: { score: 780, band: '760_plus', label: 'Very Good', keyFactors: [] },
    eviction: noEvictions,
    providerScore: { value: 700, label: 'Strong' },
    ...overrides,
  }
}

const credit = (band: CreditBand, keyFactors: string[] = []) => ({ score: null, band, label: null, keyFactors })
const thinFile = { score: null, band: null, label: null, keyFactors: [] }
const evictions = (records: EvictionRecord[], lookbackYears = 3) => assessEvictions({ flag: 'hit', records, lookbackYears, asOf: AS_OF })

describe('VetScore model ' + SCORING_VERSION, () => {
  it('gives a strong applicant 100, Excellent fit, approval', () => {
    expect(scoreApplicant(input())).toMatchObject({ vetScore: 100, tierLabel: 'Excellent fit', recommendation: 'Recommend approval' })
  })

  it.each([
    [4000, 0],
    [3000, 0],
    [2999, 10],
    [2500, 10],
    [2499, 20],
    [2000, 20],
    [1999, 35],
    [1000, 35],
  ])('affordability: income %i on rent 1000 costs %i points', (income, points) => {
    expect(scoreApplicant(input({ monthlyIncome: income })).vetScore).toBe(100 - points)
  })

  it("tests income against the tenant's share of the rent when a voucher pays the rest", () => {
    // $400 of $1,850 paid by the tenant: $1,200 income is 3× that share.
    const voucher = scoreApplicant(input({ monthlyRent: 1850, monthlyIncome: 1200, voucherAmount: 1450 }))
    const without = scoreApplicant(input({ monthlyRent: 1850, monthlyIncome: 1200 }))
    expect(voucher.vetScore).toBe(100)
    expect(without.vetScore).toBe(65)
    expect(voucher.factors[0]).toBe(
      "Income is 3.00× the tenant's share of the rent ($400 of $1850 after a $1450 voucher), meeting the 3× guideline (0 points)"
    )
    expect(scoreApplicant(input({ monthlyRent: 1000, monthlyIncome: 1000, voucherAmount: 1000 })).factors).toContain(
      'The voucher covers the whole rent (0 points)'
    )
  })

  it.each([
    ['760_plus', 0],
    ['700_759', 5],
    ['640_699', 10],
    ['580_639', 18],
    ['below_580', 25],
  ] as const)('credit band %s costs %i points', (band, points) => {
    expect(scoreApplicant(input({ credit: credit(band) })).vetScore).toBe(100 - points)
  })

  it('counts credit once: the provider score (built from the same data) never moves the score', () => {
    for (const value of [350, 523, 560, 650, 850]) {
      expect(scoreApplicant(input({ credit: credit('below_580'), providerScore: { value, label: 'x' } })).vetScore).toBe(75)
    }
    expect(scoreApplicant(input({ providerScore: null })).vetScore).toBe(100)
  })

  it('scores no credit file as a neutral thin file: the middle band, never like an 850 score', () => {
    const thin = scoreApplicant(input({ credit: thinFile }))
    expect(thin.vetScore).toBe(90)
    expect(thin.vetScore).toBe(scoreApplicant(input({ credit: credit('640_699') })).vetScore)
    expect(thin.vetScore).toBeLessThan(
      scoreApplicant(input({ credit: { score: 850, band: '760_plus', label: 'Exceptional', keyFactors: [] } })).vetScore
    )
    expect(thin.recommendation).toBe('Recommend approval')
    expect(thin.factors[0]).toMatch(/^No credit file \(thin file\): scored neutrally/)
  })

  it('counts only judgments for the landlord inside the lookback; dismissed, sealed, settled, won and old cases never', () => {
    expect(scoreApplicant(input({ eviction: evictions([{ filedOn: '2024-06-01', outcome: 'judgment_for_landlord' }]) })).vetScore).toBe(75)
    for (const outcome of ['dismissed', 'sealed', 'settled', 'judgment_for_tenant'] as const) {
      const s = scoreApplicant(input({ eviction: evictions([{ filedOn: '2025-06-01', outcome }]) }))
      expect(s.vetScore, outcome).toBe(100)
      expect(s.recommendation, outcome).toBe('Recommend approval')
    }
    // 3 years back from 2026-05-01 is 2023-05-01: a day earlier is out.
    expect(scoreApplicant(input({ eviction: evictions([{ filedOn: '2023-04-30', outcome: 'judgment_for_landlord' }]) })).vetScore).toBe(100)
    expect(scoreApplicant(input({ eviction: evictions([{ filedOn: '2023-05-01', outcome: 'judgment_for_landlord' }]) })).vetScore).toBe(75)
    // A jurisdiction where eviction records may not be used (lookback 0).
    expect(scoreApplicant(input({ eviction: evictions([{ filedOn: '2026-01-01', outcome: 'judgment_for_landlord' }], 0) })).vetScore).toBe(
      100
    )
  })

  it('sends a case without an outcome, or a bare provider flag, to a person without scoring it', () => {
    const pending = scoreApplicant(input({ eviction: evictions([{ filedOn: '2026-03-01', outcome: 'pending' }]) }))
    expect(pending).toMatchObject({ vetScore: 100, recommendation: 'Individual review required' })
    const flagOnly = assessEvictions({ flag: 'hit', records: null, lookbackYears: 3, asOf: AS_OF })
    expect(flagOnly.risk).toBe('review')
    expect(scoreApplicant(input({ eviction: flagOnly }))).toMatchObject({ vetScore: 100, recommendation: 'Individual review required' })
  })

  it('a report that is not COMPLETE goes to review', () => {
    expect(scoreApplicant(input({ reportStatus: 'PARTIAL' })).recommendation).toBe('Individual review required')
  })

  it('tiers and recommendations follow the documented thresholds', () => {
    expect(scoreApplicant(input({ monthlyIncome: 2500, credit: credit('700_759') }))).toMatchObject({
      vetScore: 85,
      tierLabel: 'Excellent fit',
    })
    expect(scoreApplicant(input({ monthlyIncome: 2000, credit: credit('640_699') }))).toMatchObject({
      vetScore: 70,
      tierLabel: 'Good fit',
      recommendation: 'Recommend approval',
    })
    expect(scoreApplicant(input({ monthlyIncome: 2000, credit: credit('580_639') }))).toMatchObject({
      vetScore: 62,
      tierLabel: 'Fair fit',
      recommendation: 'Conditional approval: verify income and rental history',
    })
    // 100 - 35 - 25 - 25 = 15
    expect(
      scoreApplicant(
        input({
          monthlyIncome: 1500,
          credit: credit('below_580'),
          eviction: evictions([{ filedOn: '2025-01-01', outcome: 'judgment_for_landlord' }]),
        })
      )
    ).toMatchObject({ vetScore: 15, tierLabel: 'Poor fit', recommendation: 'Not recommended: below the approval threshold' })
  })

  it('lists factors most important first, credit key factors under the credit line, zero-point lines and notes last', () => {
    const s = scoreApplicant(
      input({
        monthlyIncome: 2400,
        credit: { score: 600, band: '580_639', label: 'Fair', keyFactors: ['Delinquency on accounts', 'Too many accounts with balances'] },
        providerScore: { value: 540, label: 'Weak' },
      })
    )
    expect(s.vetScore).toBe(62)
    expect(s.factors).toEqual([
      'Income is 2.40× the monthly rent, below the 3× guideline (-20 points)',
      'Credit score 600 (Fair) is in the 580–639 band (-18 points)',
      'Credit key factor: Delinquency on accounts',
      'Credit key factor: Too many accounts with balances',
      'No eviction judgment that may be considered (0 points)',
      'Provider score 540 (Weak): shown, not scored (it repeats the credit and eviction data)',
      'Criminal history is not part of the score or the recommendation (see criminalScreening)',
    ])
  })

  it('is monotone: more income, a bigger voucher, a better band or fewer counting evictions never lower the score', () => {
    const arb = fc.record({
      rent: fc.integer({ min: 300, max: 20_000 }),
      income: fc.integer({ min: 1000, max: 200_000 }),
      extra: fc.integer({ min: 0, max: 50_000 }),
      voucher: fc.integer({ min: 0, max: 20_000 }),
      voucherUp: fc.integer({ min: 0, max: 20_000 }),
      band: fc.constantFrom(...CREDIT_BANDS, null),
      better: fc.integer({ min: 0, max: 4 }),
      judgment: fc.boolean(),
    })
    fc.assert(
      fc.property(arb, (a) => {
        const base = input({
          monthlyRent: a.rent,
          monthlyIncome: a.income,
          voucherAmount: Math.min(a.voucher, a.rent),
          credit: a.band ? credit(a.band) : thinFile,
          eviction: a.judgment ? evictions([{ filedOn: '2025-01-01', outcome: 'judgment_for_landlord' }]) : noEvictions,
        })
        const s = scoreApplicant(base).vetScore
        expect(s).toBeGreaterThanOrEqual(0)
        expect(s).toBeLessThanOrEqual(100)
        expect(scoreApplicant({ ...base, monthlyIncome: a.income + a.extra }).vetScore).toBeGreaterThanOrEqual(s)
        expect(
          scoreApplicant({ ...base, voucherAmount: Math.min(a.rent, base.voucherAmount + a.voucherUp) }).vetScore
        ).toBeGreaterThanOrEqual(s)
        if (a.band) {
          const better = CREDIT_BANDS[Math.min(CREDIT_BANDS.indexOf(a.band), a.better)]
          expect(scoreApplicant({ ...base, credit: credit(better) }).vetScore).toBeGreaterThanOrEqual(s)
        }
        expect(scoreApplicant({ ...base, eviction: noEvictions }).vetScore).toBeGreaterThanOrEqual(s)
      })
    )
  })
})

describe('credit key factors for disclosure', () => {
  it('keeps at most four, most important first', () => {
    expect(keyFactorsForDisclosure(['a', 'b', 'c', 'd', 'e', 'f'])).toEqual(['a', 'b', 'c', 'd'])
  })
  it('adds inquiries as a fifth when it is a key factor beyond the first four (15 U.S.C. 1681g(f)(9))', () => {
    expect(keyFactorsForDisclosure(['a', 'b', 'c', 'd', 'Number of recent inquiries'])).toEqual([
      'a',
      'b',
      'c',
      'd',
      'Number of recent inquiries',
    ])
    expect(keyFactorsForDisclosure(['Too many inquiries', 'b', 'c', 'd', 'e'])).toEqual(['Too many inquiries', 'b', 'c', 'd'])
  })
})
