import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { issueTestKey } from '../helpers/keys'
import { freshIp, screen, testApp } from './helpers'

const PROVIDER = 'https://provider.test/v1/screenings'

/** A fake provider whose credit score is read from the applicant's e-mail: `s712-...@` → 712. */
const provider = replayFetcher([
  [
    PROVIDER,
    async (req) => {
      const { applicant } = (await req.json()) as { applicant: { email: string } }
      const score = Number(/^s(\d{3})/.exec(applicant.email)![1])
      return {
        body: JSON.stringify({
          status: 'COMPLETE',
          reportId: `r-${applicant.email}`,
          sourceName: 'Fake Provider',
          credit: { score, keyFactors: [] },
          eviction: 'clear',
          criminal: 'clear',
          riskScore: { value: 700 },
        }),
      }
    },
  ],
])

const verified = { ...env, SCREENING_PROVIDER_URL: PROVIDER, SCREENING_PROVIDER_API_KEY: 'k' }

// A clock that moves one minute per screening, so screening times differ.
let tick = Date.parse('2026-05-01T10:00:00Z')
const app = testApp({ fetcher: provider, now: () => new Date((tick += 60_000)) })

type Ranking = {
  ok: boolean
  propertyId: string
  count: number
  applicants: { rank: number; applicantEmail: string; screenedAt: string; result: { vetScore: number } }[]
}

describe('GET /api/properties/:propertyId/applicants', () => {
  it('ranks by vetScore, highest first, ties in screening order', async () => {
    const partner = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const propertyId = crypto.randomUUID()
    // Credit 700_759 costs 5 → 95; 760_plus → 100; 640_699 → 90.
    for (const email of ['s720-first@example.com', 's650-low@example.com', 's790-top@example.com', 's730-second@example.com']) {
      const res = await screen(app, { applicantEmail: email, propertyId }, partner, verified)
      expect(res.status).toBe(200)
    }
    const res = await app.request(`/api/properties/${propertyId}/applicants`, { headers: partner }, env)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Ranking
    expect(body).toMatchObject({ ok: true, propertyId, count: 4 })
    expect(body.applicants.map((a) => [a.rank, a.applicantEmail, a.result.vetScore])).toEqual([
      [1, 's790-top@example.com', 100],
      [2, 's720-first@example.com', 95],
      [3, 's730-second@example.com', 95],
      [4, 's650-low@example.com', 90],
    ])
    expect(body.applicants[1].screenedAt < body.applicants[2].screenedAt).toBe(true)
  })

  it('answers 404 PROPERTY_NOT_FOUND for an unknown property and 422 for a malformed id', async () => {
    const missing = await app.request(`/api/properties/${crypto.randomUUID()}/applicants`, { headers: freshIp() }, env)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toMatchObject({ ok: false, code: 'PROPERTY_NOT_FOUND' })
    const bad = await app.request('/api/properties/not-a-uuid/applicants', { headers: freshIp() }, env)
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR', issues: [{ path: 'propertyId' }] })
  })
})

describe('verified provider through the API', () => {
  it('returns verified results when the provider is configured', async () => {
    const res = await screen(app, { applicantEmail: 's745-verified@example.com' }, freshIp(), verified)
    const body = (await res.json()) as { result: Record<string, unknown> }
    expect(body.result).toMatchObject({
      verificationStatus: 'verified',
      screeningReportStatus: 'COMPLETE',
      verifiedCreditScore: 745,
      verifiedCreditBand: '700_759',
      verifiedCreditLabel: 'Very Good',
      providerScore: 700,
      providerScoreLabel: 'Strong',
    })
    expect(body.result.screeningSourceLabel).toMatch(/^Fake Provider \(report r-s745-verified@example.com\); scored with vetscore-2\.1$/)
  })

  it('answers 502 PROVIDER_UNAVAILABLE or 504 PROVIDER_TIMEOUT and saves no screening when the provider fails', async () => {
    const down = testApp({ fetcher: replayFetcher([[PROVIDER, { status: 503, body: 'maintenance' }]]) })
    const partner = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const propertyId = crypto.randomUUID()
    // The property exists (one screening) so the empty ranking below is the proof.
    await screen(app, { applicantEmail: 's700-ok@example.com', propertyId }, partner, verified)
    const res = await screen(down, { applicantEmail: 'down@example.com', propertyId }, partner, verified)
    expect(res.status).toBe(502)
    const body = (await res.json()) as { ok: boolean; code: string; error: string }
    expect(body).toMatchObject({ ok: false, code: 'PROVIDER_UNAVAILABLE' })
    expect(body.error).toMatch(/HTTP 503.*No screening was saved/)
    const ranking = (await (await app.request(`/api/properties/${propertyId}/applicants`, { headers: partner }, env)).json()) as Ranking
    expect(ranking.applicants.map((a) => a.applicantEmail)).toEqual(['s700-ok@example.com'])

    const hanging = testApp({
      fetcher: (_input, init) => new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(init.signal!.reason))),
    })
    const slow = await screen(hanging, { applicantEmail: 'slow@example.com', propertyId }, partner, {
      ...verified,
      SCREENING_PROVIDER_TIMEOUT_MS: '20',
    })
    expect(slow.status).toBe(504)
    expect(await slow.json()).toMatchObject({ ok: false, code: 'PROVIDER_TIMEOUT' })
  })
})
