import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { PATHOLOGICAL, typicalMarkdown } from '../../bench/scenarios/drop-pathological.mjs'
import { maxPageBytes } from '../../workers/drop/domain/render/page-limits'
import { FREE_MAX_BYTES } from '../../workers/drop/schemas'
import { app, publishJson } from './helpers'

type ErrorBody = { error: string; code: string }

// Issue 13: every shape at the largest size a free publish accepts gets its documented
// status (never a 500). How long each takes is measured by `npm run bench -- worst-case`.
describe('pathological Markdown at the 512 KiB limit', () => {
  it('the shapes are really at the limit', () => {
    for (const p of PATHOLOGICAL) {
      const bytes = new TextEncoder().encode(p.make(FREE_MAX_BYTES)).byteLength
      expect({ name: p.name, ok: bytes <= FREE_MAX_BYTES && bytes > FREE_MAX_BYTES - 4096 }).toEqual({ name: p.name, ok: true })
    }
    expect(typicalMarkdown(FREE_MAX_BYTES).length).toBeGreaterThan(FREE_MAX_BYTES - 4096)
  })

  it.each(PATHOLOGICAL.map((p) => [p.name, p] as const))(
    '%s',
    async (_name, p) => {
      const markdown = p.make(FREE_MAX_BYTES)
      const res = await publishJson({ markdown })
      expect(res.status).toBe(p.status)
      if (p.status === 422) {
        const body = (await res.json()) as ErrorBody
        expect(body.code).toMatch(/^(NESTING_TOO_DEEP|RENDERED_TOO_LARGE)$/)
        expect(body.error).toMatch(/levels deep|rendered page would be/)
      } else {
        const { slug } = (await res.json()) as { slug: string }
        const page = await app.request(`/v/${slug}`, {}, env)
        expect(page.status).toBe(200)
        const bytes = new Uint8Array(await page.arrayBuffer())
        expect(new TextDecoder().decode(bytes.slice(-200))).toContain('</footer>')
        // The page stays within its bound: 256 KiB plus 10 times the Markdown.
        expect(bytes.byteLength).toBeLessThanOrEqual(maxPageBytes(new TextEncoder().encode(markdown).byteLength))
      }
    },
    60_000
  )

  it('a document nested to just under the limit is published whole', async () => {
    const md = '> '.repeat(20) + 'deep text\n\n' + Array.from({ length: 12 }, (_, i) => ' '.repeat(2 * i) + `- level ${i}`).join('\n')
    const res = await publishJson({ markdown: md })
    expect(res.status).toBe(201)
    const { slug } = (await res.json()) as { slug: string }
    const html = await (await app.request(`/v/${slug}`, {}, env)).text()
    expect(html).toContain('deep text')
    expect(html).toContain('level 11')
  })
})

describe('control characters in paths', () => {
  it.each(['/v/abc%0D%0AX/upgrade', '/v/abc%0AEvil:%20x/upgrade', '/v/%0D%0A', '/v/a%00b/raw', '/dev/checkout/a%0D%0Ab'])(
    'GET %s is a 404, not a 500',
    async (path) => {
      const res = await app.request(path, {}, env)
      expect(res.status).toBe(404)
    }
  )

  it('POST to a checkout path with CR/LF is a 404, not a 500', async () => {
    for (const path of ['/v/abc%0D%0AX/upgrade', '/dev/checkout/a%0D%0Ab']) {
      const res = await app.request(path, { method: 'POST', body: new URLSearchParams({ source: 'x' }) }, env)
      expect(res.status).toBe(404)
    }
  })
})
