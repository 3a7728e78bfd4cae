import { describe, expect, it } from 'vitest'
import { harness, redirect, STRONG_HEADERS, type World } from './helpers/site'

const world = (): World => ({
  zone: { 'burst-site.com': { A: ['93.184.215.14'] } },
  pages: { 'http://burst-site.com/': redirect(301, 'https://burst-site.com/'), 'https://burst-site.com/': { headers: STRONG_HEADERS } },
})

describe('per-IP limit under a parallel burst', () => {
  it('lets exactly 10 of 25 parallel checks from one address through, the rest 429', async () => {
    const h = harness(world())
    const ip = { 'cf-connecting-ip': '198.51.100.99' }
    const statuses = (
      await Promise.all(Array.from({ length: 25 }, () => h.request('/api/v1/check?domain=burst-site.com', { headers: ip })))
    ).map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(15)
  })

  it('counts cached answers exactly too: 10 of 25 parallel hits pass, the rest and the next are 429', async () => {
    const h = harness(world())
    // Cached by another caller first, so every answer below could come from the cache.
    expect((await h.request('/api/v1/check?domain=burst-site.com', { headers: { 'cf-connecting-ip': '198.51.100.1' } })).status).toBe(200)
    const ip = { 'cf-connecting-ip': '198.51.100.98' }
    const answers = await Promise.all(Array.from({ length: 25 }, () => h.request('/api/v1/check?domain=burst-site.com', { headers: ip })))
    const served = answers.filter((r) => r.status === 200)
    expect(served).toHaveLength(10)
    for (const r of served) expect(r.headers.get('cache-status')).toBe('audit; hit')
    expect(answers.filter((r) => r.status === 429)).toHaveLength(15)
    // Blocked now: the next cached answer is refused as well, with when to come back.
    const next = await h.request('/api/v1/check?domain=burst-site.com', { headers: ip })
    expect(next.status).toBe(429)
    expect(next.headers.get('cache-status')).toBeNull()
    expect(next.headers.get('retry-after')).toMatch(/^[1-9]\d*$/)
    expect(next.headers.get('ratelimit-remaining')).toBe('0')
    expect(((await next.json()) as { code: string }).code).toBe('RATE_LIMITED')
  })
})
