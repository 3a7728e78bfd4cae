import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { issueTestKey } from '../helpers/keys'
import { freshIp, postJson, putJson, screen, testApp } from './helpers'

// Issue 34 §2: credit is not scored for an applicant with a rent subsidy where a law
// (Cal. Gov. Code § 12955(o), SB 267) or the partner's policy says so; the applicant's
// alternative evidence is recorded and shown to the landlord.
const PROVIDER = 'https://provider.test/v1/screenings'
const provider = replayFetcher([
  [
    PROVIDER,
    async () => ({
      body: JSON.stringify({
        status: 'COMPLETE',
        reportId: `r-${crypto.randomUUID()}`,
        sourceName: 'Acme',
        credit: { score: 595, keyFactors: ['Late payments'] },
        eviction: 'clear',
      }),
    }),
  ],
])
const verified = { ...env, SCREENING_PROVIDER_URL: PROVIDER, SCREENING_PROVIDER_API_KEY: 'k' }
const app = testApp({ fetcher: provider })

const sacramento = { propertyAddress: '1500 Capitol Mall', propertyCity: 'Sacramento', propertyState: 'CA', propertyPostalCode: '95814' }
const austin = { propertyAddress: '1100 S Lamar Blvd', propertyCity: 'Austin', propertyState: 'TX', propertyPostalCode: '78704' }
// The issue's case: rent 2,000, voucher 1,500, credit 595; income 1,600 is 3.2× the tenant's $500 share.
const voucherHolder = { monthlyRent: 2000, voucherAmount: 1500, monthlyIncome: 1600 }

type Result = {
  vetScore: number
  factors: string[]
  creditNotScored: { basis: string; rule: string; law: string; reason: string } | null
  alternativeEvidence: { kind: string; description: string }[]
}

async function scored(place: Record<string, string>, extra: Record<string, unknown>, headers: Record<string, string>) {
  const res = await screen(
    app,
    { ...place, ...voucherHolder, applicantEmail: `v-${crypto.randomUUID()}@example.com`, ...extra },
    headers,
    verified
  )
  expect(res.status).toBe(200)
  return (await res.json()) as { screeningId: string; result: Result }
}

describe('credit for applicants with a rent subsidy', () => {
  it("in California loses no points for credit and says why (SB 267); the same applicant in Texas keeps today's score", async () => {
    const key = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const ca = await scored(sacramento, {}, key)
    expect(ca.result.vetScore).toBe(100)
    expect(ca.result.creditNotScored).toMatchObject({ basis: 'law', rule: 'ca-gov-code-12955-o' })
    expect(ca.result.creditNotScored!.law).toContain('§ 12955(o)')
    expect(ca.result.factors.join('\n')).toMatch(/Credit not scored: .*government subsidy.*SB 267/)
    expect(ca.result.factors.join('\n')).not.toContain('-18 points')

    const tx = await scored(austin, {}, key)
    expect(tx.result.vetScore).toBe(82)
    expect(tx.result.creditNotScored).toBeNull()
    expect(tx.result.factors.join('\n')).toContain('Credit score 595')
  })

  it('without a voucher credit is scored in California too', async () => {
    const key = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const res = await scored(sacramento, { voucherAmount: 0, monthlyIncome: 6000 }, key)
    expect(res.result.vetScore).toBe(82)
    expect(res.result.creditNotScored).toBeNull()
  })

  it("the partner's policy waives credit outside such a jurisdiction, for its own screenings only", async () => {
    const a = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const b = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const set = await putJson(app, '/api/partner/subsidy-credit-policy', { skipCreditForSubsidy: true }, a)
    expect(await set.json()).toEqual({ ok: true, skipCreditForSubsidy: true })
    const mine = await scored(austin, {}, a)
    expect(mine.result.vetScore).toBe(100)
    expect(mine.result.creditNotScored).toMatchObject({ basis: 'partner_policy' })
    expect((await scored(austin, {}, b)).result.vetScore).toBe(82)
    const read = await app.request('/api/partner/subsidy-credit-policy', { headers: b }, env)
    expect(await read.json()).toEqual({ ok: true, skipCreditForSubsidy: false })
    expect((await putJson(app, '/api/partner/subsidy-credit-policy', { skipCreditForSubsidy: 'yes' }, a)).status).toBe(422)
    expect((await putJson(app, '/api/partner/subsidy-credit-policy', { skipCreditForSubsidy: true }, freshIp())).status).toBe(401)
  })

  it('records the alternative evidence and shows it to the landlord, also after a rescore', async () => {
    const key = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const evidence = [
      { kind: 'rent_payment_history', description: '24 months of on-time rent <b>paid</b>' },
      { kind: 'benefit_statement', description: 'SSI award letter 2026' },
    ]
    const made = await scored(sacramento, { alternativeEvidence: evidence }, key)
    expect(made.result.alternativeEvidence).toEqual(evidence)
    const read = (await (await app.request(`/api/screenings/${made.screeningId}`, { headers: key }, verified)).json()) as { result: Result }
    expect(read.result.alternativeEvidence).toEqual(evidence)
    const rescored = await postJson(
      app,
      `/api/screenings/${made.screeningId}/rescore`,
      { reason: 'income_corrected', monthlyIncome: 1700 },
      key,
      verified
    )
    expect(rescored.status).toBe(200)
    const after = (await (await app.request(`/api/screenings/${made.screeningId}`, { headers: key }, verified)).json()) as {
      result: Result
    }
    expect(after.result.alternativeEvidence).toEqual(evidence)
    expect(after.result.creditNotScored).toMatchObject({ basis: 'law' })

    const bad = await screen(
      app,
      { ...sacramento, ...voucherHolder, alternativeEvidence: [{ kind: 'horoscope', description: 'x' }] },
      key,
      verified
    )
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' })
  })
})
