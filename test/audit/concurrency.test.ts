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
})
