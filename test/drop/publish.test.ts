import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { issueTestKey } from '../helpers/keys'
import { app, freshIp, publishFile, publishJson, published } from './helpers'

const SEVEN_DAYS_MS = 7 * 24 * 3600 * 1000
type ErrorBody = { error: string; code: string; issues?: { path: string }[] }

describe('POST /api/drop with JSON', () => {
  it('publishes and answers 201 with url, slug and expires_at 7 days out', async () => {
    const before = Date.now()
    const res = await publishJson({ markdown: '# Hello\n\nworld' })
    const body = await published(res)
    expect(body.slug).toMatch(/^[0-9A-Za-z]{8}$/)
    expect(body.url).toBe(`${env.BASE_URL}/v/${body.slug}`)
    expect(res.headers.get('location')).toBe(body.url)
    const expires = Date.parse(body.expires_at ?? '')
    expect(expires - before).toBeGreaterThan(SEVEN_DAYS_MS - 2000)
    expect(expires - Date.now()).toBeLessThanOrEqual(SEVEN_DAYS_MS)
  })

  it('stores the drop in KV with an expiration equal to expires_at, and a longer tombstone', async () => {
    const body = await published(await publishJson({ markdown: 'ttl check' }))
    const { keys } = await env.DROPS.list({ prefix: `drop:${body.slug}` })
    expect(keys).toHaveLength(1)
    expect(keys[0].expiration! * 1000).toBe(Date.parse(body.expires_at!))
    const gone = (await env.DROPS.list({ prefix: `gone:${body.slug}` })).keys[0]
    expect(gone.expiration!).toBeGreaterThan(keys[0].expiration! + 30 * 86400)
  })

  it('renders at publish time and keeps the Markdown beside the HTML', async () => {
    const body = await published(await publishJson({ markdown: 'Some *text*', title: 'Doc' }))
    const stored = await env.DROPS.get<{ markdown: string; html: string; title: string }>(`drop:${body.slug}`, 'json')
    expect(stored?.markdown).toBe('# Doc\n\nSome *text*')
    expect(stored?.html).toContain(
      '<h1 id="doc">Doc<a class="anchor" aria-hidden="true" href="#doc" rel="nofollow noopener ugc">#</a></h1>'
    )
    expect(stored?.html).toContain('<em>text</em>')
    expect(stored?.title).toBe('Doc')
  })

  it('accepts content as an alias of markdown, and both when they agree', async () => {
    const a = await published(await publishJson({ content: 'alias' }))
    const raw = await app.request(`/v/${a.slug}/raw`, {}, env)
    expect(await raw.text()).toBe('alias')
    expect((await publishJson({ content: 'same', markdown: 'same' })).status).toBe(201)
  })

  it('ignores the title when the Markdown already starts with an H1', async () => {
    const body = await published(await publishJson({ markdown: '\n# Mine\n\ntext', title: 'Other' }))
    const raw = await (await app.request(`/v/${body.slug}/raw`, {}, env)).text()
    expect(raw).toBe('\n# Mine\n\ntext')
  })

  it.each([
    ['empty markdown', { markdown: '' }, 400, 'EMPTY_MARKDOWN'],
    ['whitespace only', { markdown: ' \n\t ' }, 400, 'EMPTY_MARKDOWN'],
    ['no markdown at all', { title: 'x' }, 400, 'EMPTY_MARKDOWN'],
    ['markdown and content differ', { markdown: 'a', content: 'b' }, 400, 'AMBIGUOUS_BODY'],
    ['markdown of the wrong type', { markdown: 42 }, 400, 'INVALID_BODY'],
    ['title too long', { markdown: 'x', title: 'y'.repeat(201) }, 400, 'INVALID_BODY'],
  ])('refuses %s', async (_name, payload, status, code) => {
    const res = await publishJson(payload)
    expect(res.status).toBe(status)
    const body = (await res.json()) as ErrorBody
    expect(body.code).toBe(code)
    expect(body.error.length).toBeGreaterThan(10)
  })

  it('lists the bad field in issues', async () => {
    const body = (await (await publishJson({ markdown: 42 })).json()) as ErrorBody
    expect(body.issues?.map((i) => i.path)).toEqual(['markdown'])
  })

  it('refuses malformed JSON with INVALID_JSON', async () => {
    const res = await app.request(
      '/api/drop',
      { method: 'POST', headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp() }, body: '{"markdown": "x"' },
      env
    )
    expect(res.status).toBe(400)
    expect(((await res.json()) as ErrorBody).code).toBe('INVALID_JSON')
  })

  it('refuses other content types with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    for (const type of ['text/plain', 'application/x-www-form-urlencoded', '']) {
      const headers: Record<string, string> = { 'cf-connecting-ip': freshIp() }
      if (type) headers['content-type'] = type
      const res = await app.request('/api/drop', { method: 'POST', headers, body: 'markdown=x' }, env)
      expect(res.status).toBe(415)
      expect(((await res.json()) as ErrorBody).code).toBe('UNSUPPORTED_MEDIA_TYPE')
    }
  })

  it('refuses Markdown over 512 KiB on the free plan with 413', async () => {
    const res = await publishJson({ markdown: 'a'.repeat(512 * 1024 + 1) })
    expect(res.status).toBe(413)
    expect(((await res.json()) as ErrorBody).code).toBe('PAYLOAD_TOO_LARGE')
    // Exactly at the limit is fine.
    expect((await publishJson({ markdown: 'a'.repeat(512 * 1024 - 20) })).status).toBe(201)
  })
})

