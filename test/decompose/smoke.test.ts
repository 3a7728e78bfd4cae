import { env } from 'cloudflare:workers'
import { expect, it } from 'vitest'
import app from '../../workers/decompose/index'

it('answers /healthz', async () => {
  const res = await app.request('/healthz', {}, env)
  expect(res.status).toBe(200)
})
