import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { issueTestKey } from '../helpers/keys'
import { MAX_ATTEMPTS } from '../../workers/screening/domain/mail/outbox'
import { safeText } from '../../workers/screening/domain/mail/safe-text'
import { runCron } from '../../workers/screening/scheduled'
import * as store from '../../workers/screening/store'
import { freshIp, mailApi, screen, testApp } from './helpers'

// Issue 12: result e-mails go to the landlord only, from a fixed template, capped per
// recipient per day, and the outbox is really delivered by the cron.

type Envelope = { screeningId: string; propertyId: string; message: string }

describe('the result e-mail', () => {
  it('is a fixed template: no caller text in the subject, no caller link or markup in the body', async () => {
    const mail = mailApi()
    const app = testApp({ fetcher: mail.fetcher })
    const phishing = 'URGENT: your account is locked, verify at https://evil.example/login <a href=x>'
    const res = await screen(
      app,
      {
        applicantName: phishing.slice(0, 120),
        email: 'template-landlord@example.com',
        applicantEmail: 'phish@example.com',
        propertyAddress: '1 Main St www.evil.example/x',
      },
      freshIp(),
      mail.bindings
    )
    expect(res.status).toBe(200)
    const [sent] = mail.sent
    expect(sent.to).toBe('template-landlord@example.com')
    expect(sent.subject).toBe('[SIMULATED] Your VetScore screening result')
    expect(sent.text).not.toMatch(/evil\.example|https?:\/\/(?!localhost)|<a|www\./i)
    // Every link in the body is ours.
    for (const url of sent.text.match(/https?:\/\/\S+/g) ?? []) expect(url.startsWith(env.BASE_URL)).toBe(true)
    expect(sent.text).toMatch(/Applicant \(as entered by the requester\): URGENT your account is locked, verify at https evil/)
  })

  it('cleans caller text to letters, digits and address punctuation, within a length limit', () => {
    expect(safeText('Jordan  Rivera-Smith', 60)).toBe('Jordan Rivera-Smith')
    expect(safeText("O'Brien, Apt #4", 60)).toBe("O'Brien, Apt #4")
    expect(safeText('see bit.ly/x or mail@evil.com', 60)).toBe('see bit ly x or mail evil com')
    expect(safeText('a'.repeat(100), 60)).toHaveLength(60)
    expect(safeText('<script>alert(1)</script>', 60)).toBe('script alert 1 script')
  })
})

describe('the per-recipient daily cap', () => {
  it('holds exactly under parallel screenings', async () => {
    const headers = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    const app = testApp()
    const bindings = { ...env, MAIL_DAILY_CAP: '3' }
    const bodies = (await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        screen(app, { email: 'capped-landlord@example.com', applicantEmail: `capped-${i}@example.com` }, headers, bindings).then((r) =>
          r.json()
        )
      )
    )) as Envelope[]
    const rows = (await Promise.all(bodies.map((b) => store.mailFor(env.DB, b.screeningId)))).flat()
    expect(rows.filter((r) => r.status === 'queued')).toHaveLength(3)
    expect(rows.filter((r) => r.status === 'dropped')).toHaveLength(5)
    expect(bodies.filter((b) => /daily e-mail limit/.test(b.message))).toHaveLength(5)
  })
})

describe('outbox delivery by the cron', () => {
  it('sends what was queued while no transport was configured', async () => {
    const app = testApp()
    const queued = (await (
      await screen(app, { email: 'later-landlord@example.com', applicantEmail: 'later@example.com' }, freshIp())
    ).json()) as Envelope
    expect(await store.mailFor(env.DB, queued.screeningId)).toMatchObject([{ status: 'queued', attempts: 0 }])
    const mail = mailApi()
    await runCron(mail.bindings as never, mail.fetcher, new Date())
    expect(mail.sent.filter((m) => m.to === 'later-landlord@example.com')).toHaveLength(1)
    expect(await store.mailFor(env.DB, queued.screeningId)).toMatchObject([{ status: 'sent', attempts: 1 }])
    // A second run sends nothing twice.
    await runCron(mail.bindings as never, mail.fetcher, new Date())
    expect(mail.sent.filter((m) => m.to === 'later-landlord@example.com')).toHaveLength(1)
  })

  it('retries with exponential backoff and marks the message dead after the last attempt', async () => {
    const t0 = Date.now()
    const app = testApp({ now: () => new Date(t0) })
    const s = (await (
      await screen(app, { email: 'bounce-landlord@example.com', applicantEmail: 'bounce@example.com' }, freshIp())
    ).json()) as Envelope
    const failing = mailApi({ failFor: (to) => to === 'bounce-landlord@example.com' })
    const row = async () => (await store.mailFor(env.DB, s.screeningId))[0]

    let clock = t0
    const waits: number[] = []
    for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt++) {
      await runCron(failing.bindings as never, failing.fetcher, new Date(clock))
      const r = await row()
      expect(r.attempts).toBe(attempt)
      expect(r.last_error).toMatch(/HTTP 500/)
      if (attempt === MAX_ATTEMPTS) {
        expect(r.status).toBe('dead')
        break
      }
      expect(r.status).toBe('queued')
      const due = Date.parse(r.next_attempt_at)
      waits.push((due - clock) / 60_000)
      // Not due yet: a run a minute early leaves it alone.
      await runCron(failing.bindings as never, failing.fetcher, new Date(due - 60_000))
      expect((await row()).attempts).toBe(attempt)
      clock = due
    }
    expect(waits).toEqual([5, 10, 20, 40, 80])
    const dead = await store.listMail(env.DB, 'dead', 100)
    expect(dead.map((d) => d.screening_id)).toContain(s.screeningId)
  })
})
