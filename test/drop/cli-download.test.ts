import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import pkg from '../../packages/drop-cli/package.json'
import { app } from './helpers'

// Issue 35 §3: the CLI comes from the service itself, never from a registry name we do not own.
describe('GET /cli', () => {
  it('serves the single-file CLI with its version, as an attachment, this service as its default', async () => {
    const res = await app.request('/cli', {}, env)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="drop.mjs"')
    expect(res.headers.get('x-drop-cli-version')).toBe(pkg.version)
    expect(res.headers.get('x-drop-cli-install')).toBe(`curl -fsSL -o drop.mjs ${env.BASE_URL}/cli && node drop.mjs notes.md`)
    const script = await res.text()
    expect(script.startsWith('#!/usr/bin/env node\n')).toBe(true)
    expect(script).toContain(`const SERVED = { version: "${pkg.version}", api: "${env.BASE_URL}" }`)
    expect(script).not.toContain("const SERVED = { version: '', api: '' }")
  })

  it('the paste page tells people to download it with curl -o, and never to run an npm name', async () => {
    const html = await (await app.request('/', {}, env)).text()
    expect(html).toContain(`<a href="/cli">drop.mjs</a>`)
    expect(html).toContain(`<code>curl -fsSL -o drop.mjs ${env.BASE_URL}/cli &amp;&amp; node drop.mjs notes.md</code>`)
    expect(html).not.toMatch(/npx|drop-md/)
  })

  it('is in the OpenAPI document', async () => {
    const doc = (await (await app.request('/openapi.json', {}, env)).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toContain('/cli')
  })
})
