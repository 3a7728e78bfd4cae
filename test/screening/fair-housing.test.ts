import { env } from 'cloudflare:workers'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { criminalPolicy, evictionPolicy, rulesFor } from '../../workers/screening/domain/fair-housing/jurisdiction'
import { fuzzSettings } from '../helpers/fuzz'
import { issueTestKey } from '../helpers/keys'
import { screen, testApp } from './helpers'

// Issue 12 §3: VetScore v2 in the running service, under each jurisdiction's rules.

const PROVIDER = 'https://provider.test/v1/screenings'

/**
 * A provider whose answer depends only on the tag before "@" in the applicant's e-mail
 * (`crim-hit`, `evict-2025-06-01` …), never on name, age or address: whatever moves the score
 * below, it is not the provider.
 */
const provider = replayFetcher([
  [
    PROVIDER,
    async (req) => {
      const { applicant } = (await req.json()) as { applicant: { email: string } }
      const tag = applicant.email.split('@')[0]
      const evict = /evict-(\d{4}-\d{2}-\d{2})/.exec(tag)?.[1]
      return {
        body: JSON.stringify({
          status: 'COMPLETE',
          reportId: `r-${applicant.email}`,
          sourceName: 'Fake Provider',
          credit: { score: 702, keyFactors: ['Delinquency on accounts'] },
          eviction: evict ? 'hit' : 'clear',
          evictionRecords: evict ? [{ filedOn: evict, outcome: 'judgment_for_landlord' }] : [],
          riskScore: { value: 610 },
        }),
      }
    },
  ],
  [
    // The separate criminal request after a conditional offer (issue 34), to report r-<e-mail>.
    /\/criminal$/,
    (req) => {
      const hit = decodeURIComponent(req.url).includes('crim-hit')
      const records = hit ? [{ offence: 'Theft', level: 'misdemeanor', disposition: 'conviction', date: '2025-01-01' }] : []
      return { body: JSON.stringify({ status: 'COMPLETE', reportId: 'r', sourceName: 'Fake', criminal: hit ? 'hit' : 'clear', records }) }
    },
  ],
])
const verified = { ...env, SCREENING_PROVIDER_URL: PROVIDER, SCREENING_PROVIDER_API_KEY: 'k' }
const now = new Date('2026-05-01T12:00:00Z')
const app = testApp({ fetcher: provider, now: () => now })
const consent = { consent: { given_at: '2026-05-01T11:00:00Z', method: 'electronic_signature', text_version: 'v1' } }

type Result = {
  vetScore: number
  recommendation: string
  factors: string[]
  verifiedCriminalRisk: string
  verifiedEvictionRisk: string
  criminalScreening: { status: string; rule: { id: string } | null }
}
type Envelope = { screeningId: string; result: Result }

describe('jurisdiction rules (data built from shared/data/screening/fair-chance-jurisdictions.json)', () => {
  it('finds the city rule first, then the state rule', () => {
    expect(rulesFor('Brooklyn', 'NY').map((r) => r.id)).toEqual(['nyc', 'new-york-state'])
    expect(rulesFor('seattle', 'wa').map((r) => r.id)).toEqual(['seattle', 'washington-state'])
    expect(rulesFor('Newark', 'NJ').map((r) => r.id)).toEqual(['nj'])
    expect(rulesFor('Austin', 'TX')).toEqual([])
    expect(criminalPolicy('Seattle', 'WA').use).toBe('not_permitted')
    expect(criminalPolicy('Chicago', 'IL')).toMatchObject({
      use: 'after_offer',
      rule: { id: 'cook-county', criminal: { lookbacks: [{ years: 3 }] } },
    })
    expect(criminalPolicy('Minneapolis', 'MN').rule!.criminal.lookbacks.map((l) => l.years)).toEqual([3, 7, 10])
    expect(criminalPolicy('Trenton', 'NJ').rule!.criminal.lookbacks.map((l) => l.years)).toEqual([6, 4, 1])
    expect(criminalPolicy('Washington', 'DC').rule!.criminal.lookbacks.map((l) => l.years)).toEqual([7])
    expect(evictionPolicy('Austin', 'TX').lookbackYears).toBe(3)
    expect(evictionPolicy('Buffalo', 'NY')).toMatchObject({ lookbackYears: 0, rule: { id: 'new-york-state' } })
    for (const r of rulesFor('Brooklyn', 'NY')) expect(['verified', 'secondary', 'uncertain']).toContain(r.confidence)
  })
})

