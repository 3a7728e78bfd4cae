import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { kvKeysOf } from '../../workers/drop/kv-keys'
import { getLivePage } from '../../workers/drop/store'
import {
  PAGE_CACHE_TTL_MS,
  admit,
  createPageCache,
  forget,
  isolatePageCache,
  lookup,
  type CachedPage,
} from '../../workers/drop/domain/page-cache'
import { checkoutCompletedEvent } from '../../workers/drop/domain/upgrade/checkout'
import { signStripePayload } from '../../workers/drop/domain/upgrade/signature'
import { app, appAt, publishJson, published } from './helpers'

type Owned = { slug: string; edit_token: string }

const at = (iso: string) => new Date(iso)
const plus = (date: Date, ms: number) => new Date(date.getTime() + ms)

function setup(start: string) {
  const clock = { now: at(start) }
  const app = appAt(clock)
  const send = (path: string, init: RequestInit = {}) => app.request(path, init, env)
  const view = async (slug: string) => {
    const res = await send(`/v/${slug}`)
    return { res, text: await res.text() }
  }
  const publish = async (body: Record<string, unknown>) => (await (await publishJson(body, {}, app)).json()) as Owned
  const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' })
  return { clock, send, view, publish, auth }
}

/** What another isolate (or the admin script) leaves behind: KV holds a different page now. */
async function pageWrittenElsewhere(slug: string, words: string) {
  const { metadata } = await env.DROPS.getWithMetadata(`page:${slug}`)
  await env.DROPS.put(`page:${slug}`, `<!doctype html><title>x</title><p>${words}</p>`, { metadata })
}

