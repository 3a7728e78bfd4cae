import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { createScheduledHandler, runCron } from '../../workers/screening/scheduled'
import * as store from '../../workers/screening/store'
import { issueTestKey } from '../helpers/keys'
import { freshIp, mailApi, pathOf, postJson, screen, testApp } from './helpers'

// Issue 12 §2: consent, adverse action, the applicant's copy, erasure, retention, audit.

const PROVIDER = 'https://provider.test/v1/screenings'
const providerBodies: { consent?: unknown }[] = []
const provider = replayFetcher([
  [
    PROVIDER,
    async (req) => {
      providerBodies.push((await req.json()) as { consent?: unknown })
      return {
        body: JSON.stringify({
          status: 'COMPLETE',
          reportId: 'r-9',
          sourceName: 'Acme Tenant Data',
          credit: {
            score: 598,
            keyFactors: ['Delinquency on accounts', 'Too many accounts with balances', 'c', 'd', 'Number of recent inquiries'],
          },
          eviction: 'clear',
          evictionRecords: [],
          criminal: 'clear',
        }),
      }
    },
  ],
])
const agency = {
  SCREENING_PROVIDER_NAME: 'Acme Tenant Data',
  SCREENING_PROVIDER_ADDRESS: 'PO Box 1, Chester, PA 19016',
  SCREENING_PROVIDER_PHONE: '1-800-555-0100',
}
const verified = { ...env, SCREENING_PROVIDER_URL: PROVIDER, SCREENING_PROVIDER_API_KEY: 'k', ...agency }
const app = testApp({ fetcher: provider })
const partner = async () => ({ 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey })
type Envelope = { screeningId: string; propertyId: string; result: { vetScore: number } }

describe('consent (FCRA § 604)', () => {
  it('is required with a verified provider: 422 CONSENT_REQUIRED, nothing pulled or saved', async () => {
    const headers = await partner()
    const before = providerBodies.length
    const res = await screen(app, { consent: undefined, applicantEmail: 'noconsent@example.com' }, headers, verified)
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ ok: false, code: 'CONSENT_REQUIRED', issues: [{ path: 'consent' }] })
    expect(providerBodies.length).toBe(before)
  })

  it('is stored with the screening and sent to the provider', async () => {
    const headers = await partner()
    const res = await screen(app, { applicantEmail: 'consented@example.com' }, headers, verified)
    expect(res.status).toBe(200)
    const { screeningId } = (await res.json()) as Envelope
    const consent = { given_at: '2026-01-15T10:00:00Z', method: 'electronic_signature', text_version: 'auth-2026-01', ip: '203.0.113.7' }
    expect(providerBodies.at(-1)!.consent).toEqual(consent)
    expect(JSON.parse((await store.screeningPrivate(env.DB, screeningId))!.consent_json!)).toEqual(consent)
  })

  it('refuses a malformed consent with VALIDATION_ERROR, one issue per bad field', async () => {
    const res = await screen(
      app,
      { consent: { given_at: '2999-01-01T00:00:00Z', method: 'nod', text_version: '', ip: '999.1.1.1' } },
      freshIp(),
      verified
    )
    expect(res.status).toBe(422)
    const body = (await res.json()) as { code: string; issues: { path: string }[] }
    expect(body.code).toBe('VALIDATION_ERROR')
    expect(body.issues.map((i) => i.path).sort()).toEqual(['consent.given_at', 'consent.ip', 'consent.method', 'consent.text_version'])
  })

  it('is optional in mock mode', async () => {
    expect((await screen(testApp(), { consent: null, applicantEmail: 'mock-noconsent@example.com' }, freshIp())).status).toBe(200)
  })
})

