import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { issueTestKey } from '../helpers/keys'
import { app, appAt, publishJson, published } from './helpers'

async function view(path: string) {
  const res = await app.request(path, {}, env)
  return { res, html: await res.text() }
}

describe('GET /v/:slug', () => {
  it('serves a readable page with title, description and Open Graph from the content', async () => {
    const { slug } = await published(await publishJson({ markdown: '# Trip notes\n\nPacking list for the **weekend** & more.\n\n- tent' }))
    const { res, html } = await view(`/v/${slug}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/html; charset=UTF-8')
    expect(html).toContain('<title>Trip notes</title>')
    expect(html).toContain('<meta property="og:title" content="Trip notes">')
    expect(html).toContain('<meta property="og:description" content="Packing list for the weekend &amp; more.">')
    expect(html).toContain(`<meta property="og:url" content="${env.BASE_URL}/v/${slug}">`)
    expect(html).toContain('<h1 id="trip-notes">Trip notes<a class="anchor"')
    expect(html).toContain('prefers-color-scheme:dark')
    expect(html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">')
  })

  it('tells a free drop when it expires and links the upgrade', async () => {
    // The service's clock (deps.now), fixed: the dates on the page follow it exactly.
    const clock = { now: new Date('2030-03-01T12:34:56Z') }
    const at = appAt(clock)
    const { slug } = await published(await publishJson({ markdown: 'free' }, {}, at))
    const html = await (await at.request(`/v/${slug}`, {}, env)).text()
    expect(html).toContain('Published 1 March 2030 at 12:34 UTC.')
    expect(html).toContain('Expires 8 March 2030 at 12:34 UTC.')
    expect(html).toContain(`<a href="/v/${slug}/upgrade">Keep it forever</a>`)
  })

  it('shows no expiry on a Pro drop', async () => {
    const { rawKey } = await issueTestKey(env.DB, 'drop', 'pro')
    const { slug } = await published(await publishJson({ markdown: 'pro' }, { authorization: `Bearer ${rawKey}` }))
    const { html } = await view(`/v/${slug}`)
    expect(html).toContain('Permanent link.')
    expect(html).not.toContain('Keep it forever')
  })

  it('sends a strict CSP and the security headers', async () => {
    const { slug } = await published(await publishJson({ markdown: 'headers' }))
    const { res, html } = await view(`/v/${slug}`)
    const csp = res.headers.get('content-security-policy') ?? ''
    const directives = Object.fromEntries(
      csp
        .split(';')
        .map((d) => d.trim().split(/\s+/))
        .map(([k, ...v]) => [k, v.join(' ')])
    )
    expect(directives['default-src']).toBe("'none'")
    expect(directives['style-src']).toMatch(/^'sha256-[A-Za-z0-9+/=]+'$/)
    expect(directives['img-src']).toBe('https: data:')
    expect(directives['frame-ancestors']).toBe("'none'")
    expect(directives['base-uri']).toBe("'none'")
    expect(directives['form-action']).toBe("'none'")
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|script-src/)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('referrer-policy')).toBe('no-referrer')
    expect(res.headers.get('x-frame-options')).toBe('DENY')
    expect(res.headers.get('strict-transport-security')).toBeNull()
    // The style hash is the hash of the page's one inline style block.
    const css = html.match(/<style>([\s\S]*?)<\/style>/)![1]
    const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(css))
    expect(directives['style-src']).toBe(`'sha256-${btoa(String.fromCharCode(...new Uint8Array(digest)))}'`)
    expect(html.match(/<style>/g)).toHaveLength(1)
    expect(html).not.toMatch(/<script|style="/)
  })

  it('adds HSTS when served over HTTPS', async () => {
    const { slug } = await published(await publishJson({ markdown: 'hsts' }))
    const res = await app.request(`https://drop.example/v/${slug}`, {}, env)
    expect(res.headers.get('strict-transport-security')).toBe('max-age=63072000; includeSubDomains; preload')
  })

  it('serves the Markdown source as text/markdown with nosniff', async () => {
    const md = '# Raw\n\n<script>alert(1)</script>'
    const { slug } = await published(await publishJson({ markdown: md }))
    const { res, html } = await view(`/v/${slug}/raw`)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toBe('text/markdown; charset=utf-8')
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(html).toBe(md)
  })

  it('answers an unknown slug with a 404 page', async () => {
    for (const path of ['/v/Zz9Zz9Zz', '/v/Zz9Zz9Zz/raw', '/v/not-a-slug!', '/v/short']) {
      const { res, html } = await view(path)
      expect(res.status).toBe(404)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(html).toContain('No drop here')
      expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
    }
  })

  it('answers an expired drop with a 410 page, from its tombstone', async () => {
    // What KV holds once a free drop's own key has expired: only the tombstone.
    await env.DROPS.put('gone:Exp1red0', JSON.stringify({ expired_at: '2026-01-01T00:00:00.000Z' }))
    for (const path of ['/v/Exp1red0', '/v/Exp1red0/raw']) {
      const { res, html } = await view(path)
      expect(res.status).toBe(410)
      expect(html).toContain('This drop has expired')
    }
  })

  it('treats a drop past its expires_at as expired even before KV drops it', async () => {
    const stale = {
      slug: 'Stale000',
      markdown: 'x',
      html: '<p>x</p>',
      title: 'x',
      description: 'x',
      created_at: '2026-01-01T00:00:00.000Z',
      expires_at: '2026-01-08T00:00:00.000Z',
      plan: 'free',
    }
    await env.DROPS.put('drop:Stale000', JSON.stringify(stale))
    expect((await view('/v/Stale000')).res.status).toBe(410)
  })
})

describe('the stored page (the hot path of GET /v/:slug)', () => {
  const send = (target: ReturnType<typeof appAt> | typeof app, path: string, init: RequestInit = {}) => target.request(path, init, env)

  it('is never served once the drop was edited, deleted or taken past its expiry', async () => {
    const clock = { now: new Date('2030-05-01T08:00:00Z') }
    const at = appAt(clock)
    const res = await publishJson({ markdown: 'first words', expires_in: '1h' }, {}, at)
    const drop = (await res.json()) as { slug: string; edit_token: string }
    const before = await send(at, `/v/${drop.slug}`)
    expect(before.status).toBe(200)
    // Browsers and proxies must ask again each time: a copy could outlive an edit or delete.
    expect(before.headers.get('cache-control')).toBe('no-cache')
    expect(await before.text()).toContain('first words')
    expect(await env.DROPS.get(`page:${drop.slug}`)).toContain('first words')

    const edit = {
      method: 'PUT',
      headers: { authorization: `Bearer ${drop.edit_token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ markdown: 'second words' }),
    }
    expect((await send(at, `/api/drop/${drop.slug}`, edit)).status).toBe(200)
    const after = await (await send(at, `/v/${drop.slug}`)).text()
    expect(after).toContain('second words')
    expect(after).not.toContain('first words')

    // One hour later by the service's clock: KV still holds the page (its expiration is in
    // real time), yet it is not served.
    clock.now = new Date('2030-05-01T09:00:01Z')
    const expired = await send(at, `/v/${drop.slug}`)
    expect(expired.status).toBe(410)
    expect(await expired.text()).not.toContain('second words')

    clock.now = new Date('2030-05-01T08:30:00Z')
    expect((await send(at, `/v/${drop.slug}`)).status).toBe(200)
    const deleted = await send(at, `/api/drop/${drop.slug}`, { method: 'DELETE', headers: { authorization: `Bearer ${drop.edit_token}` } })
    expect(deleted.status).toBe(200)
    const gone = await send(at, `/v/${drop.slug}`)
    expect(gone.status).toBe(404)
    expect(await gone.text()).not.toContain('second words')
    expect(await env.DROPS.get(`page:${drop.slug}`)).toBeNull()
  })

  it('a burn-after-reading drop has no stored page: the confirmation comes first', async () => {
    const { slug } = await published(await publishJson({ markdown: 'read me once', burn_after_reading: true }))
    expect(await env.DROPS.get(`page:${slug}`)).toBeNull()
    const { res, html } = await view(`/v/${slug}`)
    expect(res.headers.get('cache-control')).toBe('no-store')
    expect(html).not.toContain('read me once')
    expect(html).toContain(`<form method="post" action="/v/${slug}">`)
  })

  it('the thank-you notice after an upgrade is built on the spot, not stored', async () => {
    const { slug } = await published(await publishJson({ markdown: 'kept' }))
    expect((await view(`/v/${slug}`)).html).not.toContain('Thank you')
    expect(await env.DROPS.get(`page:${slug}`)).not.toContain('Thank you')
  })
})