describe('the per-isolate copy of stored pages (GET /v/:slug)', () => {
  it('an edit or delete in this isolate shows at once, within the copy’s 5 s', async () => {
    const { view, send, publish, auth } = setup('2030-06-01T10:00:00Z')
    const drop = await publish({ markdown: 'first words', expires_in: '1d' })
    expect((await view(drop.slug)).text).toContain('first words')

    const edit = await send(`/api/drop/${drop.slug}`, {
      method: 'PUT',
      headers: auth(drop.edit_token),
      body: JSON.stringify({ markdown: 'second words' }),
    })
    expect(edit.status).toBe(200)
    const edited = await view(drop.slug)
    expect(edited.text).toContain('second words')
    expect(edited.text).not.toContain('first words')

    expect((await send(`/api/drop/${drop.slug}`, { method: 'DELETE', headers: auth(drop.edit_token) })).status).toBe(200)
    const gone = await view(drop.slug)
    expect(gone.res.status).toBe(404)
    expect(gone.text).not.toContain('second words')
  })

  it('a change made by another isolate shows here once the 5 s are over', async () => {
    const { clock, view, publish } = setup('2030-06-02T10:00:00Z')
    const drop = await publish({ markdown: 'original text', expires_in: '1d' })
    const start = clock.now
    expect((await view(drop.slug)).text).toContain('original text')

    await pageWrittenElsewhere(drop.slug, 'edited in another isolate')
    // Within the copy's life this isolate still answers with what it read (the documented window).
    clock.now = plus(start, PAGE_CACHE_TTL_MS - 1)
    expect((await view(drop.slug)).text).toContain('original text')
    clock.now = plus(start, PAGE_CACHE_TTL_MS)
    const fresh = await view(drop.slug)
    expect(fresh.text).toContain('edited in another isolate')
    expect(fresh.text).not.toContain('original text')
  })

  it('an operator takedown (D1 and KV written from outside) shows within 5 s', async () => {
    const { clock, view, publish } = setup('2030-06-03T10:00:00Z')
    const drop = await publish({ markdown: 'infringing text' })
    const start = clock.now
    expect((await view(drop.slug)).res.status).toBe(200)
    // What `npm run admin -- drops delete --legal` writes.
    await env.DB.prepare('UPDATE drops SET deleted_at = ?, record = NULL, removed_status = 451, removed_reason = ? WHERE slug = ?')
      .bind(start.toISOString(), 'Notice 7', drop.slug)
      .run()
    for (const key of kvKeysOf(drop.slug)) await env.DROPS.delete(key)
    clock.now = plus(start, PAGE_CACHE_TTL_MS)
    const removed = await view(drop.slug)
    expect(removed.res.status).toBe(451)
    expect(removed.text).toContain('Reason: Notice 7')
    expect(removed.text).not.toContain('infringing')
  })

  it('never serves a copy past the drop’s own expiry', async () => {
    const { clock, view, publish } = setup('2030-06-04T10:00:00Z')
    const drop = await publish({ markdown: 'short-lived', expires_in: '1h' })
    const expiry = plus(clock.now, 60 * 60 * 1000)
    clock.now = plus(expiry, -1000)
    expect((await view(drop.slug)).text).toContain('short-lived')
    expect(isolatePageCache.pages.has(drop.slug)).toBe(true)
    // One second later: the copy is only 1 s old, but the drop has expired.
    clock.now = expiry
    const expired = await view(drop.slug)
    expect(expired.res.status).toBe(410)
    expect(expired.text).not.toContain('short-lived')
  })

  it('never keeps a burn-after-reading drop: it is shown once', async () => {
    const { view, send, publish } = setup('2030-06-05T10:00:00Z')
    const drop = await publish({ markdown: 'read me once', burn_after_reading: true })
    for (let i = 0; i < 2; i++) {
      const confirm = await view(drop.slug)
      expect(confirm.text).not.toContain('read me once')
      expect(confirm.text).toContain(`<form method="post" action="/v/${drop.slug}">`)
    }
    expect(isolatePageCache.pages.has(drop.slug)).toBe(false)
    const read = await send(`/v/${drop.slug}`, { method: 'POST' })
    expect(await read.text()).toContain('read me once')
    expect(isolatePageCache.pages.has(drop.slug)).toBe(false)
    expect((await view(drop.slug)).res.status).toBe(404)
    expect((await send(`/v/${drop.slug}`, { method: 'POST' })).status).toBe(404)
  })

  it('answers a copy with the same headers and bytes as the first reading', async () => {
    const { view, publish } = setup('2030-06-06T10:00:00Z')
    const drop = await publish({ markdown: '# Same\n\nheaders' })
    const first = await view(drop.slug)
    expect(isolatePageCache.pages.has(drop.slug)).toBe(true)
    const second = await view(drop.slug)
    const third = await view(drop.slug)
    expect(second.res.status).toBe(200)
    expect([...second.res.headers]).toEqual([...first.res.headers])
    expect(second.res.headers.get('cache-control')).toBe('no-cache')
    expect(second.res.headers.get('content-security-policy')).toContain("default-src 'none'")
    expect(second.text).toBe(first.text)
    // The kept bytes are not used up by the first answer made from them.
    expect(third.text).toBe(first.text)
  })

  it('does not keep a page whose KV read was under way while a drop was changed', async () => {
    const { clock, view, publish } = setup('2030-06-08T10:00:00Z')
    const drop = await publish({ markdown: 'read during an edit' })
    // The read starts (KV is asked), then an edit in this isolate forgets pages before it answers.
    const reading = getLivePage(env.DROPS, drop.slug, clock.now)
    forget(isolatePageCache, drop.slug)
    expect(new TextDecoder().decode((await reading) ?? new Uint8Array())).toContain('read during an edit')
    expect(isolatePageCache.pages.has(drop.slug)).toBe(false)
    // The next reading, with no change under way, is kept.
    expect((await view(drop.slug)).res.status).toBe(200)
    expect(isolatePageCache.pages.has(drop.slug)).toBe(true)
  })

  it('an upgrade paid in this isolate shows at once', async () => {
    // The real clock here: the webhook's signature is checked against it.
    const { slug } = await published(await publishJson({ markdown: 'to be kept' }))
    const before = await (await app.request(`/v/${slug}`, {}, env)).text()
    expect(before).toContain('Keep it forever')
    expect(isolatePageCache.pages.has(slug)).toBe(true)
    const seconds = Math.floor(Date.now() / 1000)
    const payload = JSON.stringify(checkoutCompletedEvent(slug, 'cli', seconds))
    const signature = await signStripePayload(payload, 'whsec_test_secret', seconds) // test/drop/test-vars.json
    const paid = await app.request(
      '/api/webhooks/stripe',
      { method: 'POST', headers: { 'content-type': 'application/json', 'stripe-signature': signature }, body: payload },
      env
    )
    expect(await paid.json()).toEqual({ received: true, upgraded: true })
    const after = await (await app.request(`/v/${slug}`, {}, env)).text()
    expect(after).toContain('Permanent link.')
    expect(after).not.toContain('Keep it forever')
  })
})

