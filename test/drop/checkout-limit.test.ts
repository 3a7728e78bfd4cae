import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import { app } from './helpers'

// Each checkout link opens a session with the payment provider: 30 an hour per client.
it('gives one client exactly 30 checkout links an hour, however its IPv6 /64 spells itself', async () => {
  const ask = (i: number) =>
    app.request(
      `/api/checkout-link?slug=noDrop${String(i).padStart(2, '0')}`,
      { headers: { 'cf-connecting-ip': `2001:db8:c0:1::${i.toString(16)}` } },
      env
    )
  const answers = await Promise.all(Array.from({ length: 36 }, (_, i) => ask(i)))
  const limited = answers.filter((r) => r.status === 429)
  expect(limited).toHaveLength(6)
  // The 30 that passed reached the route (no such drop), not the limiter.
  expect(answers.filter((r) => r.status === 404)).toHaveLength(30)
  const body = (await limited[0].json()) as { code: string }
  expect(body.code).toBe('RATE_LIMITED')
  // Another client is not affected.
  const other = await app.request('/api/checkout-link?slug=noDrop99', { headers: { 'cf-connecting-ip': '198.51.100.9' } }, env)
  expect(other.status).toBe(404)
})

it('limits the upgrade form post the same way', async () => {
  const post = () => app.request('/v/noDrop77/upgrade', { method: 'POST', headers: { 'cf-connecting-ip': '198.51.100.77' } }, env)
  const answers = await Promise.all(Array.from({ length: 31 }, post))
  expect(answers.filter((r) => r.status === 429)).toHaveLength(1)
})
