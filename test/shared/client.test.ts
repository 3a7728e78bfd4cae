import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { canonicalClient } from '../../shared/rate-limit/client'
import { platformApp } from './platform-app'

describe('canonical client identity', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['::ffff:203.0.113.7', '203.0.113.7'],
    ['::FFFF:cb00:7107', '203.0.113.7'],
    ['2001:db8:1:2:3:4:5:6', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:ffff:ffff:ffff:ffff', '2001:db8:1:2::/64'],
    ['[2001:db8:1:2::1]', '2001:db8:1:2::/64'],
    ['2001:db8::1', '2001:db8::/64'],
    ['2001:0:0:1::9', '2001:0:0:1::/64'],
    ['0:0:0:1::', '0:0:0:1::/64'],
    ['::1', '::/64'],
    [undefined, 'unknown'],
    ['', 'unknown'],
    ['not an address', 'unknown'],
    ['1.2.3.4, 5.6.7.8', 'unknown'],
    ['01.2.3.4', 'unknown'],
    ['x'.repeat(10_000), 'unknown'],
  ])('%s → %s', (header, expected) => {
    expect(canonicalClient(header)).toBe(expected)
  })
})

describe('per-client limits key on the canonical client', () => {
  const app = platformApp()
  const hit = (headers: Record<string, string>) => app.request('/limited-by-ip', { headers }, env)

  it('counts every address of one IPv6 /64 as one client, and another /64 apart', async () => {
    const spellings = ['2001:db8:aa:1::1', '2001:DB8:AA:1:ffff::2', '2001:0db8:00aa:0001:1:2:3:4', '[2001:db8:aa:1::9]']
    const first = await hit({ 'cf-connecting-ip': spellings[0] })
    expect(first.headers.get('ratelimit-remaining')).toBe('59')
    for (const [i, address] of spellings.slice(1).entries()) {
      const res = await hit({ 'cf-connecting-ip': address })
      expect(res.headers.get('ratelimit-remaining')).toBe(String(58 - i))
    }
    const neighbour = await hit({ 'cf-connecting-ip': '2001:db8:aa:2::1' })
    expect(neighbour.headers.get('ratelimit-remaining')).toBe('59')
  })

  it('holds exactly under parallel requests spread over one /64', async () => {
    const responses = await Promise.all(
      Array.from({ length: 80 }, (_, i) => hit({ 'cf-connecting-ip': `2001:db8:bb:1:${i.toString(16)}::1` }))
    )
    expect(responses.filter((r) => r.status === 200)).toHaveLength(60)
    expect(responses.filter((r) => r.status === 429)).toHaveLength(20)
  })

  it('ignores X-Forwarded-For and X-Real-IP, which the client writes', async () => {
    const a = await hit({ 'cf-connecting-ip': '198.51.100.20', 'x-forwarded-for': '1.1.1.1', 'x-real-ip': '1.1.1.1' })
    const b = await hit({ 'cf-connecting-ip': '198.51.100.20', 'x-forwarded-for': '2.2.2.2', 'x-real-ip': '2.2.2.2' })
    expect(a.headers.get('ratelimit-remaining')).toBe('59')
    expect(b.headers.get('ratelimit-remaining')).toBe('58')
  })
})