describe('the bounds of the copy (page-cache.ts)', () => {
  const page = (size: number, cachedAt = 0, expiresAt: number | null = null): CachedPage => ({
    bytes: new Uint8Array(size),
    expiresAt,
    cachedAt,
  })

  it('keeps at most N pages, evicting the least recently read', () => {
    const cache = createPageCache()
    const limits = { entries: 3, bytes: 1_000, pageBytes: 500 }
    for (const slug of ['a', 'b', 'c']) admit(cache, slug, page(10), limits)
    expect(lookup(cache, 'a', 1)).not.toBeNull() // a is now the most recent
    admit(cache, 'd', page(10), limits)
    expect([...cache.pages.keys()]).toEqual(['c', 'a', 'd'])
    expect(cache.bytes).toBe(30)
    for (let i = 0; i < 50; i++) admit(cache, `x${i}`, page(10), limits)
    expect(cache.pages.size).toBe(3)
    expect([...cache.pages.keys()]).toEqual(['x47', 'x48', 'x49'])
    expect(cache.bytes).toBe(30)
  })

  it('keeps at most M bytes, and never a page over the size limit', () => {
    const cache = createPageCache()
    const limits = { entries: 100, bytes: 1_000, pageBytes: 400 }
    for (const slug of ['a', 'b', 'c']) admit(cache, slug, page(300), limits)
    expect(cache.bytes).toBe(900)
    admit(cache, 'd', page(300), limits)
    expect([...cache.pages.keys()]).toEqual(['b', 'c', 'd'])
    expect(cache.bytes).toBe(900)
    admit(cache, 'huge', page(401), limits)
    expect(cache.pages.has('huge')).toBe(false)
    expect(cache.bytes).toBe(900)
    // Replacing a page counts its bytes once.
    admit(cache, 'd', page(100), limits)
    expect(cache.bytes).toBe(700)
    // A page replaced by one too large is not left behind in its old form.
    admit(cache, 'd', page(401), limits)
    expect(cache.pages.has('d')).toBe(false)
    expect(cache.bytes).toBe(600)
  })

  it('serves a copy only within the TTL, before the drop’s expiry, and not once forgotten', () => {
    const cache = createPageCache()
    const limits = { entries: 10, bytes: 1_000, pageBytes: 500 }
    admit(cache, 'a', page(10, 1_000), limits)
    expect(lookup(cache, 'a', 1_000 + PAGE_CACHE_TTL_MS - 1)).not.toBeNull()
    expect(lookup(cache, 'a', 1_000 + PAGE_CACHE_TTL_MS)).toBeNull()
    expect(cache.pages.size).toBe(0)
    expect(cache.bytes).toBe(0)

    admit(cache, 'b', page(10, 1_000), limits)
    expect(lookup(cache, 'b', 999)).toBeNull() // a clock before the copy was made

    admit(cache, 'c', page(10, 1_000, 2_000), limits)
    expect(lookup(cache, 'c', 1_999)).not.toBeNull()
    expect(lookup(cache, 'c', 2_000)).toBeNull()

    admit(cache, 'd', page(10, 1_000), limits)
    const generation = cache.generation
    forget(cache, 'd')
    expect(lookup(cache, 'd', 1_001)).toBeNull()
    expect(cache.generation).toBe(generation + 1)
    expect(cache.bytes).toBe(0)
  })
})