describe('adverse-action notice (FCRA § 615(a), § 609(f))', () => {
  it('carries every element, as JSON and as a printable page, for the owner only', async () => {
    const headers = await partner()
    const s = (await (
      await screen(app, { applicantEmail: 'denied@example.com', applicantName: 'Ana <b>Díaz</b>' }, headers, verified)
    ).json()) as Envelope
    const path = `/api/screenings/${s.screeningId}/adverse-action-notice`
    // Issue 34 §3: the notice states the action recorded, so a decision comes first.
    let res = await app.request(path, { headers }, verified)
    expect(res.status).toBe(409)
    expect(((await res.json()) as { code: string }).code).toBe('DECISION_REQUIRED')
    const decide = await postJson(
      app,
      `/api/screenings/${s.screeningId}/decision`,
      { action: 'approved_with_conditions', conditions: { cosigner: true, deposit: 2500 } },
      headers,
      verified
    )
    expect(decide.status).toBe(201)
    res = await app.request(path, { headers }, verified)
    expect(res.status).toBe(200)
    const { notice, applicationStatement } = (await res.json()) as {
      notice: Record<string, any>
      applicationStatement: { reasons: string[] }
    }
    expect(notice.action).toBe(
      'Your rental application was approved only on these conditions: a co-signer; a deposit of $2500, based in whole or in part on information in a consumer report.'
    )
    // Consumer-report reasons in the notice; the income test in the separate statement only.
    for (const r of notice.reasons) expect(r).not.toMatch(/^Income is/)
    for (const r of applicationStatement.reasons) expect(r).toMatch(/^Income is/)
    expect(notice).toMatchObject({
      simulated: false,
      applicantName: 'Ana <b>Díaz</b>',
      consumerReportingAgency: { name: 'Acme Tenant Data', address: 'PO Box 1, Chester, PA 19016', phone: '1-800-555-0100' },
      creditScore: {
        used: true,
        score: 598,
        range: { min: 300, max: 850 },
        keyFactors: ['Delinquency on accounts', 'Too many accounts with balances', 'c', 'd', 'Number of recent inquiries'],
        inquiriesIsKeyFactor: true,
        source: 'Acme Tenant Data',
      },
    })
    expect(notice.creditScore.date).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(notice.agencyDidNotDecide).toMatch(/did not make this decision/)
    expect(notice.rightToFreeCopy).toMatch(/free copy.*within 60 days/)
    expect(notice.rightToDispute).toMatch(/dispute.*accuracy or completeness/)
    expect(notice.reasons).toContain('Credit score 598 (Fair) is in the 580–639 band (-18 points)')

    const page = await app.request(`${path}?format=html`, { headers }, verified)
    expect(page.status).toBe(200)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    expect(page.headers.get('content-security-policy')).toMatch(/default-src 'none'/)
    const text = await page.text()
    expect(text).toContain('Ana &lt;b&gt;Díaz&lt;/b&gt;')
    expect(text).not.toContain('<b>Díaz')
    for (const part of [
      'Toll-free: 1-800-555-0100',
      '<strong>598</strong>',
      'from 300 to 850',
      'within 60 days',
      'Number of recent inquiries',
    ])
      expect(text).toContain(part)

    for (const h of [await partner(), freshIp()]) expect((await app.request(path, { headers: h }, verified)).status).toBe(404)
    expect((await app.request(path, { headers }, { ...verified, SCREENING_PROVIDER_PHONE: '' })).status).toBe(503)
  })

  it('is marked simulated for a mock screening', async () => {
    const headers = await partner()
    const mock = testApp()
    const s = (await (await screen(mock, { applicantEmail: 'mock-notice@example.com' }, headers)).json()) as Envelope
    expect((await postJson(mock, `/api/screenings/${s.screeningId}/decision`, { action: 'denied' }, headers)).status).toBe(201)
    const { notice } = (await (await mock.request(`/api/screenings/${s.screeningId}/adverse-action-notice`, { headers }, env)).json()) as {
      notice: { simulated: boolean; consumerReportingAgency: { name: string } }
    }
    expect(notice.simulated).toBe(true)
    expect(notice.consumerReportingAgency.name).toMatch(/simulated/)
    expect((notice as unknown as { action: string }).action).toMatch(/^Your rental application was denied/)
  })
})

describe("the applicant's copy", () => {
  it('e-mails the applicant a link that opens their own result and nothing else', async () => {
    const mail = mailApi()
    const mailing = testApp({ fetcher: mail.fetcher })
    const headers = await partner()
    const s = (await (
      await screen(mailing, { applicantEmail: 'copy-me@example.com', email: 'copy-landlord@example.com' }, headers, mail.bindings)
    ).json()) as Envelope
    const res = await mailing.request(`/api/screenings/${s.screeningId}/applicant-copy`, { method: 'POST', headers }, mail.bindings)
    expect(res.status).toBe(202)
    expect(await res.json()).toMatchObject({ ok: true, status: 'sent' })
    const copy = mail.sent.find((m) => m.to === 'copy-me@example.com')!
    expect(copy.subject).toBe('[SIMULATED] Your rental screening result')
    const link = /(\S+\/api\/screenings\/\S+\?token=\S+)/.exec(copy.text)![1]
    const token = new URL(link).searchParams.get('token')!
    expect((await mailing.request(pathOf(link), { headers: freshIp() }, mail.bindings)).status).toBe(200)
    for (const path of [
      `/api/properties/${s.propertyId}/applicants?token=${token}`,
      `/api/screenings/${s.screeningId}/adverse-action-notice?token=${token}`,
      `/api/screenings/${s.screeningId}/audit?token=${token}`,
    ])
      expect((await mailing.request(path, { headers: freshIp() }, mail.bindings)).status, path).toBe(404)
    expect(
      (await mailing.request(`/api/screenings/${s.screeningId}?token=${token}`, { method: 'DELETE', headers: freshIp() }, mail.bindings))
        .status
    ).toBe(404)
  })
})