describe('POST /api/drop with a file', () => {
  it.each(['notes.md', 'NOTES.MARKDOWN', 'plain.txt'])('publishes %s', async (name) => {
    const body = await published(await publishFile(name, '# From a file\n\nbody'))
    const raw = await app.request(`/v/${body.slug}/raw`, {}, env)
    expect(await raw.text()).toBe('# From a file\n\nbody')
  })

  it('applies the title to a file without a heading', async () => {
    const body = await published(await publishFile('a.md', 'body only', { title: 'Filed' }))
    expect(await (await app.request(`/v/${body.slug}/raw`, {}, env)).text()).toBe('# Filed\n\nbody only')
  })

  it('strips a UTF-8 byte order mark and keeps non-ASCII text', async () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode('Grüße, 東京')])
    const body = await published(await publishFile('bom.md', bytes))
    expect(await (await app.request(`/v/${body.slug}/raw`, {}, env)).text()).toBe('Grüße, 東京')
  })

  it.each(['script.js', 'page.html', 'notes.md.exe', 'README', 'image.png'])('refuses %s with 415 UNSUPPORTED_FILE_TYPE', async (name) => {
    const res = await publishFile(name, 'x')
    expect(res.status).toBe(415)
    expect(((await res.json()) as ErrorBody).code).toBe('UNSUPPORTED_FILE_TYPE')
  })

  it('refuses a file and a markdown field together with AMBIGUOUS_BODY', async () => {
    const res = await publishFile('a.md', 'file text', { markdown: 'field text' })
    expect(res.status).toBe(400)
    expect(((await res.json()) as ErrorBody).code).toBe('AMBIGUOUS_BODY')
  })

  it('refuses an empty file with EMPTY_MARKDOWN', async () => {
    const res = await publishFile('empty.md', '')
    expect(res.status).toBe(400)
    expect(((await res.json()) as ErrorBody).code).toBe('EMPTY_MARKDOWN')
  })

  it('refuses a file that is not UTF-8 with INVALID_ENCODING', async () => {
    const res = await publishFile('latin1.txt', new Uint8Array([0x47, 0x72, 0xfc, 0xdf, 0x65]))
    expect(res.status).toBe(400)
    expect(((await res.json()) as ErrorBody).code).toBe('INVALID_ENCODING')
  })

  it('refuses a file over 512 KiB before parsing it', async () => {
    const res = await publishFile('big.md', 'a'.repeat(600 * 1024))
    expect(res.status).toBe(413)
    expect(((await res.json()) as ErrorBody).code).toBe('PAYLOAD_TOO_LARGE')
  })
})

