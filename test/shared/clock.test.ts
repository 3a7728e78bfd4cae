import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createApp, provideDeps } from '../../shared/app'
import type { RateLimiter } from '../../shared/rate-limit/limiter'
import { rateLimit } from '../../shared/rate-limit/middleware'

type ClockEnv = {
  Bindings: { BASE_URL: string; RATE_LIMITER: DurableObjectNamespace<RateLimiter> }
  Variables: { deps: { now: () => Date } }
}

describe('platform middleware reads the worker clock', () => {
  it('a rate limit without a now option slides on deps.now, not the system clock', async () => {
    let clock = new Date('2031-03-01T10:00:00Z')
    const app = createApp<ClockEnv>({ title: 'Clock test', version: '1.0.0', description: 'test' })
    app.use('*', provideDeps({ now: () => clock }))
    app.get(
      '/limited',
      rateLimit<ClockEnv>({ scope: `clock-${crypto.randomUUID()}`, limit: 2, windowSeconds: 60, key: () => 'one' }),
      (c) => c.json({ ok: true })
    )
    const hit = async () => (await app.request('/limited', {}, env)).status
    expect([await hit(), await hit(), await hit()]).toEqual([200, 200, 429])
    clock = new Date(clock.getTime() + 61_000)
    expect(await hit()).toBe(200)
  })
})
