import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { DIFF_LIMITS } from '../../workers/drop/domain/diff/limits'
import { app, appAt, freshIp, publishJson, published } from './helpers'

// Issue 35 §3: the page links to its history once an edit kept a version; the history and the
// diff (server-rendered, escaped, no script) are visible exactly to whoever can see the drop.
type Owned = { slug: string; edit_token: string }

const owned = async (body: Record<string, unknown>, target = app) =>
  (await published(await publishJson(body, {}, target))) as unknown as Owned
const edit = (slug: string, token: string, markdown: string, target = app) =>
  target.request(
    `/api/drop/${slug}`,
    {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'cf-connecting-ip': freshIp() },
      body: JSON.stringify({ markdown }),
    },
    env
  )
const get = (path: string, target = app) => target.request(path, {}, env)

describe('history and diff pages', () => {
  it('a drop links to its history only once edited; the history lists versions; the diff shows what changed, escaped', async () => {
    const drop = await owned({ markdown: '# Notes\n\nkeep 1\nkeep 2\nkeep 3\nold <script>alert(1)</script> line\nkeep 4\n' })
    const before = await (await get(`/v/${drop.slug}`)).text()
    expect(before).not.toContain('/history')
    expect(
      (await edit(drop.slug, drop.edit_token, '# Notes\n\nkeep 1\nkeep 2\nkeep 3\nnew <img src=x onerror=alert(2)> line\nkeep 4\n')).status
    ).toBe(200)
    expect((await edit(drop.slug, drop.edit_token, '# Notes v3\n\nthird')).status).toBe(200)

    const page = await (await get(`/v/${drop.slug}`)).text()
    expect(page).toContain(`<a href="/v/${drop.slug}/history">history</a>`)

    const history = await get(`/v/${drop.slug}/history`)
    expect(history.status).toBe(200)
    const csp = history.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("default-src 'none'")
    expect(csp).not.toContain('script-src')
    const list = await history.text()
    expect(list).not.toContain('<script')
    expect(list.indexOf(`/v/${drop.slug}/revisions/2/diff`)).toBeLessThan(list.indexOf(`/v/${drop.slug}/revisions/1/diff`))
    expect(list).toContain(`href="/v/${drop.slug}/revisions/1"`)

    const diff = await get(`/v/${drop.slug}/revisions/1/diff`)
    expect(diff.status).toBe(200)
    expect(diff.headers.get('content-security-policy')).toBe(csp)
    const html = await diff.text()
    expect(html).toContain('<del>- old &lt;script&gt;alert(1)&lt;/script&gt; line</del>')
    expect(html).toContain('<ins>+ new &lt;img src=x onerror=alert(2)&gt; line</ins>')
    expect(html).not.toContain('<script')
    expect(html).not.toContain('<img')
    expect(html).toContain('1 line removed, 1 line added.')
    // Version 1 against version 2 (not the current one), with 3 unchanged lines around.
    expect(html).toContain('keep 1')
    expect(html).not.toContain('third')
    // The last kept version against the current one.
    const last = await (await get(`/v/${drop.slug}/revisions/2/diff`)).text()
    expect(last).toContain('<ins>+ third</ins>')
    expect(last).toContain('the current version')
  })

  it('two unrelated 512 KiB versions answer a short "too different" page', async () => {
    const lines = (tag: string) => {
      let out = ''
      for (let i = 0; out.length < 512 * 1024 - 40; i++) out += `${tag} ${i}\n`
      return out
    }
    const drop = await owned({ markdown: lines('alpha') })
    expect((await edit(drop.slug, drop.edit_token, lines('beta'))).status).toBe(200)
    const res = await get(`/v/${drop.slug}/revisions/1/diff`)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('too different to show line by line')
    expect(html.length).toBeLessThan(20_000)
  })

  it(`a version rewritten whole shows at most ${DIFF_LIMITS.maxRows} lines and counts the rest`, async () => {
    const long = Array.from({ length: 12_000 }, (_, i) => `line ${i}`).join('\n')
    const drop = await owned({ markdown: long })
    expect((await edit(drop.slug, drop.edit_token, 'short')).status).toBe(200)
    const html = await (await get(`/v/${drop.slug}/revisions/1/diff`)).text()
    expect(html.match(/<tr class="removed">/g)?.length ?? 0).toBeLessThanOrEqual(DIFF_LIMITS.maxRows)
    expect(html).toMatch(/[\d,]+ more lines of this diff are not shown/)
    expect(html.length).toBeLessThan(DIFF_LIMITS.maxRows * 200)
  })

  it('a burn-after-reading drop has no history link, no history and no diff', async () => {
    const drop = await owned({ markdown: 'secret one', burn_after_reading: true })
    expect((await edit(drop.slug, drop.edit_token, 'secret two')).status).toBe(200)
    expect(await (await get(`/v/${drop.slug}`)).text()).not.toContain('/history')
    expect((await get(`/v/${drop.slug}/history`)).status).toBe(404)
    expect((await get(`/v/${drop.slug}/revisions/1/diff`)).status).toBe(404)
    // Reading it (the POST) does not show a history link either.
    const read = await app.request(`/v/${drop.slug}`, { method: 'POST' }, env)
    expect(await read.text()).not.toContain('/history')
  })

  it('history is no more visible than the drop: deleted 404, expired 410, unknown or malformed 404', async () => {
    // KV checks expirations against the real clock, so the service clock starts at real time.
    const start = Date.now()
    const clock = { now: new Date(start) }
    const at = appAt(clock)
    const gone = await owned({ markdown: 'a', expires_in: '1h' }, at)
    expect((await edit(gone.slug, gone.edit_token, 'b', at)).status).toBe(200)
    expect((await get(`/v/${gone.slug}/history`, at)).status).toBe(200)
    clock.now = new Date(start + 3_601_000)
    expect((await get(`/v/${gone.slug}/history`, at)).status).toBe(410)
    expect((await get(`/v/${gone.slug}/revisions/1/diff`, at)).status).toBe(410)

    const deleted = await owned({ markdown: 'c' })
    expect((await edit(deleted.slug, deleted.edit_token, 'd')).status).toBe(200)
    const del = await app.request(
      `/api/drop/${deleted.slug}`,
      { method: 'DELETE', headers: { authorization: `Bearer ${deleted.edit_token}`, 'cf-connecting-ip': freshIp() } },
      env
    )
    expect(del.status).toBe(200)
    expect((await get(`/v/${deleted.slug}/history`)).status).toBe(404)
    expect((await get(`/v/${deleted.slug}/revisions/1/diff`)).status).toBe(404)

    expect((await get('/v/Nope1234/history')).status).toBe(404)
    expect((await get('/v/..%2F..%2Fetc/history')).status).toBe(404)
    for (const n of ['0', '2', '01', 'x', '9999999', '1e3']) expect((await get(`/v/${deleted.slug}/revisions/${n}/diff`)).status).toBe(404)
  })

  it('an unedited drop has an empty history page, not an error', async () => {
    const drop = await owned({ markdown: 'never edited' })
    const res = await get(`/v/${drop.slug}/history`)
    expect(res.status).toBe(200)
    expect(await res.text()).toContain('No earlier version is kept.')
  })
})
