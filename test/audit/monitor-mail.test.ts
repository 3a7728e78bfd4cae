import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { BACKOFF_MINUTES, MAX_ATTEMPTS } from '../../workers/audit/domain/monitor/outbox'
import * as store from '../../workers/audit/monitor-store'
import { confirmEmail, monitoringWorld, proKey } from './helpers/monitoring'

const HOUR = 3_600_000
const MINUTE = 60_000
const w = monitoringWorld()

/**
 * An HTTP e-mail provider as Resend documents it (POST https://api.resend.com/emails with a
 * bearer key and {from, to, subject, text}; 200 with {"id"}), reached through the worker's
 * one fetcher. `fail` answers instead while set.
 */
const PROVIDER = 'https://api.resend.com/emails'
const received: Request[] = []
let fail: number | null = null
w.world.pages[PROVIDER] = (req) => {
  received.push(req)
  return fail
    ? { status: fail, body: '{"name":"internal_server_error"}' }
    : { status: 200, body: JSON.stringify({ id: crypto.randomUUID() }) }
}
const MAIL = { EMAIL_FROM: 'HTTPS audit <alerts@audit.test>', EMAIL_API_URL: PROVIDER, EMAIL_API_KEY: 're_test_key' }

/** A monitor e-mailing `to`, whose site then loses HSTS: two alerts (grade_changed, header_removed) in its outbox. */
async function twoAlertMails(to: string) {
  const { domain, headers } = await w.site()
  const { rawKey, id: owner } = await proKey()
  const res = await w.request(
    '/api/v1/monitors',
    { method: 'POST', body: JSON.stringify({ domain, interval: 'hourly', alert: { email: to } }) },
    rawKey
  )
  const { id } = (await res.json()) as { id: string }
  // Alerts are e-mailed only to a confirmed address.
  expect((await confirmEmail(w.request, owner, to)).status).toBe(200)
  await w.cron()
  delete headers['strict-transport-security']
  w.advance(HOUR)
  await w.cron()
  const mails = await store.outbox(env.DB, owner, id)
  expect(mails.map((m) => m.status)).toEqual(['queued', 'queued'])
  return { owner, id, domain }
}

const to = (req: Request) => req.clone().json() as Promise<{ to: string }>
async function sentTo(address: string) {
  const out = []
  for (const req of received) if ((await to(req)).to === address) out.push(req)
  return out
}

