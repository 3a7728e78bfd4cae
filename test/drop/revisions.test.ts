import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { issueTestKey } from '../helpers/keys'
import { MAX_REVISIONS } from '../../workers/drop/revisions'
import { app, freshIp, publishJson, published } from './helpers'

// Issue 35 §3: every edit keeps the version it replaces; the owner lists them, a page shows one.
type Owned = { slug: string; edit_token: string }
type Listed = { slug: string; revisions: { n: number; title: string; replaced_at: string; bytes: number; url: string }[] }

const send = (path: string, init: RequestInit & { token?: string } = {}) => {
  const headers = new Headers(init.headers)
  if (init.token) headers.set('authorization', `Bearer ${init.token}`)
  headers.set('cf-connecting-ip', freshIp())
  return app.request(path, { ...init, headers }, env)
}
const edit = (slug: string, token: string, markdown: string) =>
  send(`/api/drop/${slug}`, { method: 'PUT', token, headers: { 'content-type': 'application/json' }, body: JSON.stringify({ markdown }) })
const list = (slug: string, token?: string) => send(`/api/drop/${slug}/revisions`, { token })
const owned = async (body: Record<string, unknown>, headers: Record<string, string> = {}) =>
  (await published(await publishJson(body, headers))) as unknown as Owned

describe('revisions', () => {
  it('each edit keeps the version it replaced; the owner lists them newest first; a page shows one', async () => {
    const drop = await owned({ markdown: '# First\n\nversion *one*' })
    expect((await edit(drop.slug, drop.edit_token, '# Second\n\nversion two')).status).toBe(200)
    expect((await edit(drop.slug, drop.edit_token, '# Third\n\nversion three')).status).toBe(200)
    const res = await list(drop.slug, drop.edit_token)
    expect(res.status).toBe(200)
    const body = (await res.json()) as Listed
    expect(body.revisions.map((r) => [r.n, r.title])).toEqual([
      [2, 'Second'],
      [1, 'First'],
    ])
    expect(body.revisions[1].url).toBe(`${env.BASE_URL}/v/${drop.slug}/revisions/1`)
    const page = await app.request(`/v/${drop.slug}/revisions/1`, {}, env)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain('version <em>one</em>')
    expect(html).toContain('Version 1 of this drop')
    expect(html).not.toContain('version three')
    expect(await (await app.request(`/v/${drop.slug}`, {}, env)).text()).toContain('version three')
    for (const n of ['3', '0', '01', 'x', '9999999'])
      expect((await app.request(`/v/${drop.slug}/revisions/${n}`, {}, env)).status).toBe(404)
  })

  it('the list is refused to anyone but the owner: no credential, another drop’s token, another Pro account', async () => {
    const proA = (await issueTestKey(env.DB, 'drop', 'pro')).rawKey
    const proB = (await issueTestKey(env.DB, 'drop', 'pro')).rawKey
    const drop = await owned({ markdown: 'mine' }, { authorization: `Bearer ${proA}` })
    const other = await owned({ markdown: 'theirs' })
    expect((await edit(drop.slug, proA, 'mine, edited')).status).toBe(200)
    expect((await list(drop.slug)).status).toBe(401)
    expect((await list(drop.slug, other.edit_token)).status).toBe(403)
    expect((await list(drop.slug, proB)).status).toBe(403)
    const byKey = (await (await list(drop.slug, proA)).json()) as Listed
    expect(byKey.revisions).toHaveLength(1)
    expect((await list('Nope1234', other.edit_token)).status).toBe(404)
  })

  it(`keeps at most ${MAX_REVISIONS}, the oldest going first`, async () => {
    const drop = await owned({ markdown: 'v0' })
    for (let i = 1; i <= MAX_REVISIONS + 2; i++) expect((await edit(drop.slug, drop.edit_token, `v${i}`)).status).toBe(200)
    const body = (await (await list(drop.slug, drop.edit_token)).json()) as Listed
    expect(body.revisions).toHaveLength(MAX_REVISIONS)
    expect(body.revisions[0].n).toBe(MAX_REVISIONS + 2)
    expect(body.revisions.at(-1)!.n).toBe(3)
    expect((await app.request(`/v/${drop.slug}/revisions/2`, {}, env)).status).toBe(404)
    expect(await (await app.request(`/v/${drop.slug}/revisions/3`, {}, env)).text()).toContain('v2')
  })

  it('a burn-after-reading drop keeps none, and its revision pages are 404', async () => {
    const drop = await owned({ markdown: 'secret one', burn_after_reading: true })
    expect((await edit(drop.slug, drop.edit_token, 'secret two')).status).toBe(200)
    expect(((await (await list(drop.slug, drop.edit_token)).json()) as Listed).revisions).toEqual([])
    expect((await app.request(`/v/${drop.slug}/revisions/1`, {}, env)).status).toBe(404)
  })

  it('deleting the drop deletes its versions', async () => {
    const drop = await owned({ markdown: 'to go' })
    await edit(drop.slug, drop.edit_token, 'to go, edited')
    expect((await app.request(`/v/${drop.slug}/revisions/1`, {}, env)).status).toBe(200)
    expect((await send(`/api/drop/${drop.slug}`, { method: 'DELETE', token: drop.edit_token })).status).toBe(200)
    expect((await app.request(`/v/${drop.slug}/revisions/1`, {}, env)).status).toBe(404)
    expect(await env.DROPS.get(`rev:${drop.slug}:1`)).toBeNull()
  })
})
