import { describe, expect, it } from 'vitest'
import { app, newKey, usage } from './helpers'

describe('per-key limit under a parallel burst', () => {
  it('lets exactly 60 of 100 parallel requests with one key through, the rest 429', { timeout: 60_000 }, async () => {
    const { rawKey } = await newKey('enterprise')
    const statuses = (await Promise.all(Array.from({ length: 100 }, () => usage(app, rawKey)))).map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(60)
    expect(statuses.filter((s) => s === 429)).toHaveLength(40)
  })
})
