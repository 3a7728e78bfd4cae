import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { maxPageBytes, PAGE_LIMITS } from '../../workers/drop/domain/render/page-limits'
import { app, freshIp, publishJson, published } from './helpers'

// Issue 35 §1: the rendered page has a maximum size (a fixed bound and a ratio to the input),
// refused with 422 before anything is stored; footnotes cost linear time.
type ErrorBody = { error: string; code: string; max_bytes?: number }
const bytes = (text: string) => new TextEncoder().encode(text).byteLength
const rows = async () => (await env.DB.prepare('SELECT COUNT(*) AS n FROM drops').first<{ n: number }>())!.n
const pageBytes = async (slug: string) => (await (await app.request(`/v/${slug}`, {}, env)).arrayBuffer()).byteLength

describe('the rendered page has a maximum size', () => {
  it('the bound is 256 KiB plus 10 times the Markdown, at most 12 MiB', () => {
    expect(maxPageBytes(1000)).toBe(256 * 1024 + 10_000)
    expect(maxPageBytes(5 * 1024 * 1024)).toBe(PAGE_LIMITS.maxPageBytes)
  })

  it.each([
    ['200 KB of [^a] references', 200_000],
    ['512 KiB of [^a] references (was a 500)', 512 * 1024 - 16],
  ])('%s: 422 RENDERED_TOO_LARGE, nothing stored', async (_name, size) => {
    const markdown = `[^a]: note\n\n${'[^a]'.repeat(Math.floor((size - 12) / 4))}`
    const before = await rows()
    const res = await publishJson({ markdown })
    expect(res.status).toBe(422)
    const body = (await res.json()) as ErrorBody
    expect(body.code).toBe('RENDERED_TOO_LARGE')
    expect(body.error).toMatch(/rendered page would be [\d,]+ KiB.*256 KiB plus 10 times its Markdown/)
    expect(body.max_bytes).toBe(maxPageBytes(bytes(markdown)))
    expect(await rows()).toBe(before)
  })

  it('a small document that expands past the floor is refused too (the ratio, not only the fixed bound)', async () => {
    const markdown = `[^a]: n\n\n${'[^a]'.repeat(12_000)}` // 48 KB in, about 1.6 MB out
    const res = await publishJson({ markdown })
    expect(res.status).toBe(422)
    expect(((await res.json()) as ErrorBody).code).toBe('RENDERED_TOO_LARGE')
  })

  it('7,000 footnotes with a few words each publish, within the bound; the bare 458 KB shape is refused', async () => {
    const markdown = Array.from({ length: 7_000 }, (_, k) => `See x[^${k}].\n\n[^${k}]: Note ${k}, with a few words of its own.\n\n`).join(
      ''
    )
    const { slug } = await published(await publishJson({ markdown }))
    expect(await pageBytes(slug)).toBeLessThanOrEqual(maxPageBytes(bytes(markdown)))
    const html = await (await app.request(`/v/${slug}`, {}, env)).text()
    expect(html).toContain('<li id="fn7000" class="footnote-item">')
    expect(html).toContain('href="#fnref7000"')
    // x[^k] / [^k]: y, the shape: 10.7 times its Markdown once rendered.
    const bare = Array.from({ length: 20_000 }, (_, k) => `x[^${k}]\n\n[^${k}]: y\n\n`).join('')
    const refused = await publishJson({ markdown: bare })
    expect(refused.status).toBe(422)
    expect(((await refused.json()) as ErrorBody).code).toBe('RENDERED_TOO_LARGE')
  })

  it('an edit that would expand past the bound is refused and leaves the drop as it was', async () => {
    const drop = (await published(await publishJson({ markdown: '# Kept\n\nthe first version' }))) as unknown as {
      slug: string
      edit_token: string
    }
    const res = await app.request(
      `/api/drop/${drop.slug}`,
      {
        method: 'PUT',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${drop.edit_token}`, 'cf-connecting-ip': freshIp() },
        body: JSON.stringify({ markdown: `[^a]: n\n\n${'[^a]'.repeat(50_000)}` }),
      },
      env
    )
    expect(res.status).toBe(422)
    expect(((await res.json()) as ErrorBody).code).toBe('RENDERED_TOO_LARGE')
    expect(await (await app.request(`/v/${drop.slug}`, {}, env)).text()).toContain('the first version')
  })
})

describe('footnotes render as before, each note with one back-link per reference', () => {
  it('numbered, labelled, inline and repeated references', async () => {
    const markdown = 'a[^1] b[^x] c^[inline *note*] d[^1]\n\n[^1]: one\n\n[^x]: > quoted\n\n[^unused]: never\n'
    const { slug } = await published(await publishJson({ markdown }))
    const html = await (await app.request(`/v/${slug}`, {}, env)).text()
    const notes = html.slice(html.indexOf('<section class="footnotes">'))
    expect(notes.match(/<li id="fn\d" class="footnote-item">/g)).toEqual([
      '<li id="fn1" class="footnote-item">',
      '<li id="fn2" class="footnote-item">',
      '<li id="fn3" class="footnote-item">',
    ])
    expect(notes).toContain('one <a href="#fnref1" class="footnote-backref"')
    expect(notes).toContain('href="#fnref1:1"')
    expect(notes).toMatch(/inline <em>note<\/em> <a href="#fnref3" class="footnote-backref"/)
    expect(notes).toContain('quoted')
    expect(notes).not.toContain('never')
  })
})
