import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { createApp } from '../../shared/app'
import type { RateLimiter } from '../../shared/rate-limit/limiter'
import { blockedMarkerKey, rateLimit } from '../../shared/rate-limit/middleware'

// The check API's limiter answers a client it refused from the isolate's memory of that
// refusal (routes/check.ts, `rememberBlocked`), so its Durable Object call waits for no KV read.
// The refusal it repeats is the limiter's own: same Retry-After, and over when the limiter's is.

type E = { Bindings: { BASE_URL: string; RATE_LIMITER: DurableObjectNamespace<RateLimiter>; CACHE: KVNamespace } }

function limitedApp(scope: string) {
  const clock = { now: new Date() }
  const app = createApp<E>({ title: 'Limit memory test', version: '1.0.0', description: 'test' })
  app.use(
    '/hit',
    rateLimit<E>({
      scope,
      limit: 2,
      windowSeconds: 60,
      key: () => 'client',
      markers: (c) => c.env.CACHE,
      rememberBlocked: {},
      now: () => clock.now,
    })
  )
  app.get('/hit', (c) => c.json({ ok: true }))
  return { clock, hit: () => app.request('/hit', {}, env) }
}

describe('rate limit with rememberBlocked', () => {
  it('repeats the limiter’s refusal with the time left, then lets the client through when it ends', async () => {
    const { clock, hit } = limitedApp(`memory-${crypto.randomUUID()}`)
    const start = clock.now.getTime()
    expect((await hit()).status).toBe(200)
    expect((await hit()).status).toBe(200)
    const refused = await hit()
    expect(refused.status).toBe(429)
    expect(refused.headers.get('retry-after')).toBe('60')
    clock.now = new Date(start + 30_000)
    const again = await hit()
    expect(again.status).toBe(429)
    expect(again.headers.get('retry-after')).toBe('30')
    expect(again.headers.get('ratelimit-remaining')).toBe('0')
    expect(((await again.json()) as { code: string }).code).toBe('RATE_LIMITED')
    clock.now = new Date(start + 60_500)
    const back = await hit()
    expect(back.status).toBe(200)
    expect(back.headers.get('ratelimit-remaining')).toBe('1')
  })

  it('still writes the KV "blocked" marker other paths read (the view page shares the scope)', async () => {
    const scope = `memory-${crypto.randomUUID()}`
    const { clock, hit } = limitedApp(scope)
    for (let i = 0; i < 3; i++) await hit()
    expect(Number(await env.CACHE.get(blockedMarkerKey(`${scope}:client`)))).toBe(clock.now.getTime() + 60_000)
  })
})
