import { describe, expect, it } from 'vitest'
import app from '../../workers/drop/index'
import { env } from 'cloudflare:workers'

describe('platform app', () => {
  it('answers /healthz', async () => {
    const res = await app.request('/healthz', {}, env)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
  })
})
