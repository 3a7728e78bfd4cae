import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { issueTestKey } from '../helpers/keys'
import { app, freshIp } from './helpers'

const post = (form: FormData, ip = freshIp()) => app.request('/', { method: 'POST', body: form, headers: { 'cf-connecting-ip': ip } }, env)
const fields = (values: Record<string, string>) => {
  const form = new FormData()
  for (const [k, v] of Object.entries(values)) form.append(k, v)
  // A browser always sends the file input, empty when nothing was chosen.
  if (!('file' in values)) form.append('file', new File([], ''))
  return form
}

describe('the paste page at /', () => {
  it('is a plain form posting to itself, with no script and form-action self', async () => {
    const res = await app.request('/', {}, env)
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('<form class="paste" method="post" action="/" enctype="multipart/form-data">')
    for (const name of ['markdown', 'file', 'title', 'expires_in', 'burn_after_reading']) expect(html).toContain(`name="${name}"`)
    expect(html).not.toContain('<script')
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain("form-action 'self'")
    expect(csp).not.toContain('script-src')
  })

  it('publishes a pasted text and shows the URL and the edit token', async () => {
    const res = await post(fields({ markdown: '# Pasted\n\nfrom a browser', title: '', expires_in: '1d' }))
    expect(res.status).toBe(200)
    const html = await res.text()
    const url = html.match(/href="([^"]+\/v\/[0-9A-Za-z]{8})"/)![1]
    const token = html.match(/drop_edit_[0-9A-Za-z]{32}/)![0]
    const slug = url.split('/').pop()!
    expect(await (await app.request(`/v/${slug}`, {}, env)).text()).toContain('from a browser')
    const row = await env.DB.prepare('SELECT expires_at FROM drops WHERE slug = ?').bind(slug).first<{ expires_at: string }>()
    expect(Math.round((Date.parse(row!.expires_at) - Date.now()) / 3600_000)).toBe(24)
    const del = await app.request(`/api/drop/${slug}`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } }, env)
    expect(del.status).toBe(200)
  })

  it('publishes an uploaded file, and burn after reading from the checkbox', async () => {
    const form = fields({ markdown: '', expires_in: '7d', burn_after_reading: 'true', file: '' })
    form.set('file', new File(['# From a file\n\nsecret'], 'notes.md', { type: 'text/markdown' }))
    const html = await (await post(form)).text()
    const slug = html.match(/\/v\/([0-9A-Za-z]{8})/)![1]
    const view = await (await app.request(`/v/${slug}`, {}, env)).text()
    expect(view).toContain('Read and delete it')
    expect(view).not.toContain('secret')
  })

  it('answers a bad paste with the form again and a readable error (4xx, not JSON)', async () => {
    const res = await post(fields({ markdown: '   ' }))
    expect(res.status).toBe(400)
    expect(res.headers.get('content-type')).toContain('text/html')
    expect(await res.text()).toContain('The Markdown is empty')
    expect((await post(fields({ markdown: 'x', expires_in: 'never' }))).status).toBe(403)
  })

  it('with a Pro key in the form, publishes a permanent drop to the Pro account', async () => {
    const { rawKey } = await issueTestKey(env.DB, 'drop', 'pro')
    const res = await post(fields({ markdown: 'kept forever', expires_in: 'never', pro_key: ` ${rawKey} ` }))
    expect(res.status).toBe(200)
    const html = await res.text()
    expect(html).toContain('It does not expire.')
    expect(html).not.toContain(rawKey)
    const slug = html.match(/href="[^"]+\/v\/([0-9A-Za-z]{8})"/)![1]
    const listed = await app.request('/api/drops', { headers: { authorization: `Bearer ${rawKey}` } }, env)
    expect(((await listed.json()) as { drops: { slug: string; expires_at: string | null }[] }).drops).toContainEqual(
      expect.objectContaining({ slug, expires_at: null })
    )
    const del = await app.request(`/api/drop/${slug}`, { method: 'DELETE', headers: { authorization: `Bearer ${rawKey}` } }, env)
    expect(del.status).toBe(200)
  })

  it('an unknown Pro key in the form gets the form back with a 401 and publishes nothing', async () => {
    for (const bad of ['drop_pro_' + 'A'.repeat(32), 'not a key']) {
      const res = await post(fields({ markdown: 'x', expires_in: 'never', pro_key: bad }))
      expect(res.status).toBe(401)
      const html = await res.text()
      expect(html).toContain('That Pro key is unknown or revoked')
      expect(html).not.toContain(bad)
      expect(html).not.toMatch(/drop_edit_/)
    }
  })
})
