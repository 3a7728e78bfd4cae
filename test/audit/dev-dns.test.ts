import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import wranglerToml from '../../wrangler.toml?raw'
import { verifyStandardWebhook } from '../sds/helpers/standard-webhooks'
import { eventsOf, monitoringWorld, PUBLIC_A, proKey } from './helpers/monitoring'

/**
 * The local DNS stand-in (DEV_DNS, workers/audit/dev-dns.ts): `npm start` sets it so monitors
 * can be created and run offline. Here the replayed DNS over HTTPS knows none of the names, as
 * offline; only the stand-in does.
 */
const HOUR = 3_600_000
const RECEIVER = 'http://127.0.0.1:8839/audit-alerts'

async function offlineSite(w: ReturnType<typeof monitoringWorld>) {
  const site = await w.site()
  delete w.world.zone[site.domain] // DNS over HTTPS does not know it: only DEV_DNS does
  return site
}

function standIn(names: string[]) {
  return JSON.stringify(Object.fromEntries(names.map((n) => [n, PUBLIC_A])))
}

describe('the local DNS stand-in', () => {
  it('is not in the production config: wrangler.toml sets neither DEV_DNS nor the confirmation secret', () => {
    expect(wranglerToml).toContain('[env.audit]')
    expect(wranglerToml).not.toMatch(/DEV_DNS/)
    expect(wranglerToml).not.toMatch(/ALERT_EMAIL_SECRET\s*=/)
    // The tests' own bindings do not carry it either: every use below sets it explicitly.
    expect((env as unknown as Record<string, unknown>).DEV_DNS).toBeUndefined()
  })

  it('is refused when BASE_URL is https: the name goes to DNS over HTTPS as in production', async () => {
    const w = monitoringWorld()
    const { domain } = await offlineSite(w)
    const { rawKey } = await proKey()
    for (const base of ['https://audit.example.com', 'http://audit.example.com']) {
      const ctx = createExecutionContext()
      const res = await w.app.request(
        `${base}/api/v1/monitors`,
        {
          method: 'POST',
          headers: { authorization: `Bearer ${rawKey}`, 'content-type': 'application/json', 'cf-connecting-ip': '198.51.100.80' },
          body: JSON.stringify({ domain, interval: 'hourly' }),
        },
        { ...env, BASE_URL: base, DEV_DNS: standIn([domain]) } as never,
        ctx
      )
      await waitOnExecutionContext(ctx)
      // Not the stand-in's answer: the (offline) resolver's, which does not know the name.
      expect(res.status, base).toBe(422)
      expect(await res.json()).toMatchObject({ code: 'DOMAIN_NOT_FOUND' })
    }
  })

  it('keeps the SSRF gate: a name it maps to a private address is refused', async () => {
    const w = monitoringWorld({ bindings: { DEV_DNS: JSON.stringify({ 'inside.example.org': ['127.0.0.1'] }) } })
    const { rawKey } = await proKey()
    const res = await w.request(
      '/api/v1/monitors',
      { method: 'POST', body: JSON.stringify({ domain: 'inside.example.org', interval: 'hourly' }) },
      rawKey
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'DOMAIN_NOT_PUBLIC' })
  })

  it('runs a monitor offline through the cron and the queue to a signed alert webhook on this machine', async () => {
    const bindings: Record<string, unknown> = {}
    const w = monitoringWorld({ recordWebhooks: true, bindings })
    const { domain, headers } = await offlineSite(w)
    bindings.DEV_DNS = standIn([domain])
    const received: Request[] = []
    w.world.pages[RECEIVER] = (req) => {
      received.push(req)
      return { status: 204 }
    }
    const { rawKey, id: owner } = await proKey()

    const hook = await w.request(
      '/api/v1/webhooks',
      { method: 'POST', body: JSON.stringify({ url: RECEIVER, events: ['audit.grade_changed', 'audit.header_removed'] }) },
      rawKey
    )
    expect(hook.status).toBe(201)
    const { secret } = (await hook.json()) as { secret: string }
    const created = await w.request('/api/v1/monitors', { method: 'POST', body: JSON.stringify({ domain, interval: 'hourly' }) }, rawKey)
    expect(created.status).toBe(201)
    const { id } = (await created.json()) as { id: string }

    // Minute one: the worker's scheduled handler enqueues the ticket; its queue consumer runs it.
    const first = await w.scheduled()
    expect(first.sent.map((m) => m.body.monitor_id)).toContain(id)
    await w.consume(first.sent.map((m) => m.body).filter((t) => t.monitor_id === id))
    const runs = async () =>
      ((await (await w.request(`/api/v1/monitors/${id}/history`, {}, rawKey)).json()) as { runs: Array<{ status: string; grade: string }> })
        .runs
    expect(await runs()).toMatchObject([{ status: 'ok', grade: 'A+' }])

    // The site drops HSTS; an hour later the next run alerts.
    delete headers['strict-transport-security']
    w.advance(HOUR)
    const second = await w.scheduled()
    await w.consume(second.sent.map((m) => m.body).filter((t) => t.monitor_id === id))
    expect((await runs()).map((r) => r.status)).toEqual(['ok', 'ok'])
    expect((await eventsOf(owner)).map((e) => e.type).sort()).toEqual(['audit.grade_changed', 'audit.header_removed'])

    // Drained through the worker's webhook consumer: delivered, signed, to the local receiver.
    expect(received).toHaveLength(0)
    await w.drainWebhooks()
    expect(received).toHaveLength(2)
    for (const req of received) {
      const body = await req.clone().text()
      const signed = Object.fromEntries(req.headers)
      expect(await verifyStandardWebhook(secret, signed, body, Math.floor(w.clock.now.getTime() / 1000))).toBe('valid')
      expect(JSON.parse(body)).toMatchObject({ data: { monitor_id: id, domain } })
    }
    const { results } = await env.DB.prepare('SELECT status FROM webhook_deliveries WHERE owner_key_id = ?')
      .bind(owner)
      .all<{ status: string }>()
    expect(results.map((r) => r.status)).toEqual(['delivered', 'delivered'])
  })
})