describe('criminal history in the first step', () => {
  it('never changes the score or the recommendation, and is never disclosed', async () => {
    const headers = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const clear = (await (
      await screen(app, { ...consent, applicantEmail: 'crim-clear@example.com' }, headers, verified)
    ).json()) as Envelope
    const hit = (await (await screen(app, { ...consent, applicantEmail: 'crim-hit@example.com' }, headers, verified)).json()) as Envelope
    for (const r of [clear.result, hit.result]) {
      expect(r.verifiedCriminalRisk).toBe('review')
      expect(r.criminalScreening).toMatchObject({ status: 'deferred', rule: null })
    }
    // Only the report id in the source label differs (each applicant has their own report).
    const withoutSource = ({ screeningSourceLabel: _, ...rest }: Record<string, unknown>) => rest
    expect(withoutSource(hit.result)).toEqual(withoutSource(clear.result))
  })

  it.each([
    ['Seattle', 'WA', '98101', 'not_permitted', 'seattle'],
    ['Brooklyn', 'NY', '11201', 'deferred', 'nyc'],
    ['Chicago', 'IL', '60601', 'deferred', 'cook-county'],
    ['Austin', 'TX', '78704', 'deferred', null],
  ])('%s, %s (%s): criminal history %s, rule %s', async (city, state, zip, status, rule) => {
    const headers = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const res = (await (
      await screen(
        app,
        { ...consent, applicantEmail: `crim-hit-${city}@example.com`, propertyCity: city, propertyState: state, propertyPostalCode: zip },
        headers,
        verified
      )
    ).json()) as Envelope
    expect(res.result.criminalScreening.status).toBe(status)
    expect(res.result.criminalScreening.rule?.id ?? null).toBe(rule)

    // The second step, after a conditional offer: a finding only where the law allows one.
    const offer = await app.request(`/api/screenings/${res.screeningId}/conditional-offer`, { method: 'POST', headers }, verified)
    expect(offer.status).toBe(200)
    const second = (await offer.json()) as {
      criminalScreening: { status: string; finding: string | null; individualizedAssessment: string[]; lookbacks: unknown[] }
    }
    if (status === 'not_permitted') {
      expect(second.criminalScreening).toMatchObject({ status: 'not_permitted', finding: null, individualizedAssessment: [] })
    } else {
      expect(second.criminalScreening).toMatchObject({ status: 'completed', finding: 'hit' })
      expect(second.criminalScreening.individualizedAssessment.join(' ')).toMatch(/nature.*severity.*how long ago.*rehabilitation/s)
    }
    // Nobody else can record an offer or see the finding.
    const other = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    expect(
      (await app.request(`/api/screenings/${res.screeningId}/conditional-offer`, { method: 'POST', headers: other }, verified)).status
    ).toBe(404)
    expect((await app.request(`/api/screenings/${res.screeningId}/conditional-offer`, { method: 'POST' }, verified)).status).toBe(404)
  })
})

describe('eviction records under the property’s rules', () => {
  it('counts a recent judgment in Texas but never where eviction records may not be used (New York)', async () => {
    const headers = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const tx = (await (
      await screen(app, { ...consent, applicantEmail: 'evict-2025-06-01@example.com' }, headers, verified)
    ).json()) as Envelope
    const ny = (await (
      await screen(
        app,
        {
          ...consent,
          applicantEmail: 'evict-2025-06-01@example.com',
          propertyCity: 'Buffalo',
          propertyState: 'NY',
          propertyPostalCode: '14201',
        },
        headers,
        verified
      )
    ).json()) as Envelope
    const old = (await (
      await screen(app, { ...consent, applicantEmail: 'evict-2022-06-01@example.com' }, headers, verified)
    ).json()) as Envelope
    expect(tx.result.verifiedEvictionRisk).toBe('hit')
    expect(ny.result.verifiedEvictionRisk).toBe('clear')
    expect(old.result.verifiedEvictionRisk).toBe('clear')
    expect(tx.result.vetScore).toBe(ny.result.vetScore - 25)
    expect(old.result.vetScore).toBe(ny.result.vetScore)
  })
})

describe('the score in the running service', () => {
  it("does not move with the applicant's age, name, ZIP or state when everything else is equal", async () => {
    const headers = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const states = ['TX', 'CA', 'NY', 'WA', 'IL', 'MS', 'PR', 'DC']
    let n = 0
    await fc.assert(
      fc.asyncProperty(
        fc.record({
          name: fc.constantFrom('Jordan Rivera', 'Nguyễn Thị Lan', 'Mohammed Al-Farsi', 'Mary-Kate O’Brien', ''),
          dobYear: fc.integer({ min: 1930, max: 2006 }),
          zip: fc.integer({ min: 501, max: 99950 }),
          state: fc.constantFrom(...states),
          income: fc.integer({ min: 1000, max: 20_000 }),
        }),
        async (a) => {
          n++
          const common = { ...consent, monthlyIncome: a.income, propertyId: '00000000-0000-4000-8000-0000000000aa' }
          const reference = (await (
            await screen(app, { ...common, applicantEmail: `ref${n}@example.com` }, headers, verified)
          ).json()) as Envelope
          const varied = (await (
            await screen(
              app,
              {
                ...common,
                applicantEmail: `var${n}@example.com`,
                applicantName: a.name,
                applicantDob: `${a.dobYear}-02-28`,
                applicantPostalCode: String(a.zip).padStart(5, '0'),
                applicantState: a.state,
              },
              headers,
              verified
            )
          ).json()) as Envelope
          expect(varied.result.vetScore).toBe(reference.result.vetScore)
          expect(varied.result.recommendation).toBe(reference.result.recommendation)
          expect(varied.result.factors).toEqual(reference.result.factors)
        }
      ),
      { numRuns: 15, seed: fuzzSettings(env as never).seed }
    )
  })

  it('moves with income only in the documented direction', async () => {
    const headers = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const scores: number[] = []
    for (const income of [1000, 3000, 4000, 5000, 5550, 8000]) {
      const r = (await (
        await screen(app, { ...consent, monthlyIncome: income, applicantEmail: `inc${income}@example.com` }, headers, verified)
      ).json()) as Envelope
      scores.push(r.result.vetScore)
    }
    expect([...scores].sort((a, b) => a - b)).toEqual(scores)
    expect(scores[0]).toBeLessThan(scores[scores.length - 1])
  })
})
