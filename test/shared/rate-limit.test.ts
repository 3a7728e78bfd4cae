import { runInDurableObject } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import type { RateLimiter } from '../../shared/rate-limit/limiter'
import { platformApp } from './platform-app'

const app = platformApp()
const hit = (client: string, extra: Record<string, string> = {}) =>
  app.request('/limited', { headers: { 'x-test-client': client, ...extra } }, env)

describe('rate limiting', () => {
  it('lets exactly 60 of 100 parallel requests through a 60/minute limit', async () => {
    const responses = await Promise.all(Array.from({ length: 100 }, () => hit('parallel')))
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(60)
    expect(statuses.filter((s) => s === 429)).toHaveLength(40)
  })

  it('answers 429 with Retry-After, retry_after_seconds and RateLimit headers', async () => {
    for (let i = 0; i < 60; i++) expect((await hit('serial')).status).toBe(200)
    const res = await hit('serial')
    expect(res.status).toBe(429)
    const body = (await res.json()) as { code: string; retry_after_seconds: number; error: string }
    expect(body.code).toBe('RATE_LIMITED')
    expect(body.retry_after_seconds).toBeGreaterThan(0)
    expect(body.retry_after_seconds).toBeLessThanOrEqual(60)
    expect(res.headers.get('retry-after')).toBe(String(body.retry_after_seconds))
    expect(res.headers.get('ratelimit-limit')).toBe('60')
    expect(res.headers.get('ratelimit-remaining')).toBe('0')
  })

  it('counts down RateLimit-Remaining and keeps clients apart', async () => {
    const first = await hit('countdown')
    expect(first.headers.get('ratelimit-remaining')).toBe('59')
    expect((await hit('countdown')).headers.get('ratelimit-remaining')).toBe('58')
    expect((await hit('someone-else')).headers.get('ratelimit-remaining')).toBe('59')
  })

  it('slides: a slot frees exactly when the oldest hit leaves the window', async () => {
    const stub = env.RATE_LIMITER.getByName('slide-test') as DurableObjectStub<RateLimiter>
    const t0 = Date.now()
    expect((await stub.hit(t0, 2, 60_000)).allowed).toBe(true)
    expect((await stub.hit(t0 + 30_000, 2, 60_000)).allowed).toBe(true)
    const blocked = await stub.hit(t0 + 59_999, 2, 60_000)
    expect(blocked).toMatchObject({ allowed: false, remaining: 0, resetSeconds: 1 })
    expect((await stub.hit(t0 + 60_000, 2, 60_000)).allowed).toBe(true)
    expect((await stub.hit(t0 + 60_001, 2, 60_000)).allowed).toBe(false)
  })

  it('cleans up an idle limiter in its alarm', async () => {
    const stub = env.RATE_LIMITER.getByName('alarm-test') as DurableObjectStub<RateLimiter>
    await stub.hit(Date.now() - 120_000, 5, 60_000)
    await runInDurableObject(stub, async (instance: RateLimiter, state) => {
      await instance.alarm()
      const rows = state.storage.sql.exec<{ n: number }>('SELECT COUNT(*) AS n FROM log').one().n
      expect(rows).toBe(0)
    })
    expect((await stub.hit(Date.now(), 5, 60_000)).remaining).toBe(4)
  })

  it('short-circuits a blocked client through the KV marker', async () => {
    for (let i = 0; i < 60; i++) await hit('marker', { 'x-use-marker': '1' })
    const blocked = await hit('marker', { 'x-use-marker': '1' })
    expect(blocked.status).toBe(429)
    // The marker now refuses the next request from KV.
    const marker = await env.DROPS.get('rl:test:marker')
    expect(Number(marker)).toBeGreaterThan(Date.now())
    expect((await hit('marker', { 'x-use-marker': '1' })).status).toBe(429)
  })
})
