import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { defaultErrorPolicy } from '../../shared/errors'
import { platformApp } from './platform-app'

const app = platformApp()
const post = (body: BodyInit, type = 'application/json', headers: Record<string, string> = {}) =>
  app.request('/things', { method: 'POST', body, headers: { 'content-type': type, ...headers } }, env)

describe('error mapping', () => {
  it('answers /healthz without touching storage', async () => {
    const res = await app.request('/healthz', {}, env)
    expect(res.status).toBe(200)
    expect(await res.json()).toEqual({ ok: true })
  })

  it('accepts a valid body', async () => {
    const res = await post(JSON.stringify({ name: 'a', count: 1 }))
    expect(res.status).toBe(201)
    expect(await res.json()).toEqual({ name: 'a', count: 1 })
  })

  it('maps malformed JSON to the policy code', async () => {
    const res = await post('{"name": ')
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'INVALID_JSON', error: expect.any(String) })
  })

  it('maps a wrong Content-Type to 415', async () => {
    const res = await post('name=a', 'application/x-www-form-urlencoded')
    expect(res.status).toBe(415)
    expect(await res.json()).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
  })

  it('lists every schema issue with its path', async () => {
    const res = await post(JSON.stringify({ name: '', count: -1, extra: true }))
    expect(res.status).toBe(400)
    const body = (await res.json()) as { code: string; issues: { path: string; message: string }[] }
    expect(body.code).toBe('INVALID_BODY')
    expect(body.issues.map((i) => i.path).sort()).toEqual(['(root)', 'count', 'name'])
  })

  it('refuses a body over the limit with 413, by header and by stream', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2000), count: 1 })
    const res = await post(big)
    expect(res.status).toBe(413)
    expect(await res.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE', max_bytes: 1024 })
    const stream = new Blob([big]).stream()
    const res2 = await app.request(
      '/things',
      { method: 'POST', body: stream, headers: { 'content-type': 'application/json' }, duplex: 'half' } as RequestInit,
      env
    )
    expect(res2.status).toBe(413)
  })

  it('gives a JSON 404 for unknown routes', async () => {
    const res = await app.request('/nope', {}, env)
    expect(res.status).toBe(404)
    expect(res.headers.get('content-type')).toContain('application/json')
    expect(await res.json()).toMatchObject({ code: 'NOT_FOUND' })
  })

  it('hides internals of unexpected exceptions', async () => {
    const res = await app.request('/boom', {}, env)
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toMatchObject({ code: 'INTERNAL_ERROR' })
    expect(text).not.toContain('secret internal detail')
  })

  it('keeps the extra fields of an ApiError', async () => {
    const res = await app.request('/teapot', {}, env)
    expect(res.status).toBe(409)
    expect(await res.json()).toEqual({ error: 'Already exists.', code: 'CONFLICT_HERE', hint: 'use another name' })
  })

  it('answers a DomainError with the status its code has in the worker table, details as fields', async () => {
    const d = platformApp({ ...defaultErrorPolicy, statuses: { SLOW_DOWN: 429, NO_SUCH_THING: 404 } })
    const res = await d.request('/domain/SLOW_DOWN', {}, env)
    expect(res.status).toBe(429)
    expect(res.headers.get('retry-after')).toBe('7')
    expect(await res.json()).toEqual({ error: 'The domain said no.', code: 'SLOW_DOWN', retry_after_seconds: 7, which: 'this one' })
    expect((await d.request('/domain/NO_SUCH_THING', {}, env)).status).toBe(404)
  })

  it('answers a DomainError whose code has no status as the bug it is: a 500 that hides the message', async () => {
    const res = await app.request('/domain/UNMAPPED_CODE', {}, env)
    expect(res.status).toBe(500)
    const text = await res.text()
    expect(JSON.parse(text)).toMatchObject({ code: 'INTERNAL_ERROR' })
    expect(text).not.toContain('The domain said no')
  })

  it('adds the service body extra (Service D: ok:false)', async () => {
    const d = platformApp({
      invalidJson: { status: 400, code: 'INVALID_JSON' },
      invalidBody: { status: 422, code: 'VALIDATION_ERROR' },
      invalidQuery: { status: 422, code: 'VALIDATION_ERROR' },
      unsupportedMediaType: { status: 415, code: 'UNSUPPORTED_MEDIA_TYPE' },
      bodyExtra: { ok: false },
    })
    const res = await d.request('/things', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } }, env)
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' })
  })

  it('sets security headers on JSON answers', async () => {
    const res = await app.request('/healthz', {}, env)
    expect(res.headers.get('x-content-type-options')).toBe('nosniff')
    expect(res.headers.get('content-security-policy')).toContain("default-src 'none'")
  })

  it('serves an OpenAPI 3.1 document and a docs page generated from the routes', async () => {
    const doc = (await (await app.request('/openapi.json', {}, env)).json()) as { openapi: string; paths: Record<string, unknown> }
    expect(doc.openapi).toBe('3.1.0')
    expect(Object.keys(doc.paths)).toEqual(expect.arrayContaining(['/healthz', '/things']))
    const page = await app.request('/docs', {}, env)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('/things')
    expect(page.headers.get('content-security-policy')).toMatch(/style-src 'sha256-/)
  })

  it('redirects plain HTTP to HTTPS on the same host when the service is published over HTTPS', async () => {
    const prod = { ...env, BASE_URL: 'https://svc.example' }
    const get = await app.request('http://svc.example/healthz?x=1', {}, prod)
    expect(get.status).toBe(301)
    expect(get.headers.get('location')).toBe('https://svc.example/healthz?x=1')
    const post = await app.request('http://svc.example/things', { method: 'POST' }, prod)
    expect(post.status).toBe(308)
    // Locally (BASE_URL http://localhost…) nothing is redirected.
    expect((await app.request('http://localhost/healthz', {}, env)).status).toBe(200)
  })

  it('redirects to BASE_URL, never to the Host the request named', async () => {
    const prod = { ...env, BASE_URL: 'https://svc.example' }
    const forged = await app.request('http://attacker.example/healthz?next=1', { headers: { host: 'attacker.example' } }, prod)
    expect(forged.status).toBe(301)
    expect(forged.headers.get('location')).toBe('https://svc.example/healthz?next=1')
  })

  it.each([
    ['/go/a%0d%0aSet-Cookie:%20x=1', 404, 'NOT_FOUND'],
    ['/go/%00', 404, 'NOT_FOUND'],
    ['/go/a%7Fb', 404, 'NOT_FOUND'],
    ['/healthz?x=%0d%0a', 400, 'INVALID_QUERY'],
    ['/healthz?x=a%09b', 400, 'INVALID_QUERY'],
  ])('answers a control character in %s with %i, never a 500', async (path, status, code) => {
    const res = await app.request(`https://svc.example${path}`, {}, env)
    expect(res.status).toBe(status)
    expect(res.headers.get('location')).toBeNull()
    expect(((await res.json()) as { code: string }).code).toBe(code)
  })

  it('still serves ordinary encoded paths and queries', async () => {
    const res = await app.request('https://svc.example/go/caf%C3%A9%20x?q=a+b%2Fc', {}, env)
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/v/caf%C3%A9%20x')
  })
})
