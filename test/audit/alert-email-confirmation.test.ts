import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { CONFIRMATION_TTL_HOURS } from '../../workers/audit/domain/monitor/email-confirmation'
import { confirmationToken, confirmEmail, monitoringWorld, proKey } from './helpers/monitoring'

/**
 * Alert e-mail addresses are confirmed before any alert goes to them (docs/audit.md,
 * "E-mail"): the outbox rows say what would be sent, and the HTTP provider what was.
 */
const HOUR = 3_600_000
const PROVIDER = 'https://api.resend.com/emails'
const MAIL = { EMAIL_FROM: 'HTTPS audit <alerts@audit.test>', EMAIL_API_URL: PROVIDER, EMAIL_API_KEY: 're_test_key' }

const w = monitoringWorld()
const delivered: Array<{ to: string; subject: string }> = []
w.world.pages[PROVIDER] = (req) => {
  void (req.clone().json() as Promise<{ to: string; subject: string }>).then((m) => delivered.push(m))
  return { status: 200, body: JSON.stringify({ id: crypto.randomUUID() }) }
}

type Row = { kind: string; to_address: string; status: string; subject: string }
async function outbox(owner: string): Promise<Row[]> {
  const { results } = await env.DB.prepare(
    'SELECT kind, to_address, status, subject FROM alert_mail_outbox WHERE owner_key_id = ? ORDER BY created_at, rowid'
  )
    .bind(owner)
    .all<Row>()
  return results
}

/** A key watching a site with alerts to `to`; the site then loses HSTS (two alerts) after the baseline run. */
async function watchAndDegrade(to: string, key?: { rawKey: string; id: string }) {
  const { domain, headers } = await w.site()
  const k = key ?? (await proKey())
  const res = await w.request(
    '/api/v1/monitors',
    { method: 'POST', body: JSON.stringify({ domain, interval: 'hourly', alert: { email: to } }) },
    k.rawKey
  )
  expect(res.status).toBe(201)
  const monitor = (await res.json()) as { id: string; alert: { email_confirmed: boolean | null } }
  const degrade = async () => {
    await w.cron()
    delete headers['strict-transport-security']
    w.advance(HOUR)
    await w.cron()
  }
  return { ...k, monitor, degrade }
}

const confirm = (token: string) => w.request('/api/v1/alert-emails/confirm', { method: 'POST', body: JSON.stringify({ token }) })

