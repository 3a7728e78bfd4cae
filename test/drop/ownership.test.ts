import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { issueTestKey } from '../helpers/keys'
import { app, freshIp, publishJson, published } from './helpers'
import { kvKeysOf } from '../../workers/drop/kv-keys'

type Published = { url: string; slug: string; expires_at: string | null; edit_token: string; burn_after_reading: boolean }
type ErrorBody = { error: string; code: string }

const send = (path: string, init: RequestInit & { token?: string } = {}) => {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', freshIp())
  return app.request(path, { ...init, headers }, env)
}
const put = (slug: string, body: unknown, token?: string) =>
  send(`/api/drop/${slug}`, { method: 'PUT', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const del = (slug: string, token?: string) => send(`/api/drop/${slug}`, { method: 'DELETE', token })
const page = async (slug: string, suffix = '') => {
  const res = await app.request(`/v/${slug}${suffix}`, {}, env)
  return { status: res.status, text: await res.text() }
}
const publishOwned = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  (await published(await publishJson(body, headers))) as unknown as Published

describe('edit tokens', () => {
  it('every publish returns an edit token, stored only as its SHA-256', async () => {
    const drop = await publishOwned({ markdown: '# Mine\n\ntext' })
    expect(drop.edit_token).toMatch(/^drop_edit_[0-9A-Za-z]{32}$/)
    const row = await env.DB.prepare('SELECT * FROM drops WHERE slug = ?').bind(drop.slug).first<Record<string, string>>()
    expect(row?.edit_token_hash).toMatch(/^[0-9a-f]{64}$/)
    expect(JSON.stringify(row)).not.toContain(drop.edit_token)
    expect(await env.DROPS.get(`drop:${drop.slug}`)).not.toContain(drop.edit_token)
  })

  it('PUT with the edit token replaces Markdown and title under the same slug', async () => {
    const drop = await publishOwned({ markdown: 'first version' })
    const res = await put(drop.slug, { markdown: 'second *version*', title: 'Renamed' }, drop.edit_token)
    expect(res.status).toBe(200)
    expect(await res.json()).toMatchObject({ slug: drop.slug, url: drop.url, expires_at: drop.expires_at, updated: true })
    const view = await page(drop.slug)
    expect(view.text).toContain('<em>version</em>')
    expect(view.text).toContain('<title>Renamed</title>')
    expect(view.text).not.toContain('first version')
    expect((await page(drop.slug, '/raw')).text).toBe('# Renamed\n\nsecond *version*')
  })

  it('refuses edits and deletes without the right token', async () => {
    const drop = await publishOwned({ markdown: 'guarded' })
    const other = await publishOwned({ markdown: 'someone else' })
    expect((await put(drop.slug, { markdown: 'x' })).status).toBe(401)
    for (const token of [other.edit_token, 'drop_edit_' + 'A'.repeat(32), 'garbage']) {
      const res = await put(drop.slug, { markdown: 'hijack' }, token)
      expect([401, 403]).toContain(res.status)
      expect(((await res.json()) as ErrorBody).code).toMatch(/FORBIDDEN|UNAUTHORIZED/)
      expect((await del(drop.slug, token)).status).toBeGreaterThanOrEqual(401)
    }
    expect((await page(drop.slug)).text).toContain('guarded')
  })

  it('DELETE removes the page and the raw Markdown (404 afterwards), once', async () => {
    const drop = await publishOwned({ markdown: 'a secret pasted by mistake' })
    const res = await del(drop.slug, drop.edit_token)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ slug: drop.slug, deleted: true })
    expect((await page(drop.slug)).status).toBe(404)
    const raw = await page(drop.slug, '/raw')
    expect(raw.status).toBe(404)
    expect(raw.text).not.toContain('secret')
    expect(await env.DROPS.get(`drop:${drop.slug}`)).toBeNull()
    expect((await del(drop.slug, drop.edit_token)).status).toBe(404)
    expect((await put(drop.slug, { markdown: 'back' }, drop.edit_token)).status).toBe(404)
  })

  it('a PUT is held to the size limit of the drop and re-checked like a publish', async () => {
    const drop = await publishOwned({ markdown: 'small' })
    expect((await put(drop.slug, { markdown: 'a'.repeat(512 * 1024 + 1) }, drop.edit_token)).status).toBe(413)
    expect((await put(drop.slug, { markdown: '' }, drop.edit_token)).status).toBe(400)
    expect((await put(drop.slug, { markdown: '>'.repeat(3000) }, drop.edit_token)).status).toBe(422)
    expect((await page(drop.slug)).text).toContain('small')
  })
})

