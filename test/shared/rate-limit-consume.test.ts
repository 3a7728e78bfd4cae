import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { consume } from '../../shared/rate-limit/consume'

const limiters = env.RATE_LIMITER
const slot = (key: string, now: number, extra: { limit?: number; shards?: number } = {}) =>
  consume(limiters, { scope: 'consume-test', key, limit: extra.limit ?? 2, windowSeconds: 60, now, shards: extra.shards })

describe('consume (the function form of the limiter)', () => {
  it('holds a slot until it is released, and a release gives back exactly one', async () => {
    const t = Date.now()
    const a = await slot('release', t)
    const b = await slot('release', t + 1)
    expect([a.allowed, b.allowed, a.remaining, b.remaining]).toEqual([true, true, 1, 0])
    expect((await slot('release', t + 2)).allowed).toBe(false)
    await a.release()
    await a.release() // twice: still only one slot back
    const c = await slot('release', t + 3)
    expect(c.allowed).toBe(true)
    expect((await slot('release', t + 4)).allowed).toBe(false)
  })

  it('releasing a refused reservation frees nothing', async () => {
    const t = Date.now()
    await slot('refused', t)
    await slot('refused', t)
    const refused = await slot('refused', t)
    expect(refused.allowed).toBe(false)
    await refused.release()
    expect((await slot('refused', t + 1)).allowed).toBe(false)
  })

  it.each([undefined, 8])('is exact under concurrency (shards: %s)', async (shards) => {
    const t = Date.now()
    const all = await Promise.all(Array.from({ length: 30 }, () => slot(`parallel-${shards}`, t, { limit: 7, shards })))
    expect(all.filter((r) => r.allowed)).toHaveLength(7)
    // Give back three in parallel: exactly three more pass, in parallel too.
    await Promise.all(
      all
        .filter((r) => r.allowed)
        .slice(0, 3)
        .map((r) => r.release())
    )
    const again = await Promise.all(Array.from({ length: 10 }, () => slot(`parallel-${shards}`, t + 5, { limit: 7, shards })))
    expect(again.filter((r) => r.allowed)).toHaveLength(3)
  })
})
