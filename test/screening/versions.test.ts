import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { runCron } from '../../workers/screening/scheduled'
import * as store from '../../workers/screening/store'
import { issueTestKey } from '../helpers/keys'
import { postJson, screen, testApp } from './helpers'

// Issue 12 §4: results that can change, versioned, readable by their owner.

const PROVIDER = 'https://provider.test/v1/screenings'
/** What the fake provider holds per report id; the POST files a report under `r-<applicant e-mail>`. */
const reports = new Map<string, Record<string, unknown>>()
const answer = (status: string, score: number | null, evictionRecords: unknown[] = []) => ({
  status,
  sourceName: 'Acme Tenant Data',
  credit: { score, keyFactors: [] },
  eviction: evictionRecords.length ? 'hit' : 'clear',
  evictionRecords,
  criminal: 'clear',
})
const provider = replayFetcher([
  [
    PROVIDER,
    async (req) => {
      const { applicant } = (await req.json()) as { applicant: { email: string } }
      const id = `r-${applicant.email}`
      return { body: JSON.stringify({ reportId: id, ...reports.get(id)! }) }
    },
  ],
  [
    new RegExp(`^${PROVIDER}/`),
    async (req) => {
      const id = decodeURIComponent(new URL(req.url).pathname.split('/').pop()!)
      return reports.has(id) ? { body: JSON.stringify({ reportId: id, ...reports.get(id)! }) } : { status: 404, body: 'no' }
    },
  ],
])
const verified = { ...env, SCREENING_PROVIDER_URL: PROVIDER, SCREENING_PROVIDER_API_KEY: 'k' }
const app = testApp({ fetcher: provider })
const partner = async () => ({ 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey })
type Stored = { version: number; result: { vetScore: number; screeningReportStatus: string; recommendation: string } }
type Envelope = { screeningId: string; result: Stored['result'] }

describe('a PENDING provider report', () => {
  it('is completed by the cron as a new version; the pending one stays readable; the landlord hears again', async () => {
    const headers = await partner()
    reports.set('r-pending@example.com', answer('PENDING', null))
    const s = (await (await screen(app, { applicantEmail: 'pending@example.com' }, headers, verified)).json()) as Envelope
    expect(s.result).toMatchObject({ screeningReportStatus: 'PENDING', recommendation: 'Individual review required' })

    await runCron(verified as never, provider, new Date())
    let now = (await (await app.request(`/api/screenings/${s.screeningId}`, { headers }, verified)).json()) as Stored
    expect(now.version).toBe(1) // still pending at the provider: nothing changed

    reports.set('r-pending@example.com', answer('COMPLETE', 790))
    await runCron(verified as never, provider, new Date())
    now = (await (await app.request(`/api/screenings/${s.screeningId}`, { headers }, verified)).json()) as Stored
    expect(now.version).toBe(2)
    expect(now.result).toMatchObject({ screeningReportStatus: 'COMPLETE', recommendation: 'Recommend approval', vetScore: 100 })

    const versions = (await (await app.request(`/api/screenings/${s.screeningId}/versions`, { headers }, verified)).json()) as {
      currentVersion: number
      versions: { version: number; result: { screeningReportStatus: string }; replacedBecause: string }[]
    }
    expect(versions.currentVersion).toBe(2)
    expect(versions.versions).toMatchObject([
      { version: 1, result: { screeningReportStatus: 'PENDING' }, replacedBecause: 'report_completed' },
    ])
    expect((await store.mailFor(env.DB, s.screeningId)).map((m) => m.kind)).toEqual(['result', 'result'])
    expect((await store.auditTrail(env.DB, s.screeningId)).map((e) => e.action)).toContain('report_completed')
  })
})

describe('POST /api/screenings/{id}/rescore', () => {
  it('re-runs with corrected income, for the owner only, keeping the old version', async () => {
    const headers = await partner()
    reports.set('r-low-income@example.com', answer('COMPLETE', 780))
    const s = (await (
      await screen(app, { applicantEmail: 'low-income@example.com', monthlyIncome: 3000 }, headers, verified)
    ).json()) as Envelope
    expect(s.result.vetScore).toBe(65) // income 3000 is 1.62× the 1850 rent: -35
    const path = `/api/screenings/${s.screeningId}/rescore`
    for (const h of [await partner(), {}])
      expect((await postJson(app, path, { reason: 'income_corrected', monthlyIncome: 6000 }, h, verified)).status).toBe(404)

    const res = await postJson(app, path, { reason: 'income_corrected', monthlyIncome: 6000 }, headers, verified)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Stored
    expect(body).toMatchObject({ version: 2, result: { vetScore: 100 } })
    const versions = (await (await app.request(`/api/screenings/${s.screeningId}/versions`, { headers }, verified)).json()) as {
      versions: { result: { vetScore: number } }[]
    }
    expect(versions.versions.map((v) => v.result.vetScore)).toEqual([65])

    const bad = await postJson(app, path, { reason: 'because', voucherAmount: 99_999 }, headers, verified)
    expect(bad.status).toBe(422)
    expect(await bad.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' })
    const tooBig = await postJson(app, path, { reason: 'other', voucherAmount: 5000 }, headers, verified)
    expect(tooBig.status).toBe(422)
  })

  it('fetches the corrected report after a dispute', async () => {
    const headers = await partner()
    reports.set('r-disputed@example.com', answer('COMPLETE', 780, [{ filedOn: '2025-09-01', outcome: 'judgment_for_landlord' }]))
    const s = (await (await screen(app, { applicantEmail: 'disputed@example.com' }, headers, verified)).json()) as Envelope
    expect(s.result.vetScore).toBe(75)
    // The agency corrects the record after the applicant's dispute: the case was dismissed.
    reports.set('r-disputed@example.com', answer('COMPLETE', 780, [{ filedOn: '2025-09-01', outcome: 'dismissed' }]))
    const res = await postJson(
      app,
      `/api/screenings/${s.screeningId}/rescore`,
      { reason: 'dispute_resolved', refreshReport: true },
      headers,
      verified
    )
    expect(((await res.json()) as Stored).result.vetScore).toBe(100)
  })

  it('gives every concurrent rescore its own version or a 409, never a lost update', async () => {
    const headers = await partner()
    reports.set('r-race@example.com', answer('COMPLETE', 700))
    const s = (await (await screen(app, { applicantEmail: 'race@example.com' }, headers, verified)).json()) as Envelope
    const statuses = await Promise.all(
      Array.from({ length: 6 }, (_, i) =>
        postJson(
          app,
          `/api/screenings/${s.screeningId}/rescore`,
          { reason: 'income_corrected', monthlyIncome: 4000 + i * 100 },
          headers,
          verified
        ).then((r) => r.status)
      )
    )
    expect(statuses.every((st) => st === 200 || st === 409)).toBe(true)
    const wins = statuses.filter((st) => st === 200).length
    expect(wins).toBeGreaterThanOrEqual(1)
    const current = (await (await app.request(`/api/screenings/${s.screeningId}`, { headers }, verified)).json()) as Stored
    expect(current.version).toBe(1 + wins)
    expect(await store.oldVersions(env.DB, s.screeningId)).toHaveLength(wins)
  })
})