describe('erasure, retention and the audit trail', () => {
  it('DELETE erases for the owner only; the trail lists every read and change', async () => {
    const headers = await partner()
    const mock = testApp()
    const s = (await (await screen(mock, { applicantEmail: 'erase-me@example.com' }, headers)).json()) as Envelope
    const one = `/api/screenings/${s.screeningId}`
    expect((await mock.request(one, { headers }, env)).status).toBe(200)
    expect((await mock.request(`/api/properties/${s.propertyId}/applicants`, { headers }, env)).status).toBe(200)
    const stranger = await partner()
    expect((await mock.request(one, { method: 'DELETE', headers: stranger }, env)).status).toBe(404)
    expect((await mock.request(`${one}/audit`, { headers: stranger }, env)).status).toBe(404)

    expect((await mock.request(one, { method: 'DELETE', headers }, env)).status).toBe(200)
    expect((await mock.request(one, { headers }, env)).status).toBe(404)
    const ranking = (await (await mock.request(`/api/properties/${s.propertyId}/applicants`, { headers }, env)).json()) as { count: number }
    expect(ranking.count).toBe(0)
    const row = await env.DB.prepare(
      'SELECT applicant_email, landlord_email, result_json, consent_json, report_json FROM screenings WHERE id = ?'
    )
      .bind(s.screeningId)
      .first()
    expect(row).toEqual({ applicant_email: '', landlord_email: '', result_json: '{}', consent_json: null, report_json: null })
    expect(
      JSON.stringify(await env.DB.prepare('SELECT * FROM mail_outbox WHERE screening_id = ?').bind(s.screeningId).all())
    ).not.toContain('landlord@example.com')

    const trail = (await (await mock.request(`${one}/audit`, { headers }, env)).json()) as { entries: { action: string; actor: string }[] }
    expect(trail.entries.map((e) => e.action)).toEqual(['created', 'read', 'listed', 'erased'])
    expect(new Set(trail.entries.map((e) => e.actor)).size).toBe(1)
    expect(trail.entries[0].actor).toMatch(/^partner:/)
  })

  it('the cron erases screenings older than the retention period', async () => {
    const headers = await partner()
    const mock = testApp()
    const s = (await (await screen(mock, { applicantEmail: 'old@example.com' }, headers)).json()) as Envelope
    await runCron({ ...env, SCREENING_RETENTION_DAYS: '30' } as never, replayFetcher([]), new Date(Date.now() + 29 * 86_400_000))
    expect((await mock.request(`/api/screenings/${s.screeningId}`, { headers }, env)).status).toBe(200)
    await runCron({ ...env, SCREENING_RETENTION_DAYS: '30' } as never, replayFetcher([]), new Date(Date.now() + 31 * 86_400_000))
    expect((await mock.request(`/api/screenings/${s.screeningId}`, { headers }, env)).status).toBe(404)
    const trail = (await (await mock.request(`/api/screenings/${s.screeningId}/audit`, { headers }, env)).json()) as {
      entries: { action: string; actor: string }[]
    }
    expect(trail.entries.at(-1)).toMatchObject({ action: 'purged', actor: 'system' })
  })

  it("the worker's scheduled handler runs the same cron with the worker's clock", async () => {
    const headers = await partner()
    const mock = testApp()
    const s = (await (await screen(mock, { applicantEmail: 'cron@example.com' }, headers)).json()) as Envelope
    const later = new Date(Date.now() + 31 * 86_400_000)
    const scheduled = createScheduledHandler({ fetcher: replayFetcher([]), now: () => later })
    const ctx = createExecutionContext()
    await scheduled({} as ScheduledController, { ...env, SCREENING_RETENTION_DAYS: '30' } as never, ctx)
    await waitOnExecutionContext(ctx)
    expect((await mock.request(`/api/screenings/${s.screeningId}`, { headers }, env)).status).toBe(404)
  })
})
