import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { issueTestKey } from '../helpers/keys'
import * as store from '../../workers/screening/store'
import { freshIp, screen, testApp } from './helpers'

type Envelope = {
  ok: boolean
  existingRequest: boolean
  screeningId: string
  propertyId: string
  message: string
  result: {
    propertyId: string
    applicantName: string
    vetScore: number
    verificationStatus: string
    screeningSourceLabel: string
    recommendation: string
  }
}

const app = testApp()

describe('POST /api/free-screening', () => {
  it('returns the documented envelope with every result field present', async () => {
    const res = await screen(app, { applicantEmail: 'fields@example.com' }, freshIp())
    expect(res.status).toBe(200)
    const body = (await res.json()) as Envelope & { result: Record<string, unknown> }
    expect(body).toMatchObject({ ok: true, existingRequest: false, screeningId: expect.stringMatching(/^[0-9a-f-]{36}$/) })
    expect(body.propertyId).toBe(body.result.propertyId)
    expect(Object.keys(body.result).sort()).toEqual(
      [
        'propertyId',
        'applicantName',
        'vetScore',
        'recommendation',
        'tierLabel',
        'factors',
        'screeningSourceLabel',
        'verificationStatus',
        'screeningReportStatus',
        'verifiedCreditScore',
        'verifiedCreditBand',
        'verifiedCreditLabel',
        'verifiedEvictionRisk',
        'verifiedCriminalRisk',
        'criminalScreening',
        'providerScore',
        'providerScoreLabel',
        // Issue 34 §2: why credit was not scored (null here), and the applicant's alternative evidence.
        'creditNotScored',
        'alternativeEvidence',
      ].sort()
    )
    expect(body.result.verificationStatus).toBe('mock')
    expect(body.result.screeningSourceLabel).toMatch(/Mock provider.*vetscore-2\.1/)
    expect(body.result.propertyId).toMatch(/^[0-9a-f-]{36}$/)
    // Mock results say they are simulated wherever a reader might stop reading.
    expect(body.message).toMatch(/^Simulated screening/)
    expect(body.result.recommendation).toMatch(/\(simulated data, not a real screening\)$/)
  })

  it('uses the name Applicant when applicantName is omitted', async () => {
    const res = await screen(app, { applicantEmail: 'noname@example.com', applicantName: undefined }, freshIp())
    expect(((await res.json()) as Envelope).result.applicantName).toBe('Applicant')
  })

  it('returns the saved result of a repeat to the owning partner, e-mail compared case-insensitively, and creates nothing', async () => {
    const headers = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const first = (await (
      await screen(app, { applicantEmail: 'Repeat.Me@Example.com', email: 'repeat-landlord@example.com' }, headers)
    ).json()) as Envelope
    const propertyId = first.result.propertyId
    const again = (await (
      await screen(app, { applicantEmail: 'repeat.me@example.COM', propertyId, monthlyIncome: 1000, applicantName: 'Other Name' }, headers)
    ).json()) as Envelope
    expect(again.existingRequest).toBe(true)
    expect(again.screeningId).toBe(first.screeningId)
    expect(again.result).toEqual(first.result)
    expect(await store.countScreenings(env.DB, propertyId, 'repeat.me@example.com')).toBe(1)
    expect(await store.rankApplicants(env.DB, propertyId)).toHaveLength(1)
  })

  it('answers a repeat without a key exactly like a first screen: no existingRequest, no date, nothing of the saved result (issue 34 §5)', async () => {
    const body = { applicantEmail: 'anon-repeat@example.com', email: 'anon-repeat-landlord@example.com' }
    const first = (await (await screen(app, body, freshIp())).json()) as Envelope
    expect(first.result).not.toBeNull()
    // Someone who knows the landlord's e-mail, the address and the applicant's e-mail, with another date of birth.
    const again = (await (await screen(app, { ...body, applicantDob: '1970-01-01' }, freshIp())).json()) as Envelope & {
      message: string
    }
    // What a genuine first screen of that identity gives, on another property of the same owner.
    const fresh = (await (
      await screen(app, { ...body, applicantDob: '1970-01-01', propertyAddress: '9 Elsewhere Rd' }, freshIp())
    ).json()) as Envelope & { message: string }
    expect(Object.keys(again).sort()).toEqual(Object.keys(fresh).sort())
    expect(again).toMatchObject({ ok: true, existingRequest: false, screeningId: first.screeningId })
    expect(again.message).toBe(fresh.message)
    expect(again.message).not.toMatch(/already|\d{4}-\d{2}-\d{2}/)
    expect({ ...again.result, propertyId: null }).toEqual({ ...fresh.result, propertyId: null })
    // The saved screening is untouched and still the only one; the owner's audit trail notes the attempt.
    expect(await store.countScreenings(env.DB, first.result.propertyId, 'anon-repeat@example.com')).toBe(1)
    const saved = await env.DB.prepare('SELECT result_json FROM screenings WHERE id = ?')
      .bind(first.screeningId)
      .first<string>('result_json')
    expect(JSON.parse(saved!)).toEqual(first.result)
    const trail = await store.auditTrail(env.DB, first.screeningId)
    expect(trail.map((e) => e.action)).toContain('repeat_submitted')
  })

  it('creates exactly one screening, one e-mail and one lead count under 20 parallel identical requests', async () => {
    // A partner key skips the per-IP limiter, whose Durable Object would otherwise space the requests out.
    const headers = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const seed = (await (
      await screen(app, { applicantEmail: 'seed@example.com', email: 'parallel-landlord@example.com' }, headers)
    ).json()) as Envelope
    const propertyId = seed.result.propertyId
    const responses = await Promise.all(
      Array.from({ length: 20 }, () =>
        screen(app, { applicantEmail: 'racer@example.com', propertyId, email: 'parallel-landlord@example.com' }, headers)
      )
    )
    const bodies = (await Promise.all(responses.map((r) => r.json()))) as Envelope[]
    expect(responses.map((r) => r.status)).toEqual(Array(20).fill(200))
    expect(bodies.filter((b) => !b.existingRequest)).toHaveLength(1)
    expect(new Set(bodies.map((b) => JSON.stringify(b.result))).size).toBe(1)
    expect(await store.countScreenings(env.DB, propertyId, 'racer@example.com')).toBe(1)
    const ranked = await store.rankApplicants(env.DB, propertyId)
    expect(ranked).toHaveLength(2)
    const racer = ranked.find((s) => s.applicantEmail === 'racer@example.com')!
    expect(await store.mailFor(env.DB, racer.id)).toHaveLength(1)
    expect((await store.getLandlordLead(env.DB, 'parallel-landlord@example.com'))!.screenings).toBe(2)
  })

  it('agrees on one assigned property under 20 parallel first screens without propertyId', async () => {
    const headers = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const body = { applicantEmail: 'first@example.com', email: 'new-landlord@example.com', propertyAddress: '77 Parallel Way' }
    const bodies = (await Promise.all(Array.from({ length: 20 }, () => screen(app, body, headers).then((r) => r.json())))) as Envelope[]
    expect(new Set(bodies.map((b) => b.result.propertyId)).size).toBe(1)
    expect(bodies.filter((b) => !b.existingRequest)).toHaveLength(1)
  })

  it('assigns a propertyId that later screens reuse, matching the address however it is written', async () => {
    const a = (await (
      await screen(
        app,
        { applicantEmail: 'a@example.com', email: 'match@example.com', propertyAddress: '1100 South Lamar Boulevard, Unit 2' },
        freshIp()
      )
    ).json()) as Envelope
    const b = (await (
      await screen(
        app,
        { applicantEmail: 'b@example.com', email: 'MATCH@example.com', propertyAddress: '  1100 S. Lamar Blvd   unit 2 ' },
        freshIp()
      )
    ).json()) as Envelope
    expect(b.existingRequest).toBe(false)
    expect(b.result.propertyId).toBe(a.result.propertyId)
    const c = (await (
      await screen(app, { applicantEmail: 'c@example.com', propertyId: a.result.propertyId, propertyAddress: 'anything' }, freshIp())
    ).json()) as Envelope
    expect(c.result.propertyId).toBe(a.result.propertyId)
    // Another unit, or another landlord, is another property.
    const d = (await (
      await screen(
        app,
        { applicantEmail: 'd@example.com', email: 'match@example.com', propertyAddress: '1100 S Lamar Blvd Unit 3' },
        freshIp()
      )
    ).json()) as Envelope
    const e = (await (
      await screen(
        app,
        { applicantEmail: 'e@example.com', email: 'other@example.com', propertyAddress: '1100 S Lamar Blvd Unit 2' },
        freshIp()
      )
    ).json()) as Envelope
    expect(new Set([a.result.propertyId, d.result.propertyId, e.result.propertyId]).size).toBe(3)
  })

  it('keeps a propertyId the caller brings, lower-cased', async () => {
    const id = crypto.randomUUID().toUpperCase()
    const res = (await (await screen(app, { applicantEmail: 'own-id@example.com', propertyId: id }, freshIp())).json()) as Envelope
    expect(res.result.propertyId).toBe(id.toLowerCase())
  })

  it('screens the same applicant afresh for another property, with the same deterministic mock data', async () => {
    const one = (await (
      await screen(app, { applicantEmail: 'mover@example.com', propertyAddress: '1 First St' }, freshIp())
    ).json()) as Envelope
    const two = (await (
      await screen(app, { applicantEmail: 'mover@example.com', propertyAddress: '2 Second St' }, freshIp())
    ).json()) as Envelope
    expect(two.existingRequest).toBe(false)
    expect(two.result.propertyId).not.toBe(one.result.propertyId)
    expect({ ...two.result, propertyId: null }).toEqual({ ...one.result, propertyId: null })
  })

  it('creates the landlord lead record and queues the result e-mail in the outbox', async () => {
    const res = (await (
      await screen(app, { applicantEmail: 'mail@example.com', email: 'Outbox.Landlord@example.com' }, freshIp())
    ).json()) as Envelope
    expect(res.message).toMatch(/queued in the outbox/)
    const lead = await store.getLandlordLead(env.DB, 'outbox.landlord@example.com')
    expect(lead).toMatchObject({ email: 'Outbox.Landlord@example.com', screenings: 1 })
    const mails = await store.mailFor(env.DB, res.screeningId)
    expect(mails).toHaveLength(1)
    expect(mails[0]).toMatchObject({ kind: 'result', to_email: 'Outbox.Landlord@example.com', status: 'queued', attempts: 0 })
  })

  it('sends through an HTTP e-mail API when one is configured, and keeps failures queued for a retry', async () => {
    const sent: { auth: string | null; to: string; subject: string; text: string }[] = []
    const mailApi = 'https://mail.test/emails'
    const fetcher = replayFetcher([
      [
        mailApi,
        async (req) => {
          const body = (await req.json()) as { to: string; subject: string; text: string }
          sent.push({ auth: req.headers.get('authorization'), ...body })
          return body.to.startsWith('fail') ? { status: 500, body: 'nope' } : { status: 200, body: '{"id":"m1"}' }
        },
      ],
    ])
    const mailing = testApp({ fetcher })
    const bindings = { ...env, EMAIL_FROM: 'VetScore <results@vetscore.test>', EMAIL_API_URL: mailApi, EMAIL_API_KEY: 're_test' }
    const ok = (await (
      await screen(mailing, { applicantEmail: 'http-mail@example.com', email: 'ok-landlord@example.com' }, freshIp(), bindings)
    ).json()) as Envelope
    expect(ok.message).toMatch(/e-mailed to the landlord/)
    expect(sent[0]).toMatchObject({ auth: 'Bearer re_test', from: 'VetScore <results@vetscore.test>', to: 'ok-landlord@example.com' })
    expect(sent[0].subject).toBe('[SIMULATED] Your VetScore screening result')
    expect(sent[0].text).toMatch(/^SIMULATED RESULT/)
    expect(sent[0].text).toMatch(/adverse-action notice/)
    expect(sent[0].text).toContain(`${env.BASE_URL}/api/properties/${ok.propertyId}/applicants?token=`)
    expect(await store.mailFor(env.DB, ok.screeningId)).toMatchObject([{ transport: 'http', status: 'sent', attempts: 1 }])

    const failed = await screen(
      mailing,
      { applicantEmail: 'http-mail@example.com', email: 'fail-landlord@example.com' },
      freshIp(),
      bindings
    )
    expect(failed.status).toBe(200)
    const failedBody = (await failed.json()) as Envelope
    expect(failedBody.message).toMatch(/could not be sent yet; it will be retried/)
    expect(await store.mailFor(env.DB, failedBody.screeningId)).toMatchObject([
      { transport: 'http', status: 'queued', attempts: 1, last_error: expect.stringMatching(/HTTP 500/) },
    ])
  })
})
