import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { checkoutCompletedEvent } from '../../workers/drop/domain/upgrade/checkout'
import { signStripePayload, verifyStripeSignature } from '../../workers/drop/domain/upgrade/signature'
import { app, appWithFetcher, publishJson, published } from './helpers'

const SECRET = 'whsec_test_secret' // test/drop/test-vars.json
const now = () => Math.floor(Date.now() / 1000)

async function webhook(payload: string, signature?: string) {
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (signature !== undefined) headers['stripe-signature'] = signature
  return app.request('/api/webhooks/stripe', { method: 'POST', headers, body: payload }, env)
}

async function stored(slug: string) {
  const { keys } = await env.DROPS.list({ prefix: `drop:${slug}` })
  const value = await env.DROPS.get<{ expires_at: string | null; markdown: string; html: string; plan: string }>(`drop:${slug}`, 'json')
  return { expiration: keys[0]?.expiration, value }
}

describe('Stripe signature', () => {
  it('accepts any one of several v1 signatures', async () => {
    const payload = '{"a":1}'
    const good = await signStripePayload(payload, SECRET, 1000)
    const header = `t=1000,v1=${'0'.repeat(64)},${good.split(',')[1]}`
    expect(await verifyStripeSignature(payload, header, SECRET, 1000)).toEqual({ ok: true })
  })

  it.each([
    ['missing header', undefined, 1000],
    ['no v1', 't=1000', 1000],
    ['wrong secret', 'SIGN:other_secret', 1000],
    ['stale by more than 5 minutes', 'SIGN', 1000 + 301],
    ['from the future by more than 5 minutes', 'SIGN', 1000 - 301],
  ])('refuses %s', async (_name, header, at) => {
    const payload = '{"a":1}'
    let h = header
    if (header === 'SIGN') h = await signStripePayload(payload, SECRET, 1000)
    if (header === 'SIGN:other_secret') h = await signStripePayload(payload, 'other_secret', 1000)
    expect((await verifyStripeSignature(payload, h, SECRET, at)).ok).toBe(false)
  })

  it('accepts exactly at the edge of the tolerance', async () => {
    const h = await signStripePayload('{}', SECRET, 1000)
    expect((await verifyStripeSignature('{}', h, SECRET, 1300)).ok).toBe(true)
  })
})

describe('POST /api/webhooks/stripe', () => {
  it('makes a paid drop permanent, content unchanged, and ignores replays', async () => {
    const { slug } = await published(await publishJson({ markdown: '# Keep me\n\ntext' }))
    const before = await stored(slug)
    expect(before.expiration).toBeDefined()
    const payload = JSON.stringify(checkoutCompletedEvent(slug, 'cli', now()))
    const signature = await signStripePayload(payload, SECRET, now())
    const res = await webhook(payload, signature)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ received: true, upgraded: true })
    const after = await stored(slug)
    expect(after.expiration).toBeUndefined()
    expect(after.value?.expires_at).toBeNull()
    expect(after.value?.markdown).toBe(before.value?.markdown)
    expect(after.value?.html).toBe(before.value?.html)
    expect((await env.DROPS.list({ prefix: `gone:${slug}` })).keys).toHaveLength(0)
    // Replay: same answer, nothing changes.
    const replay = await webhook(payload, signature)
    expect(replay.status).toBe(200)
    expect(await stored(slug)).toEqual(after)
    const page = await (await app.request(`/v/${slug}`, {}, env)).text()
    expect(page).toContain('Permanent link.')
  })

  it('refuses a tampered payload with 400 and changes nothing', async () => {
    const { slug } = await published(await publishJson({ markdown: 'tamper' }))
    const { slug: other } = await published(await publishJson({ markdown: 'victim' }))
    const payload = JSON.stringify(checkoutCompletedEvent(slug, 'cli', now()))
    const signature = await signStripePayload(payload, SECRET, now())
    const res = await webhook(payload.replace(slug, other), signature)
    expect(res.status).toBe(400)
    expect(((await res.json()) as { code: string }).code).toBe('INVALID_SIGNATURE')
    expect((await stored(other)).value?.expires_at).not.toBeNull()
  })

  it('refuses a stale signature and a missing one', async () => {
    const { slug } = await published(await publishJson({ markdown: 'stale' }))
    const payload = JSON.stringify(checkoutCompletedEvent(slug, 'cli', now()))
    expect((await webhook(payload, await signStripePayload(payload, SECRET, now() - 400))).status).toBe(400)
    expect((await webhook(payload)).status).toBe(400)
    expect((await stored(slug)).value?.expires_at).not.toBeNull()
  })

  it('acknowledges events it does not act on', async () => {
    const payload = JSON.stringify({ id: 'evt_1', type: 'customer.created', data: { object: {} } })
    const res = await webhook(payload, await signStripePayload(payload, SECRET, now()))
    expect(await res.json()).toEqual({ received: true, upgraded: false })
  })

  it('does not upgrade an unpaid session', async () => {
    const { slug } = await published(await publishJson({ markdown: 'unpaid' }))
    const event = checkoutCompletedEvent(slug, 'cli', now())
    event.data.object.payment_status = 'unpaid'
    const payload = JSON.stringify(event)
    const res = await webhook(payload, await signStripePayload(payload, SECRET, now()))
    expect(await res.json()).toEqual({ received: true, upgraded: false })
    expect((await stored(slug)).value?.expires_at).not.toBeNull()
  })
})

