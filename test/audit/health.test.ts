import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import app from '../../workers/audit/index'

describe('audit worker', () => {
  it('answers /healthz and serves its OpenAPI document', async () => {
    const res = await app.request('/healthz', {}, env)
    expect(await res.json()).toEqual({ ok: true })
    const doc = (await (await app.request('/openapi.json', {}, env)).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/api/v1/check', '/check/{domain}', '/scoring']))
  })
})