describe('alert e-mail confirmation', () => {
  it('sends a confirmation link, and no alert to the address while it is unconfirmed', async () => {
    const to = 'unconfirmed@example.com'
    const { id: owner, monitor, degrade } = await watchAndDegrade(to)
    expect(monitor.alert.email_confirmed).toBe(false)
    await degrade()
    // Only the link is in the outbox: the two alerts were not written for this address.
    expect((await outbox(owner)).map((r) => [r.kind, r.to_address])).toEqual([['confirmation', to]])
    await w.scheduled(MAIL)
    expect(delivered.filter((m) => m.to === to).map((m) => m.subject)).toEqual([expect.stringMatching(/confirm this address/)])
  })

  it('e-mails alerts once the address is confirmed, and says so on the monitor', async () => {
    const to = 'Confirmed@Example.com'
    const { id: owner, rawKey, monitor, degrade } = await watchAndDegrade(to)
    const res = await confirmEmail(w.request, owner, to)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ address: 'confirmed@example.com', confirmed_at: expect.any(String) })
    const shown = (await (await w.request(`/api/v1/monitors/${monitor.id}`, {}, rawKey)).json()) as { alert: { email_confirmed: boolean } }
    expect(shown.alert.email_confirmed).toBe(true)
    await degrade()
    // The link, unsent, is dropped once confirmed; the two alerts are queued.
    expect((await outbox(owner)).map((r) => [r.kind, r.status])).toEqual([
      ['alert', 'queued'],
      ['alert', 'queued'],
    ])
    await w.scheduled(MAIL)
    expect(delivered.filter((m) => m.to === to)).toHaveLength(2)
  })

  it('refuses a wrong, altered or expired token with a clear 4xx, and the address stays unconfirmed', async () => {
    const to = 'tokens@example.com'
    const { id: owner, rawKey, monitor } = await watchAndDegrade(to)
    const token = (await confirmationToken(owner, to))!
    const [id, signature] = token.split('.')
    const flipped = `${id}.${signature[0] === 'A' ? 'B' : 'A'}${signature.slice(1)}`
    for (const bad of ['', 'nonsense', `${'0'.repeat(32)}.${signature}`, flipped, `${id}.${signature}x`]) {
      const res = await confirm(bad)
      expect(res.status, bad).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'INVALID_TOKEN', error: expect.stringMatching(/not valid/) })
    }
    const saved = w.clock.now
    w.clock.now = new Date(saved.getTime() + CONFIRMATION_TTL_HOURS * HOUR + 1000)
    const expired = await confirm(token)
    w.clock.now = saved
    expect(expired.status).toBe(410)
    expect(await expired.json()).toMatchObject({ code: 'TOKEN_EXPIRED' })
    const shown = (await (await w.request(`/api/v1/monitors/${monitor.id}`, {}, rawKey)).json()) as { alert: { email_confirmed: boolean } }
    expect(shown.alert.email_confirmed).toBe(false)
    // The page a link opens confirms nothing by itself, and answers a bad link with the same 4xx.
    const page = await w.request(`/alert-email/confirm?token=${token}`)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('<form method="post" action="/alert-email/confirm">')
    expect((await w.request('/alert-email/confirm?token=nonsense')).status).toBe(400)
    expect(shown.alert.email_confirmed).toBe(false)
    // Its button does.
    const button = await w.request('/alert-email/confirm', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
    })
    expect(button.status).toBe(200)
    const after = (await (await w.request(`/api/v1/monitors/${monitor.id}`, {}, rawKey)).json()) as { alert: { email_confirmed: boolean } }
    expect(after.alert.email_confirmed).toBe(true)
  })

  it('one key cannot confirm, or see, another key’s address', async () => {
    const to = 'shared-inbox@example.com'
    const a = await watchAndDegrade(to)
    const b = await watchAndDegrade(to)
    // A confirms its own link: B's address stays unconfirmed, and B's alerts are not e-mailed.
    expect((await confirmEmail(w.request, a.id, to)).status).toBe(200)
    await b.degrade()
    expect((await outbox(b.id)).map((r) => r.kind)).toEqual(['confirmation'])
    const bView = (await (await w.request(`/api/v1/monitors/${b.monitor.id}`, {}, b.rawKey)).json()) as {
      alert: { email_confirmed: boolean }
    }
    expect(bView.alert.email_confirmed).toBe(false)
    // B sees only its own monitors; A's monitor (and its address) is a 404 to B.
    expect((await w.request(`/api/v1/monitors/${a.monitor.id}`, {}, b.rawKey)).status).toBe(404)
    const listed = (await (await w.request('/api/v1/monitors', {}, b.rawKey)).json()) as { monitors: Array<{ id: string }> }
    expect(listed.monitors.map((m) => m.id)).toEqual([b.monitor.id])
  })

  it('sends one link however many monitors or parallel requests name the address', async () => {
    const to = 'many@example.com'
    const key = await proKey()
    const sites = await Promise.all([w.site(), w.site(), w.site(), w.site()])
    const answers = await Promise.all(
      sites.map(({ domain }) =>
        w.request(
          '/api/v1/monitors',
          { method: 'POST', body: JSON.stringify({ domain, interval: 'daily', alert: { email: to } }) },
          key.rawKey
        )
      )
    )
    expect(answers.map((r) => r.status)).toEqual([201, 201, 201, 201])
    expect((await outbox(key.id)).filter((r) => r.kind === 'confirmation')).toHaveLength(1)
  })
})