describe('GET /api/checkout-link', () => {
  it('needs a slug (400), a live drop (404) and a drop not yet permanent (409)', async () => {
    const missing = await app.request('/api/checkout-link', {}, env)
    expect(missing.status).toBe(400)
    expect(((await missing.json()) as { code: string }).code).toBe('INVALID_QUERY')
    const unknown = await app.request('/api/checkout-link?slug=Nope1234', {}, env)
    expect(unknown.status).toBe(404)
    expect(((await unknown.json()) as { code: string }).code).toBe('DROP_NOT_FOUND')
    await env.DROPS.put('gone:Gone1234', JSON.stringify({ expired_at: '2026-01-01T00:00:00.000Z' }))
    expect((await app.request('/api/checkout-link?slug=Gone1234', {}, env)).status).toBe(404)
  })

  it('creates a Stripe Checkout Session when a Stripe key is configured', async () => {
    const { slug } = await published(await publishJson({ markdown: 'pay me' }))
    const fetcher = replayFetcher([
      [
        'https://api.stripe.com/v1/checkout/sessions',
        async (req) => {
          expect(req.headers.get('authorization')).toBe('Bearer sk_test_123')
          const form = new URLSearchParams(await req.text())
          expect(form.get('metadata[slug]')).toBe(slug)
          expect(form.get('metadata[source]')).toBe('cli')
          expect(form.get('mode')).toBe('payment')
          expect(form.get('success_url')).toBe(`${env.BASE_URL}/v/${slug}?upgraded=1`)
          return { body: JSON.stringify({ id: 'cs_test_1', url: 'https://checkout.stripe.com/c/pay/cs_test_1' }) }
        },
      ],
    ])
    const stripeApp = appWithFetcher(fetcher)
    const res = await stripeApp.request(`/api/checkout-link?slug=${slug}&source=cli`, {}, { ...env, STRIPE_SECRET_KEY: 'sk_test_123' })
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ url: 'https://checkout.stripe.com/c/pay/cs_test_1', slug })
    expect(fetcher.calls).toHaveLength(1)
  })

  it('reports a failing payment provider as 502, not 500', async () => {
    const { slug } = await published(await publishJson({ markdown: 'pay me later' }))
    const fetcher = replayFetcher([['https://api.stripe.com/v1/checkout/sessions', { status: 500, body: '{"error":{}}' }]])
    const res = await appWithFetcher(fetcher).request(`/api/checkout-link?slug=${slug}`, {}, { ...env, STRIPE_SECRET_KEY: 'sk_test_123' })
    expect(res.status).toBe(502)
    expect(((await res.json()) as { code: string }).code).toBe('CHECKOUT_UNAVAILABLE')
  })

  it('says 503 when neither Stripe nor the dev checkout is configured', async () => {
    const { slug } = await published(await publishJson({ markdown: 'no payments' }))
    const res = await app.request(`/api/checkout-link?slug=${slug}`, {}, { ...env, DEV_CHECKOUT: undefined })
    expect(res.status).toBe(503)
  })

  it('runs the whole dev checkout: link, page, pay button, permanent drop', async () => {
    const { slug } = await published(await publishJson({ markdown: '# Upgrade me' }))
    const link = (await (await app.request(`/api/checkout-link?slug=${slug}&source=cli`, {}, env)).json()) as { url: string }
    expect(link.url).toBe(`${env.BASE_URL}/dev/checkout/${slug}?source=cli`)
    const page = await app.request(new URL(link.url).pathname + new URL(link.url).search, {}, env)
    expect(page.status).toBe(200)
    const html = await page.text()
    expect(html).toContain(`<form method="post" action="/dev/checkout/${slug}">`)
    expect(html).toContain('<input type="hidden" name="source" value="cli">')
    const pay = await app.request(`/dev/checkout/${slug}`, { method: 'POST', body: new URLSearchParams({ source: 'cli' }) }, env)
    expect(pay.status).toBe(303)
    expect(pay.headers.get('location')).toBe(`${env.BASE_URL}/v/${slug}?upgraded=1`)
    expect((await stored(slug)).value?.expires_at).toBeNull()
    const after = await (await app.request(`/v/${slug}?upgraded=1`, {}, env)).text()
    expect(after).toContain('this drop is now permanent')
    expect((await app.request(`/api/checkout-link?slug=${slug}`, {}, env)).status).toBe(409)
  })

  it('hides the dev checkout when it is not enabled', async () => {
    const { slug } = await published(await publishJson({ markdown: 'hidden' }))
    const off = { ...env, DEV_CHECKOUT: undefined }
    expect((await app.request(`/dev/checkout/${slug}`, {}, off)).status).toBe(404)
    expect((await app.request(`/dev/checkout/${slug}`, { method: 'POST' }, off)).status).toBe(404)
    expect((await stored(slug)).value?.expires_at).not.toBeNull()
  })

  it('offers the upgrade page from the drop footer', async () => {
    const { slug } = await published(await publishJson({ markdown: 'footer' }))
    const res = await app.request(`/v/${slug}/upgrade`, {}, env)
    expect(res.status).toBe(200)
    expect(res.headers.get('content-security-policy')).toContain("form-action 'self' https://checkout.stripe.com")
    const go = await app.request(`/v/${slug}/upgrade`, { method: 'POST' }, env)
    expect(go.status).toBe(303)
    expect(go.headers.get('location')).toBe(`${env.BASE_URL}/dev/checkout/${slug}?source=page`)
  })
})
