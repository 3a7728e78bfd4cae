import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { attemptDelivery } from '../../shared/webhooks/deliver'
import { confirmEmail, eventsOf, monitoringWorld, proKey } from './helpers/monitoring'
import { verifyStandardWebhook } from '../sds/helpers/standard-webhooks'

const HOUR = 3_600_000
const DAY = 24 * HOUR
const ALL_EVENTS = ['audit.grade_changed', 'audit.certificate_expiring', 'audit.check_failed', 'audit.header_removed']

const w = monitoringWorld()

async function watch(key: string, domain: string, extra: Record<string, unknown> = {}) {
  const res = await w.request('/api/v1/monitors', { method: 'POST', body: JSON.stringify({ domain, interval: 'hourly', ...extra }) }, key)
  return { res, body: (await res.json()) as Record<string, any> }
}

async function hook(key: string) {
  const res = await w.request(
    '/api/v1/webhooks',
    { method: 'POST', body: JSON.stringify({ url: 'http://127.0.0.1:9/audit', events: ALL_EVENTS }) },
    key
  )
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; secret: string }
}

const history = async (key: string, id: string, query = '') =>
  (await (await w.request(`/api/v1/monitors/${id}/history${query}`, {}, key)).json()) as {
    runs: Array<Record<string, any>>
    truncated: boolean
  }

describe('monitors API (Pro keys)', () => {
  it('creates, lists, reads, updates and deletes; another key sees 404', async () => {
    const { domain } = await w.site()
    const owner = await proKey()
    const other = await proKey()
    const { res, body } = await watch(owner.rawKey, domain.toUpperCase(), {
      alert: { email: 'ops@example.com', on: ['grade_drop'], cert_expiry_days: 10 },
    })
    expect(res.status).toBe(201)
    expect(body).toMatchObject({
      domain,
      interval: 'hourly',
      alert: { email: 'ops@example.com', on: ['grade_drop'], cert_expiry_days: 10 },
      last: null,
      last_run_at: null,
    })
    expect(body.id).toMatch(/^mon_[0-9a-f]{32}$/)
    expect(body.history_url).toBe(`${env.BASE_URL}/check/${domain}/history`)

    const list = (await (await w.request('/api/v1/monitors', {}, owner.rawKey)).json()) as { monitors: unknown[] }
    expect(list.monitors).toEqual([expect.objectContaining({ id: body.id })])
    expect(await (await w.request('/api/v1/monitors', {}, other.rawKey)).json()).toEqual({ monitors: [] })

    for (const [method, path] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['GET', '/history'],
    ] as const) {
      const res = await w.request(
        `/api/v1/monitors/${body.id}${path}`,
        { method, body: method === 'PATCH' ? '{"interval":"daily"}' : undefined },
        other.rawKey
      )
      expect(res.status, `${method} ${path}`).toBe(404)
      expect(((await res.json()) as { code: string }).code).toBe('MONITOR_NOT_FOUND')
    }

    const patched = await w.request(
      `/api/v1/monitors/${body.id}`,
      { method: 'PATCH', body: JSON.stringify({ interval: 'daily', alert: { email: null, on: ['cert_expiry'] } }) },
      owner.rawKey
    )
    expect(patched.status).toBe(200)
    expect(await patched.json()).toMatchObject({ interval: 'daily', alert: { email: null, on: ['cert_expiry'], cert_expiry_days: 10 } })
    expect((await watch(owner.rawKey, domain)).body.code).toBe('MONITOR_EXISTS')

    expect((await w.request(`/api/v1/monitors/${body.id}`, { method: 'DELETE' }, owner.rawKey)).status).toBe(204)
    expect((await w.request(`/api/v1/monitors/${body.id}`, {}, owner.rawKey)).status).toBe(404)
  })

  it('refuses private and invalid targets as checks do, bad bodies, and callers without a key', async () => {
    const { rawKey } = await proKey()
    w.world.zone['intranet-watch.org'] = { A: ['10.1.2.3'] }
    const cases: Array<[unknown, number, string]> = [
      [{ domain: 'localhost', interval: 'hourly' }, 400, 'DOMAIN_NOT_PUBLIC'],
      [{ domain: 'intranet-watch.org', interval: 'hourly' }, 400, 'DOMAIN_NOT_PUBLIC'],
      [{ domain: 'https://example.org:8443/x', interval: 'hourly' }, 400, 'INVALID_DOMAIN'],
      [{ domain: 'https://intranet-watch.org/x', interval: 'hourly' }, 400, 'DOMAIN_NOT_PUBLIC'],
      [{ domain: '127.0.0.1', interval: 'hourly' }, 400, 'INVALID_DOMAIN'],
      [{ domain: 'gone-watch.org', interval: 'hourly' }, 422, 'DOMAIN_NOT_FOUND'],
      [{ domain: 'example.org', interval: 'weekly' }, 400, 'INVALID_BODY'],
      [{ domain: 'example.org', interval: 'hourly', alert: { on: ['grade_drop', 'grade_drop'] } }, 400, 'INVALID_BODY'],
      [{ domain: 'example.org', interval: 'hourly', alert: { email: 'not an address' } }, 400, 'INVALID_BODY'],
      [{ domain: 'example.org', interval: 'hourly', alert: { cert_expiry_days: 0 } }, 400, 'INVALID_BODY'],
      [{ domain: 'example.org', interval: 'hourly', owner: 'someone' }, 400, 'INVALID_BODY'],
    ]
    for (const [input, status, code] of cases) {
      const res = await w.request('/api/v1/monitors', { method: 'POST', body: JSON.stringify(input) }, rawKey)
      expect({ input, status: res.status, code: ((await res.json()) as { code: string }).code }).toEqual({ input, status, code })
    }
    expect((await w.request('/api/v1/monitors', { method: 'POST', body: '{"domain":' }, rawKey)).status).toBe(400)
    expect((await w.request('/api/v1/monitors')).status).toBe(401)
    expect((await w.request('/api/v1/monitors', {}, 'audit_pro_' + 'x'.repeat(32))).status).toBe(401)
    expect((await w.request('/api/v1/webhooks')).status).toBe(401)
  })
})