describe('alert e-mails through the shared mail transport', () => {
  it('hands each alert e-mail to the HTTP provider exactly once, even with overlapping cron runs', async () => {
    const { owner, id, domain } = await twoAlertMails('ops-once@example.com')
    await Promise.all([w.scheduled(MAIL), w.scheduled(MAIL)])
    await w.scheduled(MAIL)
    w.advance(HOUR)
    await w.scheduled(MAIL)
    const requests = await sentTo('ops-once@example.com')
    expect(requests).toHaveLength(2)
    const bodies = await Promise.all(requests.map((r) => r.clone().json() as Promise<Record<string, string>>))
    expect(requests.every((r) => r.method === 'POST' && r.headers.get('authorization') === 'Bearer re_test_key')).toBe(true)
    expect(bodies.map((b) => b.from)).toEqual([MAIL.EMAIL_FROM, MAIL.EMAIL_FROM])
    expect(bodies.map((b) => b.subject)).toEqual(
      expect.arrayContaining([
        expect.stringContaining(`${domain}: grade A+ →`),
        expect.stringContaining(`${domain} no longer sends Strict-Transport-Security`),
      ])
    )
    expect(bodies[0].text).toContain(`${env.BASE_URL}/check/${domain}/history`)
    const mails = await store.outbox(env.DB, owner, id)
    expect(mails.map((m) => [m.status, m.attempts, m.transport, m.last_error])).toEqual([
      ['sent', 1, 'http', null],
      ['sent', 1, 'http', null],
    ])
  })

  it('retries a failing provider with backoff (5, 10, 20 … minutes), then gives the message up as dead', async () => {
    const { owner, id } = await twoAlertMails('ops-retry@example.com')
    fail = 503
    try {
      const attempts = async () => (await sentTo('ops-retry@example.com')).length
      await w.scheduled(MAIL)
      expect(await attempts()).toBe(2)
      let mails = await store.outbox(env.DB, owner, id)
      expect(mails.map((m) => [m.status, m.attempts, m.last_error])).toEqual([
        ['queued', 1, 'Error: the e-mail API answered HTTP 503'],
        ['queued', 1, 'Error: the e-mail API answered HTTP 503'],
      ])
      expect(Date.parse(mails[0].next_attempt_at) - w.clock.now.getTime()).toBe(BACKOFF_MINUTES * MINUTE)
      // Not before its time.
      w.advance(BACKOFF_MINUTES * MINUTE - 1000)
      await w.scheduled(MAIL)
      expect(await attempts()).toBe(2)
      // Each later attempt waits twice as long; after MAX_ATTEMPTS the message is dead.
      w.advance(1000)
      for (let n = 2; n <= MAX_ATTEMPTS; n++) {
        await w.scheduled(MAIL)
        expect(await attempts()).toBe(2 * n)
        mails = await store.outbox(env.DB, owner, id)
        if (n < MAX_ATTEMPTS)
          expect(Date.parse(mails[0].next_attempt_at) - w.clock.now.getTime()).toBe(BACKOFF_MINUTES * MINUTE * 2 ** (n - 1))
        w.advance(BACKOFF_MINUTES * MINUTE * 2 ** (n - 1))
      }
      expect(mails.map((m) => [m.status, m.attempts])).toEqual([
        ['dead', MAX_ATTEMPTS],
        ['dead', MAX_ATTEMPTS],
      ])
      fail = null
      w.advance(HOUR)
      await w.scheduled(MAIL)
      expect(await attempts()).toBe(2 * MAX_ATTEMPTS)
    } finally {
      fail = null
    }
  })

  it('a provider that recovers gets the message on the retry, once', async () => {
    const { owner, id } = await twoAlertMails('ops-recover@example.com')
    fail = 500
    await w.scheduled(MAIL)
    fail = null
    w.advance(BACKOFF_MINUTES * MINUTE)
    await w.scheduled(MAIL)
    w.advance(HOUR)
    await w.scheduled(MAIL)
    expect(await sentTo('ops-recover@example.com')).toHaveLength(4)
    expect((await store.outbox(env.DB, owner, id)).map((m) => [m.status, m.attempts])).toEqual([
      ['sent', 2],
      ['sent', 2],
    ])
  })

  it('without a transport nothing is sent and each message says why', async () => {
    const { owner, id } = await twoAlertMails('ops-unsent@example.com')
    await w.scheduled()
    let mails = await store.outbox(env.DB, owner, id)
    expect(mails.map((m) => [m.status, m.attempts, m.last_error])).toEqual([
      ['queued', 0, 'not sent: no e-mail transport configured (EMAIL_FROM is not set)'],
      ['queued', 0, 'not sent: no e-mail transport configured (EMAIL_FROM is not set)'],
    ])
    // A sender but no provider secret.
    await w.scheduled({ EMAIL_FROM: MAIL.EMAIL_FROM, EMAIL_API_URL: PROVIDER })
    mails = await store.outbox(env.DB, owner, id)
    expect(
      mails.every(
        (m) => m.last_error === 'not sent: no e-mail transport configured (bind EMAIL, or set the EMAIL_API_URL and EMAIL_API_KEY secrets)'
      )
    ).toBe(true)
    expect(await sentTo('ops-unsent@example.com')).toEqual([])
    // Configured later: the waiting messages go out.
    await w.scheduled(MAIL)
    expect(await sentTo('ops-unsent@example.com')).toHaveLength(2)
    expect((await store.outbox(env.DB, owner, id)).map((m) => [m.status, m.last_error])).toEqual([
      ['sent', null],
      ['sent', null],
    ])
  })
})
