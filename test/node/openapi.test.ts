import { Validator } from '@seriousme/openapi-schema-validator'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { SERVICES } from '../../scripts/lib/services.mjs'
import { fetchLocal, startLocalWorker } from './local-worker'

// Every worker, as `npm start` runs it, on ports of its own.
const workers: Record<string, { url: string; stop: () => void }> = {}
const names: string[] = SERVICES.map((s: { name: string }) => s.name)

beforeAll(async () => {
  await Promise.all(names.map(async (name, i) => (workers[name] = await startLocalWorker(name, 18800 + i * 2))))
}, 180_000)
afterAll(() => {
  for (const w of Object.values(workers)) w.stop()
})

describe.each(names)('%s as served by wrangler dev', (name) => {
  it('answers /healthz', async () => {
    const res = await fetchLocal(`${workers[name].url}/healthz`)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
  })

  it('serves a valid OpenAPI 3.1 document', async () => {
    const doc = (await (await fetchLocal(`${workers[name].url}/openapi.json`)).json()) as { openapi: string; paths: object }
    expect(doc.openapi).toBe('3.1.0')
    const result = await new Validator().validate(doc)
    expect(result.errors ?? []).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('serves the docs page with a strict CSP', async () => {
    const res = await fetchLocal(`${workers[name].url}/docs`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(await res.text()).toContain('/openapi.json')
  })

  it('answers an unknown route with a JSON 404', async () => {
    const res = await fetchLocal(`${workers[name].url}/no/such/route`)
    expect(res.status).toBe(404)
    expect(((await res.json()) as { code: string }).code).toBe('NOT_FOUND')
  })
})
