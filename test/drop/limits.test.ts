import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { EDIT_LIMITS, PUBLISH_LIMITS } from '../../workers/drop/domain/quota/limits'
import { app, freshIp, publishJson, published } from './helpers'

// Issue 35 §1: every publish and edit is counted before its body is read or rendered, and a
// request then refused with a 4xx gives its slot back.
type ErrorBody = { error: string; code: string; retry_after_seconds?: number }
type Owned = { slug: string; edit_token: string }

const raw = (path: string, method: string, ip: string, body: BodyInit, headers: Record<string, string> = {}) =>
  app.request(path, { method, headers: { 'cf-connecting-ip': ip, ...headers }, body }, env)
const json = { 'content-type': 'application/json' }
const put = (slug: string, token: string, ip: string, body: BodyInit = JSON.stringify({ markdown: 'edited' })) =>
  raw(`/api/drop/${slug}`, 'PUT', ip, body, { ...json, authorization: `Bearer ${token}` })
const owned = async (markdown = 'mine') => (await published(await publishJson({ markdown }))) as unknown as Owned

async function fillPublishes(ip: string) {
  for (let i = 0; i < PUBLISH_LIMITS.free; i++)
    expect((await publishJson({ markdown: `n ${i}` }, { 'cf-connecting-ip': ip })).status).toBe(201)
}

describe('the publish limit is decided before the body is read', () => {
  it('a client over its limit gets 429 for a body that is not even JSON, and for one over the size limit', async () => {
    const ip = '203.0.113.71'
    await fillPublishes(ip)
    for (const body of ['{not json', JSON.stringify({ markdown: 'a'.repeat(600 * 1024) })]) {
      const res = await raw('/api/drop', 'POST', ip, body, json)
      expect(res.status).toBe(429)
      const answer = (await res.json()) as ErrorBody
      expect(answer.code).toBe('RATE_LIMITED')
      expect(answer.error).toMatch(/10 publishes per hour/)
      expect(res.headers.get('retry-after')).toBe(String(answer.retry_after_seconds))
    }
  })

  it('the paste form too: a client over its limit gets the 429 page before its form is read', async () => {
    const ip = '203.0.113.72'
    await fillPublishes(ip)
    const form = new FormData()
    form.append('markdown', '') // would be a 400 if it were read
    const res = await raw('/', 'POST', ip, form)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toMatch(/^\d+$/)
    expect(await res.text()).toContain('10 publishes per hour')
  })

  it('the paste form gives the slot back on a 4xx', async () => {
    const ip = '203.0.113.73'
    for (let i = 0; i < PUBLISH_LIMITS.free + 3; i++) {
      const form = new FormData()
      form.append('markdown', ' ')
      expect((await raw('/', 'POST', ip, form)).status).toBe(400)
    }
    await fillPublishes(ip)
  })
})

describe('edits are limited per drop and per client, before the body is read', () => {
  it('one drop takes at most its hourly edits from any number of clients, exactly, in parallel', async () => {
    const drop = await owned()
    const answers = await Promise.all(Array.from({ length: EDIT_LIMITS.perDrop + 20 }, () => put(drop.slug, drop.edit_token, freshIp())))
    const statuses = answers.map((r) => r.status)
    expect(statuses.filter((s) => s === 200)).toHaveLength(EDIT_LIMITS.perDrop)
    expect(statuses.filter((s) => s === 429)).toHaveLength(20)
    const refused = answers.find((r) => r.status === 429)!
    expect(((await refused.json()) as ErrorBody).error).toMatch(/edits per hour of one drop/)
    // Still refused before the body is read: not JSON, still a 429.
    expect((await put(drop.slug, drop.edit_token, freshIp(), '{broken')).status).toBe(429)
    // Another drop is not affected.
    const other = await owned()
    expect((await put(other.slug, other.edit_token, freshIp())).status).toBe(200)
  })

  it('one client takes at most its hourly edits over all its drops; another client is not affected', async () => {
    const ip = '203.0.113.74'
    const drops = [await owned(), await owned()]
    for (let i = 0; i < EDIT_LIMITS.perClient; i++) {
      const d = drops[i % 2]
      expect((await put(d.slug, d.edit_token, ip)).status).toBe(200)
    }
    const third = await owned()
    const refused = await put(third.slug, third.edit_token, ip)
    expect(refused.status).toBe(429)
    expect(((await refused.json()) as ErrorBody).error).toMatch(/edits per hour from one address/)
    expect((await put(third.slug, third.edit_token, '203.0.113.75')).status).toBe(200)
  })

  it('an edit refused with a 4xx gives both slots back', async () => {
    const ip = '203.0.113.76'
    const drop = await owned()
    const tooBig = JSON.stringify({ markdown: 'a'.repeat(600 * 1024) })
    for (let i = 0; i < 5; i++) expect((await put(drop.slug, drop.edit_token, ip, '{broken')).status).toBe(400)
    for (let i = 0; i < 5; i++) expect((await put(drop.slug, drop.edit_token, ip, tooBig)).status).toBe(413)
    for (let i = 0; i < EDIT_LIMITS.perDrop; i++) expect((await put(drop.slug, drop.edit_token, ip)).status).toBe(200)
    expect((await put(drop.slug, drop.edit_token, ip)).status).toBe(429)
  })

  it('a wrong token is refused before any slot is taken, and does not use the drop’s edits', async () => {
    const drop = await owned()
    const other = await owned()
    for (let i = 0; i < EDIT_LIMITS.perDrop + 5; i++) expect((await put(drop.slug, other.edit_token, freshIp())).status).toBe(403)
    expect((await put(drop.slug, drop.edit_token, freshIp())).status).toBe(200)
  })
})
