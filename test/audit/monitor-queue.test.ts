import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { RunTicket } from '../../workers/audit/domain/monitor/runner'
import { monitoringWorld, proKey } from './helpers/monitoring'

const HOUR = 3_600_000
const w = monitoringWorld()

async function watch(key: string, domain: string) {
  const res = await w.request('/api/v1/monitors', { method: 'POST', body: JSON.stringify({ domain, interval: 'hourly' }) }, key)
  expect(res.status).toBe(201)
  return (await res.json()) as { id: string; next_run_at: string }
}

const runsOf = async (id: string) =>
  (await env.DB.prepare('SELECT COUNT(*) AS n FROM monitor_runs WHERE monitor_id = ?').bind(id).first<{ n: number }>())!.n

/** Every monitor due is taken by earlier tests' leftovers first, so each test starts from none due. */
async function drain() {
  while ((await w.dispatch({ MONITOR_BATCH_SIZE: '900' })).due > 0);
}

describe('monitor runs fanned out through the audit-monitor-runs queue', () => {
  it('two overlapping cron invocations enqueue every due monitor exactly once per interval', async () => {
    await drain()
    const { rawKey } = await proKey()
    const sites = await Promise.all(Array.from({ length: 24 }, () => w.site()))
    const monitors = []
    for (const s of sites) monitors.push(await watch(rawKey, s.domain))
    const ids = monitors.map((m) => m.id).sort()

    const round = async () => {
      const [a, b] = await Promise.all([w.dispatch(), w.dispatch()])
      const tickets = [...a.sent, ...b.sent].map((m) => m.body)
      return { tickets, enqueued: a.enqueued + b.enqueued }
    }
    const first = await round()
    expect(first.enqueued).toBe(24)
    expect(first.tickets.map((t) => t.monitor_id).sort()).toEqual(ids)
    // The consumer runs each ticket once, even when the queue delivers a message twice.
    const results = await Promise.all([w.consume(first.tickets), w.consume(first.tickets.slice(0, 6))])
    expect(results[0].retried).toEqual([])
    for (const m of monitors) expect(await runsOf(m.id)).toBe(1)
    // A third invocation right after sends no second ticket for any of these slots.
    const seen = new Set(first.tickets.map((t) => `${t.monitor_id}@${t.slot}`))
    expect((await w.dispatch()).sent.filter((m) => seen.has(`${m.body.monitor_id}@${m.body.slot}`))).toEqual([])

    // The next interval: each monitor again exactly once, for its own slot inside the hour.
    w.advance(HOUR)
    const second = await round()
    expect(second.tickets.map((t) => t.monitor_id).sort()).toEqual(ids)
    const start = w.clock.now.getTime() - HOUR
    expect(second.tickets.every((t) => t.slot > start && t.slot <= w.clock.now.getTime() + 60_000)).toBe(true)
    // A ticket of the last interval delivered late is void: nothing more runs for it.
    await w.consume(first.tickets)
    for (const m of monitors) expect(await runsOf(m.id)).toBe(1)
    await w.consume(second.tickets)
    for (const m of monitors) expect(await runsOf(m.id)).toBe(2)
  })

  it('delays a ticket to the second its monitor is due, within the coming minute', async () => {
    const { rawKey } = await proKey()
    let monitor: { id: string }
    let next: number
    do {
      // (a monitor whose phase falls in the coming 40 s would need the clock to go back: take another)
      await drain()
      monitor = await watch(rawKey, (await w.site()).domain)
      await w.cron()
      next = Date.parse(
        ((await (await w.request(`/api/v1/monitors/${monitor.id}`, {}, rawKey)).json()) as { next_run_at: string }).next_run_at
      )
    } while (next - 40_000 <= w.clock.now.getTime())
    w.clock.now = new Date(next - 40_000)
    const { sent } = await w.dispatch()
    expect(sent.filter((m) => m.body.monitor_id === monitor.id)).toEqual([
      { body: { monitor_id: monitor.id, slot: next }, delaySeconds: 40 },
    ])
  })

  it('a monitor deleted after its ticket was enqueued is not run', async () => {
    await drain()
    const { domain } = await w.site()
    const { rawKey } = await proKey()
    const monitor = await watch(rawKey, domain)
    const { sent } = await w.dispatch()
    const ticket = sent.find((m) => m.body.monitor_id === monitor.id)?.body as RunTicket
    expect(ticket).toBeDefined()
    expect((await w.request(`/api/v1/monitors/${monitor.id}`, { method: 'DELETE' }, rawKey)).status).toBe(204)
    const calls = w.fetcher.calls.length
    const { acked, retried } = await w.consume([ticket])
    expect({ acked: acked.length, retried }).toEqual({ acked: 1, retried: [] })
    expect(w.fetcher.calls.slice(calls).filter((u) => u.includes(domain))).toEqual([])
    expect(await runsOf(monitor.id)).toBe(0)
  })

  it('a malformed ticket is acknowledged and runs nothing', async () => {
    const calls = w.fetcher.calls.length
    const { acked } = await w.consume([{ monitor_id: 'mon_nope', slot: 1 }, { monitor_id: 42, slot: 'x' } as never])
    expect(acked).toHaveLength(2)
    expect(w.fetcher.calls.length).toBe(calls)
  })
})
