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

  it('documents ssl.grade "unknown" (no certificate read) in the OpenAPI document, next to the letters', async () => {
    type Schema = { enum?: string[]; description?: string; properties?: Record<string, Schema> }
    const doc = (await (await app.request('/openapi.json', {}, env)).json()) as { components: { schemas: Record<string, Schema> } }
    const grade = doc.components.schemas.Certificate.properties!.grade
    expect(grade.enum).toEqual(['A', 'B', 'C', 'F', 'T', 'unknown'])
    expect(grade.description).toContain('"unknown" when no certificate could be read at all (never a guessed A)')
  })
})