describe('Pro ownership', () => {
  it('the publishing Pro key can edit, delete and list its drops; another Pro key cannot', async () => {
    const mine = await issueTestKey(env.DB, 'drop', 'pro')
    const theirs = await issueTestKey(env.DB, 'drop', 'pro')
    const auth = (k: string) => ({ authorization: `Bearer ${k}` })
    const a = await publishOwned({ markdown: '# A\n\nmine' }, auth(mine.rawKey))
    const b = await publishOwned({ markdown: '# B\n\nmine too' }, auth(mine.rawKey))
    const c = await publishOwned({ markdown: '# C\n\ntheirs' }, auth(theirs.rawKey))
    await publishOwned({ markdown: 'anonymous' })

    const list = await send('/api/drops', { token: mine.rawKey })
    expect(list.status).toBe(200)
    const { drops } = (await list.json()) as { drops: { slug: string; title: string; url: string }[] }
    expect(drops.map((d) => d.slug).sort()).toEqual([a.slug, b.slug].sort())
    expect(drops.find((d) => d.slug === a.slug)).toMatchObject({ title: 'A', url: a.url })

    expect((await put(a.slug, { markdown: '# A2' }, mine.rawKey)).status).toBe(200)
    expect((await put(c.slug, { markdown: 'stolen' }, mine.rawKey)).status).toBe(403)
    expect((await del(c.slug, mine.rawKey)).status).toBe(403)
    expect((await del(b.slug, mine.rawKey)).status).toBe(200)
    const after = (await (await send('/api/drops', { token: mine.rawKey })).json()) as { drops: { slug: string }[] }
    expect(after.drops.map((d) => d.slug)).toEqual([a.slug])
  })

  it('listing needs a Pro key', async () => {
    expect((await send('/api/drops')).status).toBe(401)
    expect((await send('/api/drops', { token: 'drop_pro_' + 'B'.repeat(32) })).status).toBe(401)
  })
})

describe('a new link works before KV has it everywhere', () => {
  it('a KV miss is confirmed against D1: the drop is served, not a 404', async () => {
    const drop = await publishOwned({ markdown: '# Fresh\n\nshared a second ago' })
    // What another location sees while KV has not caught up: no key at all.
    await env.DROPS.delete(`drop:${drop.slug}`)
    const view = await page(drop.slug)
    expect(view.status).toBe(200)
    expect(view.text).toContain('shared a second ago')
    expect((await page(drop.slug, '/raw')).text).toBe('# Fresh\n\nshared a second ago')
  })

  it('an unknown slug is still a 404 after the D1 check', async () => {
    expect((await page('Nope1234')).status).toBe(404)
  })
})

describe('the free quota', () => {
  it('refused requests do not use it, and the 429 says per hour', async () => {
    const ip = '203.0.113.191'
    // A slot is held while a request is read and rendered, so the refused ones go in groups of
    // at most ten at a time (the limit); each gives its slot back.
    const bad = [
      ...(await Promise.all([
        ...Array.from({ length: 5 }, () => publishJson({ markdown: '' }, { 'cf-connecting-ip': ip })),
        ...Array.from({ length: 3 }, () => publishJson({ markdown: 'a'.repeat(512 * 1024 + 1) }, { 'cf-connecting-ip': ip })),
      ])),
      ...(await Promise.all([
        ...Array.from({ length: 3 }, () => publishJson({ markdown: '>'.repeat(5000) }, { 'cf-connecting-ip': ip })),
        ...Array.from({ length: 2 }, () => publishJson({ markdown: 'x', expires_in: 'never' }, { 'cf-connecting-ip': ip })),
      ])),
    ]
    expect(bad.map((r) => r.status).sort()).toEqual([400, 400, 400, 400, 400, 403, 403, 413, 413, 413, 422, 422, 422])
    const good = await Promise.all(Array.from({ length: 12 }, (_, i) => publishJson({ markdown: `ok ${i}` }, { 'cf-connecting-ip': ip })))
    expect(good.filter((r) => r.status === 201)).toHaveLength(10)
    const limited = good.find((r) => r.status === 429)!
    const body = (await limited.json()) as ErrorBody
    expect(body.code).toBe('RATE_LIMITED')
    expect(body.error).toMatch(/10 publishes per hour/)
  })
})

