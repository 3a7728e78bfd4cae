import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { quotaRule } from '../../workers/sds/domain/quota/plans'
import { makeApp, newKey, post, usage } from './helpers'

type Usage = {
  subscription_tier: string
  subscription_status: string
  quota_monthly: number | null
  quota_resets_at: string | null
  units_used: number
  units_remaining: number | null
}
type Err = { code: string; error: string }

const app = makeApp()
const ok = (id = 'ethanol') => ({ chemical_identifier: id, response_format: 'base64' })

async function snapshot(key: string): Promise<Usage> {
  const res = await usage(app, key)
  expect(res.status).toBe(200)
  return res.json()
}

describe('trial: 5 documents within 30 days of key creation', () => {
  it('counts units, then answers 402 QUOTA_EXCEEDED', async () => {
    const created = new Date()
    const { rawKey } = await newKey('trial', { createdAt: created })
    const fresh = await snapshot(rawKey)
    expect(fresh).toEqual({
      subscription_tier: 'trial',
      subscription_status: 'active',
      quota_monthly: 5,
      quota_resets_at: new Date(created.getTime() + 30 * 86_400_000).toISOString(),
      units_used: 0,
      units_remaining: 5,
      units_reserved: 0,
    })
    for (let i = 1; i <= 5; i++) {
      const res = await post(app, 'us', rawKey, ok())
      expect(res.status).toBe(200)
      expect(await res.json()).toMatchObject({ units_used: i, units_remaining: 5 - i })
    }
    const sixth = await post(app, 'us', rawKey, ok())
    expect(sixth.status).toBe(402)
    expect(((await sixth.json()) as Err).code).toBe('QUOTA_EXCEEDED')
    expect(await snapshot(rawKey)).toMatchObject({ units_used: 5, units_remaining: 0 })
  })

  it('after 30 days the key gets 402 SUBSCRIPTION_INACTIVE', async () => {
    const { rawKey } = await newKey('trial', { createdAt: new Date(Date.now() - 31 * 86_400_000) })
    const res = await post(app, 'us', rawKey, ok())
    expect(res.status).toBe(402)
    const body = (await res.json()) as Err
    expect(body.code).toBe('SUBSCRIPTION_INACTIVE')
    expect(body.error).toMatch(/trial ended/)
    expect(await snapshot(rawKey)).toMatchObject({ subscription_status: 'inactive', units_remaining: 0 })
  })
})

describe('atomic consumption under parallel requests', () => {
  it('never spends the last trial unit twice', async () => {
    const { rawKey, id } = await newKey('trial')
    const results = await Promise.all(Array.from({ length: 9 }, () => post(app, 'us', rawKey, ok())))
    const statuses = results.map((r) => r.status).sort()
    expect(statuses.filter((s) => s === 200)).toHaveLength(5)
    expect(statuses.filter((s) => s === 402)).toHaveLength(4)
    const row = await env.DB.prepare("SELECT used FROM sds_usage WHERE key_id = ? AND period = 'trial'").bind(id).first<{ used: number }>()
    expect(row?.used).toBe(5)
    const used = await Promise.all(results.filter((r) => r.status === 200).map(async (r) => ((await r.json()) as Usage).units_used))
    expect(used.sort()).toEqual([1, 2, 3, 4, 5])
  })

  it('never spends a standard credit twice', async () => {
    const { rawKey, id } = await newKey('standard', { credits: 2 })
    const results = await Promise.all(Array.from({ length: 6 }, () => post(app, 'eu', rawKey, ok('acetone'))))
    expect(results.filter((r) => r.status === 200)).toHaveLength(2)
    const credits = await env.DB.prepare('SELECT credits FROM api_keys WHERE id = ?').bind(id).first<{ credits: number }>()
    expect(credits?.credits).toBe(0)
    expect(await snapshot(rawKey)).toMatchObject({
      subscription_tier: 'standard',
      quota_monthly: null,
      quota_resets_at: null,
      units_used: 2,
      units_remaining: 0,
    })
  })
})

describe('failures do not consume', () => {
  it('identifier errors use no unit', async () => {
    const { rawKey } = await newKey('trial')
    expect((await post(app, 'us', rawKey, ok('67-64-2'))).status).toBe(422)
    expect((await post(app, 'us', rawKey, ok('no such chemical at all'))).status).toBe(422)
    expect(await snapshot(rawKey)).toMatchObject({ units_used: 0, units_remaining: 5 })
  })

  it('a generation that fails after taking its unit gives it back', async () => {
    const { rawKey } = await newKey('standard', { credits: 1 })
    // URL delivery needs the signing secret; without it the request fails after the unit was taken.
    const res = await post(app, 'us', rawKey, { chemical_identifier: 'acetone' }, { DOC_SIGNING_SECRET: undefined })
    expect(res.status).toBe(500)
    expect(((await res.json()) as Err).code).toBe('INTERNAL_ERROR')
    expect(await snapshot(rawKey)).toMatchObject({ units_used: 0, units_remaining: 1 })
    expect((await post(app, 'us', rawKey, ok())).status).toBe(200)
  })
})

describe('other plans', () => {
  it('a cancelled subscription is 402 SUBSCRIPTION_INACTIVE', async () => {
    const { rawKey } = await newKey('pro', { status: 'cancelled' })
    const res = await post(app, 'us', rawKey, ok())
    expect(res.status).toBe(402)
    expect(((await res.json()) as Err).code).toBe('SUBSCRIPTION_INACTIVE')
  })

  it('pro: 50 per calendar month UTC, resetting at the first instant of next month', async () => {
    const { rawKey, id } = await newKey('pro')
    const now = new Date()
    const period = now.toISOString().slice(0, 7)
    await env.DB.prepare('INSERT INTO sds_usage (key_id, period, used, updated_at) VALUES (?, ?, 49, ?)')
      .bind(id, period, now.toISOString())
      .run()
    expect((await post(app, 'us', rawKey, ok())).status).toBe(200)
    const res = await post(app, 'us', rawKey, ok())
    expect(res.status).toBe(402)
    expect(((await res.json()) as Err).code).toBe('QUOTA_EXCEEDED')
    const next = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)).toISOString()
    expect(await snapshot(rawKey)).toMatchObject({
      subscription_tier: 'pro',
      quota_monthly: 50,
      quota_resets_at: next,
      units_used: 50,
      units_remaining: 0,
    })
  })

  it('enterprise: unlimited, quota_monthly and units_remaining null', async () => {
    const { rawKey } = await newKey('enterprise')
    const res = await post(app, 'us', rawKey, ok())
    expect(await res.json()).toMatchObject({ units_used: 1, units_remaining: null })
    expect(await snapshot(rawKey)).toMatchObject({
      subscription_tier: 'enterprise',
      quota_monthly: null,
      units_used: 1,
      units_remaining: null,
    })
  })

  it('quota periods follow the UTC calendar (pure rule)', () => {
    const key = { plan: 'pro', created_at: '2026-01-01T00:00:00Z', credits: null, subscription_status: 'active' }
    const rule = quotaRule(key, new Date('2026-12-31T23:59:59Z'))
    expect(rule).toMatchObject({ active: true, period: '2026-12', resetsAt: '2027-01-01T00:00:00.000Z' })
    expect(quotaRule({ ...key, plan: 'gold' }, new Date())).toMatchObject({ active: false })
  })
})
