import { describe, expect, it } from 'vitest'
import { INTERVALS, LOOKAHEAD_MS, nextSlot, phaseOf, slotAfterClaim } from '../../workers/audit/domain/monitor/schedule'
import { monitoringWorld, proKey, PUBLIC_A } from './helpers/monitoring'

const w = monitoringWorld()

async function watch(key: string, domain: string) {
  const res = await w.request('/api/v1/monitors', { method: 'POST', body: JSON.stringify({ domain, interval: 'hourly' }) }, key)
  return { res, body: (await res.json()) as Record<string, any> }
}

describe('monitor limits and the cron’s batches', () => {
  it('enqueues at most MONITOR_BATCH_SIZE due monitors per cron invocation, oldest first, each once', async () => {
    // Whatever other tests left due runs first, so this test starts from no due monitor.
    while ((await w.cron({ MONITOR_BATCH_SIZE: '900' })).due > 0);
    const { rawKey } = await proKey()
    const sites = await Promise.all(Array.from({ length: 12 }, () => w.site()))
    w.advance(60_000)
    const ours: string[] = []
    for (const s of sites) {
      const { res, body } = await watch(rawKey, s.domain)
      expect(res.status).toBe(201)
      ours.push(body.id)
      w.advance(1000)
    }
    // Other test files share this D1, and a monitor of theirs can fall due on this file's
    // clock: each call sends at most 5, ours each exactly once and oldest first, then none.
    const batches: string[][] = []
    for (;;) {
      const { sent } = await w.dispatch({ MONITOR_BATCH_SIZE: '5' })
      await w.consume(sent.map((m) => m.body))
      batches.push(sent.map((m) => m.body.monitor_id))
      if (sent.length === 0 || batches.length > 10) break
    }
    expect(batches.every((b) => b.length <= 5)).toBe(true)
    expect(batches.slice(0, 2).map((b) => b.length)).toEqual([5, 5])
    expect(batches.flat().filter((id) => ours.includes(id))).toEqual(ours)
    expect(batches.at(-1)).toEqual([])
    const { monitors } = (await (await w.request('/api/v1/monitors', {}, rawKey)).json()) as {
      monitors: Array<{ id: string; last_run_at: string | null; next_run_at: string }>
    }
    expect(monitors.every((m) => m.last_run_at !== null)).toBe(true)
    // Next runs are spread over the hour after the cron's lookahead minute, each at its own minute.
    const now = w.clock.now.getTime()
    const next = monitors.map((m) => Date.parse(m.next_run_at))
    expect(next.every((t) => t > now + LOOKAHEAD_MS && t <= now + LOOKAHEAD_MS + INTERVALS.hourly)).toBe(true)
    expect(new Set(next).size).toBe(next.length)
  })

  it('holds the limit of 100 monitors per key under parallel requests', async () => {
    const { rawKey } = await proKey()
    const domains = Array.from({ length: 106 }, (_, i) => `limit-${i}-${crypto.randomUUID().slice(0, 4)}.org`)
    for (const d of domains) w.world.zone[d] = { A: PUBLIC_A }
    const results = await Promise.all(domains.map((d) => watch(rawKey, d)))
    expect(results.filter((r) => r.res.status === 201)).toHaveLength(100)
    const refused = results.filter((r) => r.res.status !== 201)
    expect(refused.map((r) => [r.res.status, r.body.code])).toEqual(Array(6).fill([409, 'MONITOR_LIMIT_REACHED']))
    expect(((await (await w.request('/api/v1/monitors', {}, rawKey)).json()) as { monitors: unknown[] }).monitors).toHaveLength(100)
  })

  it('spreads 10,000 monitors over the interval instead of running them together', () => {
    const perMinute = new Map<number, number>()
    const start = Date.UTC(2026, 10, 22, 18, 0, 0)
    for (let i = 0; i < 10_000; i++) {
      const id = 'mon_' + crypto.randomUUID().replace(/-/g, '')
      const at = nextSlot(start, 'hourly', phaseOf(id, 'hourly'))
      expect(at).toBeGreaterThan(start)
      expect(at).toBeLessThanOrEqual(start + INTERVALS.hourly)
      const minute = Math.floor((at - start) / 60_000)
      perMinute.set(minute, (perMinute.get(minute) ?? 0) + 1)
    }
    // 10,000 over 60 minutes is 167 a minute on average; no minute gets a pile-up.
    expect(perMinute.size).toBe(60)
    expect(Math.max(...perMinute.values())).toBeLessThan(250)
  })

  it('never runs a new or late monitor twice within a minute: its next slot is past the cron’s lookahead', () => {
    const now = Date.UTC(2026, 10, 23, 3, 0, 0)
    // The monitor's phase slot falls 20 s after this cron: inside the minute the cron looks ahead.
    const phase = (now + 20_000) % INTERVALS.hourly
    expect(nextSlot(now, 'hourly', phase)).toBe(now + 20_000)
    // Created just now (its first slot), or an hour late: its next run is that phase slot an hour on.
    expect(slotAfterClaim(now, now, 'hourly', phase)).toBe(now + 20_000 + INTERVALS.hourly)
    expect(slotAfterClaim(now, now - INTERVALS.hourly, 'hourly', phase)).toBe(now + 20_000 + INTERVALS.hourly)
    // On time (the slot taken is the phase slot within the lookahead): the same slot an hour on.
    expect(slotAfterClaim(now, now + 20_000, 'hourly', phase)).toBe(now + 20_000 + INTERVALS.hourly)
    // A phase slot just past the lookahead is still the next run.
    const later = (now + LOOKAHEAD_MS + 1000) % INTERVALS.hourly
    expect(slotAfterClaim(now, now, 'hourly', later)).toBe(now + LOOKAHEAD_MS + 1000)
  })

  it('keeps a monitor on its own phase from one run to the next', () => {
    const id = 'mon_' + 'ab'.repeat(16)
    const phase = phaseOf(id, 'daily')
    const first = nextSlot(Date.UTC(2026, 0, 1), 'daily', phase)
    const second = nextSlot(first, 'daily', phase)
    expect(second - first).toBe(INTERVALS.daily)
    expect(nextSlot(first + 5 * INTERVALS.daily + 1, 'daily', phase)).toBe(first + 6 * INTERVALS.daily)
  })
})