describe('monitor runs and alerts', () => {
  it('a site that loses its HSTS header sends one grade_changed (and one header_removed), then nothing while it stays so', async () => {
    const { domain, headers } = await w.site()
    const { rawKey, id: owner } = await proKey()
    const endpoint = await hook(rawKey)
    const { body: monitor } = await watch(rawKey, domain, { alert: { email: 'ops@example.com' } })
    // Alerts are e-mailed only to a confirmed address.
    expect((await confirmEmail(w.request, owner, 'ops@example.com')).status).toBe(200)

    await w.cron()
    expect(await eventsOf(owner)).toEqual([])
    const first = await history(rawKey, monitor.id)
    expect(first.runs).toHaveLength(1)
    expect(first.runs[0]).toMatchObject({ status: 'ok', grade: 'A+', ssl_grade: expect.any(String), headers: { hsts: { present: true } } })
    expect(first.runs[0].cert_expires_at).toMatch(/^\d{4}-/)

    delete headers['strict-transport-security']
    w.advance(HOUR)
    await w.cron()
    const events = await eventsOf(owner)
    const changed = events.filter((e) => e.type === 'audit.grade_changed')
    expect(changed).toHaveLength(1)
    expect(changed[0].data).toMatchObject({
      monitor_id: monitor.id,
      domain,
      direction: 'down',
      before: { grade: 'A+' },
      after: { grade: expect.not.stringMatching(/^A\+$/) },
    })
    expect(changed[0].data.after.score).toBeLessThan(changed[0].data.before.score)
    expect(events.filter((e) => e.type === 'audit.header_removed').map((e) => e.data.headers)).toEqual([['Strict-Transport-Security']])

    for (let i = 0; i < 3; i++) {
      w.advance(HOUR)
      await w.cron()
    }
    expect(await eventsOf(owner)).toHaveLength(events.length)
    const runs = (await history(rawKey, monitor.id)).runs
    expect(runs.map((r) => r.headers.hsts.present)).toEqual([true, false, false, false, false])

    // The same two alerts went to the e-mail outbox, once each.
    const { results: mails } = await env.DB.prepare('SELECT subject, status FROM alert_mail_outbox WHERE monitor_id = ?')
      .bind(monitor.id)
      .all<{ subject: string; status: string }>()
    expect(mails).toHaveLength(2)
    expect(mails.every((m) => m.status === 'queued')).toBe(true)

    // Each delivery is signed per Standard Webhooks with the endpoint's secret.
    const { results } = await env.DB.prepare(
      "SELECT id FROM webhook_deliveries WHERE owner_key_id = ? AND event_type = 'audit.grade_changed'"
    )
      .bind(owner)
      .all<{ id: string }>()
    const sent: Array<{ headers: Record<string, string>; body: string }> = []
    const recorder = async (input: string | URL | Request, init?: RequestInit) => {
      const req = new Request(input, init)
      sent.push({ headers: Object.fromEntries(req.headers), body: await req.text() })
      return new Response('ok')
    }
    await attemptDelivery({ db: env.DB, fetcher: recorder, now: () => new Date(), allowLocal: true, keys: env }, results[0].id)
    expect(sent).toHaveLength(1)
    expect(await verifyStandardWebhook(endpoint.secret, sent[0].headers, sent[0].body, Math.floor(Date.now() / 1000))).toBe('valid')
    expect(JSON.parse(sent[0].body)).toMatchObject({ type: 'audit.grade_changed', data: { domain } })
  })

  it('a certificate expiry alert fires once, at the threshold', async () => {
    // 20.5 days from the test clock (which earlier tests moved forward).
    const { domain } = await w.site({ days: 20.5 + (w.clock.now.getTime() - Date.now()) / DAY })
    const { rawKey, id: owner } = await proKey()
    await hook(rawKey)
    const { body: monitor } = await watch(rawKey, domain, { interval: 'daily', alert: { on: ['cert_expiry'], cert_expiry_days: 14 } })
    const expiring = async () => (await eventsOf(owner)).filter((e) => e.type === 'audit.certificate_expiring')

    await w.cron() // 20 days left
    w.advance(5 * DAY) // 15 days left
    await w.cron()
    expect(await expiring()).toEqual([])
    w.advance(DAY + HOUR) // 14 days left: the threshold
    await w.cron()
    const alerts = await expiring()
    expect(alerts).toHaveLength(1)
    expect(alerts[0].data).toMatchObject({ monitor_id: monitor.id, threshold_days: 14, after: { days_remaining: expect.any(Number) } })
    expect(alerts[0].data.after.days_remaining).toBeLessThanOrEqual(14)
    for (let i = 0; i < 3; i++) {
      w.advance(DAY)
      await w.cron()
    }
    expect(await expiring()).toHaveLength(1)
    expect((await history(rawKey, monitor.id)).runs.map((r) => r.cert_days_remaining)).toHaveLength(6)
  })

  it('a site that stops answering sends check_failed once', async () => {
    const { domain } = await w.site()
    const { rawKey, id: owner } = await proKey()
    await hook(rawKey)
    await watch(rawKey, domain)
    await w.cron()
    w.world.pages[`http://${domain}/`] = { fail: 'refused' }
    w.world.pages[`https://${domain}/`] = { fail: 'refused' }
    for (let i = 0; i < 3; i++) {
      w.advance(HOUR)
      await w.cron()
    }
    const failed = (await eventsOf(owner)).filter((e) => e.type === 'audit.check_failed')
    expect(failed).toHaveLength(1)
    expect(failed[0].data).toMatchObject({ domain, before: { status: 'ok', grade: 'A+' }, after: { status: 'failed' } })
  })

  it('deleting a monitor stops its runs', async () => {
    const { domain } = await w.site()
    const { rawKey } = await proKey()
    const { body: monitor } = await watch(rawKey, domain)
    await w.cron()
    expect((await history(rawKey, monitor.id)).runs).toHaveLength(1)
    expect((await w.request(`/api/v1/monitors/${monitor.id}`, { method: 'DELETE' }, rawKey)).status).toBe(204)
    const calls = w.fetcher.calls.length
    w.advance(2 * HOUR)
    await w.cron()
    expect(w.fetcher.calls.slice(calls).filter((u) => u.includes(domain))).toEqual([])
    const { results } = await env.DB.prepare('SELECT COUNT(*) AS n FROM monitor_runs WHERE monitor_id = ?')
      .bind(monitor.id)
      .all<{ n: number }>()
    expect(results[0].n).toBe(0)
    // Nobody else watches the domain: its public history goes too.
    expect((await w.request(`/check/${domain}/history`)).status).toBe(404)
  })

  it('keeps a domain’s public history while another key still watches it', async () => {
    const { domain } = await w.site()
    const a = await proKey()
    const b = await proKey()
    const { body: first } = await watch(a.rawKey, domain)
    await watch(b.rawKey, domain)
    await w.cron()
    expect((await w.request(`/api/v1/monitors/${first.id}`, { method: 'DELETE' }, a.rawKey)).status).toBe(204)
    expect((await w.request(`/check/${domain}/history`)).status).toBe(200)
  })

  it('a revoked key’s monitors stop running and do not hold up others', async () => {
    const { domain } = await w.site()
    const revoked = await proKey()
    const { body: monitor } = await watch(revoked.rawKey, domain)
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(new Date().toISOString(), revoked.id).run()
    const calls = w.fetcher.calls.length
    w.advance(2 * HOUR)
    await w.cron()
    expect(w.fetcher.calls.slice(calls).filter((u) => u.includes(domain))).toEqual([])
    const { results } = await env.DB.prepare('SELECT COUNT(*) AS n FROM monitor_runs WHERE monitor_id = ?')
      .bind(monitor.id)
      .all<{ n: number }>()
    expect(results[0].n).toBe(0)
  })

  it('history takes from and to', async () => {
    const { domain } = await w.site()
    const { rawKey } = await proKey()
    const { body: monitor } = await watch(rawKey, domain)
    const start = w.clock.now.toISOString()
    for (let i = 0; i < 3; i++) {
      await w.cron()
      w.advance(HOUR)
    }
    const all = await history(rawKey, monitor.id, `?from=${encodeURIComponent(start)}`)
    expect(all.runs).toHaveLength(3)
    const middle = all.runs[1].checked_at
    expect((await history(rawKey, monitor.id, `?from=${middle}&to=${middle}`)).runs.map((r) => r.checked_at)).toEqual([middle])
    const bad = await w.request(`/api/v1/monitors/${monitor.id}/history?from=yesterday`, {}, rawKey)
    expect(bad.status).toBe(400)
    const reversed = await w.request(`/api/v1/monitors/${monitor.id}/history?from=${middle}&to=${start}`, {}, rawKey)
    expect(reversed.status).toBe(400)
  })
})
