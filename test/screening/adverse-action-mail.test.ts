import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { runCron } from '../../workers/screening/scheduled'
import * as store from '../../workers/screening/store'
import { issueTestKey } from '../helpers/keys'
import { freshIp, mailApi, postJson, screen, testApp } from './helpers'

// Issue 34 §3: the service delivers the adverse-action notice to the applicant through the
// outbox, once per decision, for the owner only.

const PROVIDER = 'https://provider.test/v1/screenings'
const provider = replayFetcher([
  [
    PROVIDER,
    async () => ({
      body: JSON.stringify({
        status: 'COMPLETE',
        reportId: 'r-aa',
        sourceName: 'Acme Tenant Data',
        credit: { score: 598, keyFactors: ['Delinquency on accounts', 'see www.evil.example/x <b>now</b>'] },
        eviction: 'clear',
        evictionRecords: [],
        criminal: 'clear',
      }),
    }),
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
type Envelope = { screeningId: string }
type Sent = { ok: boolean; status: string; alreadyQueued: boolean }

async function screened(applicantEmail: string, headers: Record<string, string>, overrides: Record<string, unknown> = {}) {
  const res = await screen(app, { applicantEmail, ...overrides }, headers, verified)
  expect(res.status).toBe(200)
  return ((await res.json()) as Envelope).screeningId
}

const send = async (id: string, headers: Record<string, string>, bindings: object = verified): Promise<Response> =>
  app.request(`/api/screenings/${id}/adverse-action-notice/send`, { method: 'POST', headers }, bindings)
const decide = (id: string, body: unknown, headers: Record<string, string>) =>
  postJson(app, `/api/screenings/${id}/decision`, body, headers, verified)
const noticeRows = async (id: string) => (await store.mailFor(env.DB, id)).filter((r) => r.kind === 'adverse_action_notice')

describe('POST /api/screenings/{id}/adverse-action-notice/send', () => {
  it('queues one notice to the applicant, and the outbox delivers the consumer-report notice as plain text', async () => {
    const headers = await partner()
    const id = await screened('aa-denied@example.com', headers, { applicantName: 'Ana <b>Díaz</b> http://evil.example' })
    expect((await decide(id, { action: 'denied' }, headers)).status).toBe(201)

    const res = await send(id, headers)
    expect(res.status).toBe(202)
    expect(await res.json()).toEqual({ ok: true, status: 'queued', alreadyQueued: false })
    expect(await noticeRows(id)).toMatchObject([{ kind: 'adverse_action_notice', to_email: 'aa-denied@example.com', status: 'queued' }])

    // A second send within the same decision queues nothing more.
    const again = await send(id, headers)
    expect(again.status).toBe(202)
    expect(await again.json()).toEqual({ ok: true, status: 'queued', alreadyQueued: true })
    expect(await noticeRows(id)).toHaveLength(1)

    // Drain the outbox through the injectable transport.
    const mail = mailApi()
    await runCron({ ...mail.bindings, ...agency } as never, mail.fetcher, new Date())
    const sent = mail.sent.filter((m) => m.to === 'aa-denied@example.com')
    expect(sent).toHaveLength(1)
    const { subject, text } = sent[0]
    expect(subject).toBe('Notice of adverse action on your rental application')
    for (const part of [
      'Your rental application was denied, based in whole or in part on information in a consumer report.',
      'Acme Tenant Data',
      'PO Box 1, Chester, PA 19016',
      'Toll-free: 1-800-555-0100',
      'did not make this decision',
      'free copy of your consumer report from Acme Tenant Data if you request it within 60 days',
      'right to dispute',
      'Credit score used: 598 (scores range from 300 to 850)',
      'Credit score 598 (Fair) is in the 580–639 band (-18 points)',
      'SEPARATE STATEMENT: reasons from your application',
    ])
      expect(text).toContain(part)
    // The consumer-report part comes before the separate statement, which alone holds the income test.
    const [consumerPart, statementPart] = text.split('SEPARATE STATEMENT')
    expect(consumerPart).not.toMatch(/Income is/)
    expect(statementPart).not.toMatch(/Credit score/)
    // No applicant- or provider-written markup or link survives.
    expect(text).not.toMatch(/<b>|evil\.example|www\.|https?:/)
    expect(text).toContain('Applicant: Ana b Díaz b http evil example')
    expect(await noticeRows(id)).toMatchObject([{ status: 'sent', attempts: 1 }])

    // After delivery a repeat still sends nothing.
    expect(await (await send(id, headers)).json()).toEqual({ ok: true, status: 'sent', alreadyQueued: true })
    expect(await noticeRows(id)).toHaveLength(1)
    const trail = await store.auditTrail(env.DB, id)
    expect(trail.filter((e) => e.action === 'notice_mailed')).toHaveLength(1)
  })

  it('states an approval on conditions as the action', async () => {
    const headers = await partner()
    const id = await screened('aa-conditions@example.com', headers)
    expect((await decide(id, { action: 'approved_with_conditions', conditions: { cosigner: true, deposit: 2500 } }, headers)).status).toBe(
      201
    )
    const mail = mailApi()
    const sending = testApp({ fetcher: mail.fetcher })
    const res = await sending.request(
      `/api/screenings/${id}/adverse-action-notice/send`,
      { method: 'POST', headers },
      { ...mail.bindings, ...agency }
    )
    expect(await res.json()).toEqual({ ok: true, status: 'sent', alreadyQueued: false })
    const [sent] = mail.sent.filter((m) => m.to === 'aa-conditions@example.com')
    expect(sent.text).toContain('approved only on these conditions: a co-signer; a deposit of $2500')
  })

  it('refuses with 409 without an adverse decision, and after erasure', async () => {
    const headers = await partner()
    const id = await screened('aa-undecided@example.com', headers)
    let res = await send(id, headers)
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ ok: false, code: 'DECISION_REQUIRED' })

    const approved = await screened('aa-approved@example.com', headers)
    expect((await decide(approved, { action: 'approved' }, headers)).status).toBe(201)
    res = await send(approved, headers)
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ ok: false, code: 'NO_ADVERSE_ACTION' })

    const erased = await screened('aa-erased@example.com', headers)
    expect((await decide(erased, { action: 'denied' }, headers)).status).toBe(201)
    expect((await app.request(`/api/screenings/${erased}`, { method: 'DELETE', headers }, verified)).status).toBe(200)
    res = await send(erased, headers)
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ ok: false, code: 'APPLICANT_DATA_ERASED' })

    for (const s of [id, approved, erased]) expect(await noticeRows(s)).toEqual([])
  })

  it('answers 503 when the agency of a verified screening is not configured, and queues nothing', async () => {
    const headers = await partner()
    const id = await screened('aa-noagency@example.com', headers)
    expect((await decide(id, { action: 'denied' }, headers)).status).toBe(201)
    const res = await send(id, headers, { ...verified, SCREENING_PROVIDER_PHONE: '' })
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ code: 'NOT_CONFIGURED' })
    expect(await noticeRows(id)).toEqual([])
  })

  it('answers another partner and an anonymous caller exactly as for an unknown id', async () => {
    const headers = await partner()
    const id = await screened('aa-private@example.com', headers)
    expect((await decide(id, { action: 'denied' }, headers)).status).toBe(201)
    const unknown = await send(crypto.randomUUID(), headers)
    expect(unknown.status).toBe(404)
    const expected = await unknown.json()
    for (const h of [await partner(), freshIp()]) {
      const res = await send(id, h)
      expect(res.status).toBe(404)
      expect(await res.json()).toEqual(expected)
    }
    expect(await noticeRows(id)).toEqual([])
  })

  it("refuses the applicant's own copy link: it reads, it does not act for the landlord", async () => {
    const headers = await partner()
    const id = await screened('aa-copylink@example.com', headers)
    expect((await decide(id, { action: 'denied' }, headers)).status).toBe(201)
    const mail = mailApi()
    const mailing = testApp({ fetcher: mail.fetcher })
    const copy = await mailing.request(`/api/screenings/${id}/applicant-copy`, { method: 'POST', headers }, { ...mail.bindings, ...agency })
    expect(copy.status).toBe(202)
    const text = mail.sent.find((m) => m.to === 'aa-copylink@example.com')!.text
    const token = new URL(/(\S+\/api\/screenings\/\S+\?token=\S+)/.exec(text)![1]).searchParams.get('token')!
    const res = await app.request(
      `/api/screenings/${id}/adverse-action-notice/send?token=${token}`,
      { method: 'POST', headers: freshIp() },
      verified
    )
    expect(res.status).toBe(404)
    expect(await noticeRows(id)).toEqual([])
  })

  it('queues one mail and counts the daily cap once under parallel sends', async () => {
    const headers = await partner()
    const id = await screened('aa-parallel@example.com', headers)
    expect((await decide(id, { action: 'denied' }, headers)).status).toBe(201)
    const bodies = (await Promise.all(Array.from({ length: 6 }, () => send(id, headers).then((r) => r.json())))) as Sent[]
    expect(bodies.filter((b) => !b.alreadyQueued)).toHaveLength(1)
    expect(await noticeRows(id)).toHaveLength(1)
    const day = new Date().toISOString().slice(0, 10)
    const count = await env.DB.prepare('SELECT count FROM mail_daily WHERE recipient = ? AND day = ?')
      .bind('aa-parallel@example.com', day)
      .first<number>('count')
    expect(count).toBe(1)
  })

  it("keeps the recipient's daily cap: a capped send is dropped and may be repeated", async () => {
    const headers = await partner()
    const id = await screened('aa-capped@example.com', headers)
    expect((await decide(id, { action: 'denied' }, headers)).status).toBe(201)
    const res = await send(id, headers, { ...verified, MAIL_DAILY_CAP: '0' })
    expect(await res.json()).toEqual({ ok: true, status: 'capped', alreadyQueued: false })
    expect(await noticeRows(id)).toMatchObject([{ status: 'dropped', last_error: 'daily cap for this recipient reached' }])
    expect(await (await send(id, headers)).json()).toEqual({ ok: true, status: 'queued', alreadyQueued: false })
    expect((await noticeRows(id)).map((r) => r.status).sort()).toEqual(['dropped', 'queued'])
  })
})
