import { describe, expect, it } from 'vitest'
import { MOCK_SOURCE_LABEL, mockProvider } from '../../workers/screening/domain/provider/mock'
import type { ProviderRequest } from '../../workers/screening/domain/provider/types'
import { CREDIT_BANDS, creditBand } from '../../workers/screening/domain/scoring/credit'

function request(email: string, dob = '1990-04-12', name = 'Jordan Rivera'): ProviderRequest {
  const address = { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '78701' }
  return {
    sections: ['credit', 'eviction'],
    applicant: { name, email, dateOfBirth: dob, address },
    property: { address, monthlyRent: 1500 },
    asOf: '2026-05-01',
  }
}

describe('mock provider', () => {
  it('is deterministic for the same identity, e-mail compared case-insensitively', async () => {
    const a = await mockProvider.screen(request('Jordan.Rivera@Example.com'))
    const b = await mockProvider.screen(request('jordan.rivera@example.com', '1990-04-12', 'J. Rivera'))
    expect(b).toEqual(a)
  })

  it('gives different identities different data', async () => {
    const a = await mockProvider.screen(request('one@example.com'))
    const b = await mockProvider.screen(request('one@example.com', '1991-04-12'))
    const c = await mockProvider.screen(request('two@example.com'))
    expect(new Set([a, b, c].map((r) => JSON.stringify(r))).size).toBe(3)
  })

  it('labels itself as mock', async () => {
    const r = await mockProvider.screen(request('label@example.com'))
    expect(r.verificationStatus).toBe('mock')
    expect(r.sourceLabel).toBe(MOCK_SOURCE_LABEL)
    expect(r.sourceLabel).toMatch(/simulated/)
    expect(r.reportStatus).toBe('COMPLETE')
  })

  it('produces plausible scores and bands, rare flags and disclosure-sized key factors', async () => {
    const n = 2000
    const reports = await Promise.all(Array.from({ length: n }, (_, i) => mockProvider.screen(request(`applicant${i}@example.com`))))
    const bands = new Set<string>()
    let evictionHits = 0
    for (const r of reports) {
      const score = r.credit.score!
      expect(score).toBeGreaterThanOrEqual(300)
      expect(score).toBeLessThanOrEqual(850)
      expect(r.credit.band).toBe(creditBand(score))
      expect(r.providerScore!.value).toBeGreaterThanOrEqual(350)
      expect(r.providerScore!.value).toBeLessThanOrEqual(850)
      expect(r.credit.keyFactors.length).toBeLessThanOrEqual(5)
      if (r.credit.keyFactors.length === 5) expect(r.credit.keyFactors[4]).toMatch(/inquir/i)
      bands.add(r.credit.band!)
      if (r.eviction === 'hit') evictionHits++
      expect(r).not.toHaveProperty('criminal')
    }
    expect([...bands].sort()).toEqual([...CREDIT_BANDS].sort())
    const median = reports.map((r) => r.credit.score!).sort((a, b) => a - b)[n / 2]
    expect(median).toBeGreaterThan(650)
    expect(median).toBeLessThan(760)
    expect(evictionHits / n).toBeGreaterThan(0.005)
    expect(evictionHits / n).toBeLessThan(0.05)
  })

  it('answers the separate criminal request from the screening alone, with rare flags and records that say what they are', async () => {
    const n = 2000
    const reports = await Promise.all(
      Array.from({ length: n }, (_, i) =>
        mockProvider.criminal({
          reportId: null,
          screeningId: `s-${i}`,
          asOf: '2026-05-01',
          conditionalOfferAt: '2026-05-01T00:00:00Z',
          rule: null,
        })
      )
    )
    const hits = reports.filter((r) => r.finding === 'hit')
    const flags = reports.filter((r) => r.finding !== 'clear')
    expect(hits.length / n).toBeGreaterThan(0.005)
    expect(flags.length / n).toBeLessThan(0.08)
    for (const r of hits) expect(r.records[0]).toMatchObject({ disposition: 'conviction', level: 'misdemeanor' })
    for (const r of reports.filter((x) => x.finding === 'review')) expect(r.records[0].disposition).toBe('arrest_no_conviction')
    for (const r of reports.filter((x) => x.finding === 'clear')) expect(r.records).toEqual([])
  })
})