describe('Pro', () => {
  it('publishes permanent drops of up to 5 MiB with a Pro key', async () => {
    const { rawKey } = await issueTestKey(env.DB, 'drop', 'pro')
    const res = await publishJson({ markdown: '# Big\n\n' + 'a'.repeat(2 * 1024 * 1024) }, { authorization: `Bearer ${rawKey}` })
    const body = await published(res)
    expect(body.expires_at).toBeNull()
    expect(res.headers.get('ratelimit-limit')).toBe('1000')
    const { keys } = await env.DROPS.list({ prefix: `drop:${body.slug}` })
    expect(keys[0].expiration).toBeUndefined()
    expect((await env.DROPS.list({ prefix: `gone:${body.slug}` })).keys).toHaveLength(0)
  })

  it('still refuses over 5 MiB', async () => {
    const { rawKey } = await issueTestKey(env.DB, 'drop', 'pro')
    const res = await publishJson({ markdown: 'a'.repeat(5 * 1024 * 1024 + 1) }, { authorization: `Bearer ${rawKey}` })
    expect(res.status).toBe(413)
  })

  it('answers 401 for an unknown or revoked key instead of silently publishing as free', async () => {
    expect((await publishJson({ markdown: 'x' }, { authorization: 'Bearer drop_pro_' + 'A'.repeat(32) })).status).toBe(401)
    const { rawKey, id } = await issueTestKey(env.DB, 'drop', 'pro')
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(new Date().toISOString(), id).run()
    const res = await publishJson({ markdown: 'x' }, { authorization: `Bearer ${rawKey}` })
    expect(res.status).toBe(401)
    expect(((await res.json()) as ErrorBody).code).toBe('UNAUTHORIZED')
  })
})

describe('free rate limit', () => {
  it('lets exactly 10 of 20 parallel publishes from one IP through, then 429 with the spec body', async () => {
    const ip = '203.0.113.77'
    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => publishJson({ markdown: `parallel ${i}` }, { 'cf-connecting-ip': ip }))
    )
    const statuses = responses.map((r) => r.status)
    expect(statuses.filter((s) => s === 201)).toHaveLength(10)
    expect(statuses.filter((s) => s === 429)).toHaveLength(10)
    const limited = responses.find((r) => r.status === 429)!
    const body = (await limited.json()) as { error: string; retry_after_seconds: number; code: string }
    expect(body.error).toMatch(/rate limit/i)
    expect(body.code).toBe('RATE_LIMITED')
    expect(body.retry_after_seconds).toBeGreaterThan(3500)
    expect(body.retry_after_seconds).toBeLessThanOrEqual(3600)
    expect(limited.headers.get('retry-after')).toBe(String(body.retry_after_seconds))
    expect(limited.headers.get('ratelimit-limit')).toBe('10')
    expect(limited.headers.get('ratelimit-remaining')).toBe('0')
    // Another address is not affected.
    expect((await publishJson({ markdown: 'other ip' }, { 'cf-connecting-ip': '203.0.113.78' })).status).toBe(201)
  })
})

describe('hostile input never becomes a 500', () => {
  it('publishes Markdown the HTML parser chokes on, with its raw HTML shown as text', async () => {
    const body = await published(await publishJson({ markdown: '# Odd\n\n<select><style>x</style></select>\n\n<script>alert(1)</script>' }))
    const stored = await env.DROPS.get<{ html: string }>(`drop:${body.slug}`, 'json')
    expect(stored?.html).toContain('&lt;select&gt;&lt;style&gt;')
    expect(stored?.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
    expect(stored?.html).not.toContain('<script')
  })
})

describe('malformed multipart', () => {
  it('answers 400 INVALID_BODY, not 500, for a multipart body that cannot be parsed', async () => {
    for (const type of ['multipart/form-data', 'multipart/form-data; boundary=x']) {
      const res = await app.request(
        '/api/drop',
        { method: 'POST', headers: { 'content-type': type, 'cf-connecting-ip': freshIp() }, body: 'not multipart at all' },
        env
      )
      expect(res.status).toBe(400)
      expect(((await res.json()) as ErrorBody).code).toBe('INVALID_BODY')
    }
  })
})

describe('key use', () => {
  it('records when a Pro key was last used, at most once a minute', async () => {
    const { rawKey, id } = await issueTestKey(env.DB, 'drop', 'pro')
    const lastUsed = async () =>
      (await env.DB.prepare('SELECT last_used_at FROM api_keys WHERE id = ?').bind(id).first<{ last_used_at: string | null }>())
        ?.last_used_at
    expect(await lastUsed()).toBeNull()
    await published(await publishJson({ markdown: 'one' }, { authorization: `Bearer ${rawKey}` }))
    const first = await lastUsed()
    expect(Date.now() - Date.parse(first!)).toBeLessThan(60_000)
    await published(await publishJson({ markdown: 'two' }, { authorization: `Bearer ${rawKey}` }))
    expect(await lastUsed()).toBe(first)
  })
})