describe('expiry choices and burn after reading', () => {
  it('expires_in 1h and 1d set expires_at; never needs Pro', async () => {
    const now = Date.now()
    const hour = await publishOwned({ markdown: 'x', expires_in: '1h' })
    expect(Date.parse(hour.expires_at!) - now).toBeGreaterThan(3590_000)
    expect(Date.parse(hour.expires_at!) - now).toBeLessThanOrEqual(3601_000)
    const day = await publishOwned({ markdown: 'x', expires_in: '1d' })
    expect(Math.round((Date.parse(day.expires_at!) - now) / 3600_000)).toBe(24)
    const refused = await publishJson({ markdown: 'x', expires_in: 'never' })
    expect(refused.status).toBe(403)
    expect(((await refused.json()) as ErrorBody).code).toBe('PRO_REQUIRED')
    expect((await publishJson({ markdown: 'x', expires_in: '2y' })).status).toBe(400)
    const { rawKey } = await issueTestKey(env.DB, 'drop', 'pro')
    const pro = await publishOwned({ markdown: 'x', expires_in: '1d' }, { authorization: `Bearer ${rawKey}` })
    expect(pro.expires_at).not.toBeNull()
  })

  it('a burn-after-reading drop shows a confirmation first, then the drop once, then 404', async () => {
    const drop = await publishOwned({ markdown: '# Once\n\nthe password is hunter2', burn_after_reading: true })
    expect(drop.burn_after_reading).toBe(true)
    // A link preview (or two) only sees the confirmation page.
    for (let i = 0; i < 2; i++) {
      const preview = await page(drop.slug)
      expect(preview.status).toBe(200)
      expect(preview.text).not.toContain('hunter2')
      expect(preview.text).toContain(`<form method="post" action="/v/${drop.slug}">`)
    }
    expect((await page(drop.slug, '/raw')).text).not.toContain('hunter2')
    const [first, second] = await Promise.all([
      app.request(`/v/${drop.slug}`, { method: 'POST' }, env),
      app.request(`/v/${drop.slug}`, { method: 'POST' }, env),
    ])
    const bodies = [await first.text(), await second.text()]
    expect([first.status, second.status].sort()).toEqual([200, 404])
    expect(bodies.filter((b) => b.includes('hunter2'))).toHaveLength(1)
    expect((await page(drop.slug)).status).toBe(404)
  })
})

describe('operator takedown', () => {
  it.each([
    [451, 'Unavailable for legal reasons'],
    [410, 'This drop was removed'],
  ] as const)('a drop the operator removed answers %i with the reason, page and raw alike', async (status, heading) => {
    const drop = await publishOwned({ markdown: 'infringing text' })
    // What `npm run admin -- drops delete` writes (test/node/drop-takedown.test.ts runs the CLI itself).
    await env.DB.prepare('UPDATE drops SET deleted_at = ?, record = NULL, removed_status = ?, removed_reason = ? WHERE slug = ?')
      .bind(new Date().toISOString(), status, 'Notice <b>#42</b>', drop.slug)
      .run()
    for (const key of kvKeysOf(drop.slug)) await env.DROPS.delete(key)
    for (const suffix of ['', '/raw']) {
      const view = await page(drop.slug, suffix)
      expect(view.status).toBe(status)
      expect(view.text).toContain(heading)
      expect(view.text).toContain('Reason: Notice &lt;b&gt;#42&lt;/b&gt;')
      expect(view.text).not.toContain('infringing')
    }
    expect((await del(drop.slug, drop.edit_token)).status).toBe(404)
  })
})
