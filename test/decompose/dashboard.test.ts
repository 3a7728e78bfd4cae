import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { sha256Hex } from '../../shared/keys'
import { app, makeApp } from './app'
import { createTestAccount, csrfOf, form, postSignIn, setCookies, signIn, signInForm } from './accounts'

const get = (path: string, cookie?: string) => app.request(path, { headers: cookie ? { cookie } : {} }, env)
const postForm = (path: string, fields: Record<string, string>, cookie?: string, headers: Record<string, string> = {}) =>
  app.request(path, form(fields, { ...(cookie ? { cookie } : {}), ...headers }), env)

function keyOf(page: string): string {
  const m = /(dcmp_[0-9A-Za-z]{32})/.exec(page)
  if (!m) throw new Error('no key on the page')
  return m[1]
}

const decompose = (key: string) =>
  app.request(
    '/api/v1/decompose',
    {
      method: 'POST',
      headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
      body: JSON.stringify({ goal: 'Run a 5K' }),
    },
    env
  )

describe('sign in', () => {
  it('shows a script-free sign-in form with a strict CSP', async () => {
    const res = await get('/dashboard')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/text\/html/)
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("form-action 'self'")
    const page = await res.text()
    expect(page).toContain('action="/dashboard/sign-in"')
    expect(page).not.toMatch(/<script/i)
  })

  it('refuses an unknown or malformed token with a page, not a session', async () => {
    for (const token of ['dcmp_acct_0123456789abcdefghijABCDEFGHIJ01', 'nonsense', '']) {
      const res = await postSignIn({ token }, '198.51.100.7')
      expect(res.status).toBe(401)
      expect(res.headers.get('set-cookie')).not.toMatch(/dcmp_session=/)
      expect(await res.text()).toContain('not valid')
    }
  })

  it('sets a __Host- session cookie: HttpOnly, Secure, SameSite=Strict; only its hash is stored', async () => {
    const { token, id } = await createTestAccount('paid')
    const res = await postSignIn({ token }, '198.51.100.8')
    expect(res.status).toBe(303)
    expect(res.headers.get('location')).toBe('/dashboard')
    const cookie = setCookies(res)[0]
    expect(cookie).toMatch(/^__Host-dcmp_session=[0-9A-Za-z]{43};/)
    expect(cookie).toMatch(/; HttpOnly/)
    expect(cookie).toMatch(/; Secure/)
    expect(cookie).toMatch(/; SameSite=Strict/)
    expect(cookie).toMatch(/; Path=\//)
    const raw = /=([0-9A-Za-z]+);/.exec(cookie)![1]
    const stored = await env.DB.prepare('SELECT id_hash FROM sessions WHERE account_id = ?').bind(id).all<{ id_hash: string }>()
    expect(stored.results.map((r) => r.id_hash)).toEqual([await sha256Hex(raw)])
  })

  it('limits sign-in attempts per address and answers with a page', async () => {
    const ip = '192.0.2.44'
    const statuses: number[] = []
    for (let i = 0; i < 10; i++) statuses.push((await postSignIn({ token: 'wrong' }, ip)).status)
    expect(statuses).toEqual(Array(10).fill(401))
    const limited = await postSignIn({ token: 'wrong' }, ip)
    expect(limited.status).toBe(429)
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0)
    expect(limited.headers.get('content-type')).toMatch(/text\/html/)
  })

  it('lets an address try again once its 10-minute sign-in window has passed', async () => {
    // A clock a day ahead: the limiter's clean-up alarm stays in the future during the test.
    const clock = { now: new Date(Date.now() + 86_400_000) }
    const timed = makeApp(clock)
    const attempt = async () => {
      const page = await signInForm()
      return timed.request(
        '/dashboard/sign-in',
        form({ csrf: page.csrf, token: 'wrong' }, { cookie: page.cookie, 'cf-connecting-ip': '192.0.2.45' }),
        env
      )
    }
    for (let i = 0; i < 10; i++) expect((await attempt()).status).toBe(401)
    const limited = await attempt()
    expect(limited.status).toBe(429)
    expect(limited.headers.get('retry-after')).toBe('600')
    expect(await limited.text()).toContain('Try again in 10 minutes.')
    clock.now = new Date(clock.now.getTime() + 599_000)
    expect((await attempt()).status).toBe(429)
    clock.now = new Date(clock.now.getTime() + 2_000)
    expect((await attempt()).status).toBe(401)
  })

  it('treats an expired session as signed out', async () => {
    const { id } = await createTestAccount('paid')
    const raw = 'A'.repeat(43)
    await env.DB.prepare('INSERT INTO sessions (id_hash, account_id, csrf_token, expires_at) VALUES (?, ?, ?, ?)')
      .bind(await sha256Hex(raw), id, 'x'.repeat(32), new Date(Date.now() - 1000).toISOString())
      .run()
    expect(await (await get('/dashboard', `__Host-dcmp_session=${raw}`)).text()).toContain('action="/dashboard/sign-in"')
  })
})

describe('paid account: key lifecycle', () => {
  it('creates a key shown once, lists it by prefix, records use, and revokes it', async () => {
    const account = await createTestAccount('paid')
    const { cookie, csrf } = await signIn(account.token)

    const listing = await (await get('/dashboard', cookie)).text()
    expect(listing).toContain(account.email)
    expect(listing).toContain('No keys yet')
    expect(listing).toContain('action="/dashboard/keys"')

    const created = await postForm('/dashboard/keys', { csrf }, cookie)
    expect(created.status).toBe(200)
    expect(created.headers.get('cache-control')).toBe('no-store')
    const page = await created.text()
    const key = keyOf(page)
    expect(page).toContain('only time it is shown')

    // Stored hashed, never raw; listed by prefix only.
    const row = await env.DB.prepare('SELECT * FROM api_keys WHERE account_id = ?').bind(account.id).first<Record<string, string>>()
    expect(row).toMatchObject({ key_hash: await sha256Hex(key), key_prefix: key.slice(0, 9), service: 'decompose', plan: 'paid' })
    expect(JSON.stringify(row)).not.toContain(key)
    let list = await (await get('/dashboard', cookie)).text()
    expect(list).not.toContain(key)
    expect(list).toContain(`${key.slice(0, 9)}…`)
    expect(list).toMatch(/<td data-label="Last used">never<\/td>/)

    expect((await decompose(key)).status).toBe(200)
    list = await (await get('/dashboard', cookie)).text()
    expect(list).not.toMatch(/<td data-label="Last used">never<\/td>/)

    const revoke = await postForm(`/dashboard/keys/${row!.id}/revoke`, { csrf }, cookie)
    expect(revoke.status).toBe(303)
    expect(revoke.headers.get('location')).toBe('/dashboard?revoked=1')
    expect((await decompose(key)).status).toBe(401)
    list = await (await get('/dashboard?revoked=1', cookie)).text()
    expect(list).toContain('revoked')
    expect(list).not.toContain(`/dashboard/keys/${row!.id}/revoke`)
  })

  it('cannot revoke another account’s key', async () => {
    const owner = await createTestAccount('paid')
    const ownerSession = await signIn(owner.token)
    const key = keyOf(await (await postForm('/dashboard/keys', { csrf: ownerSession.csrf }, ownerSession.cookie)).text())
    const { id } = (await env.DB.prepare('SELECT id FROM api_keys WHERE key_hash = ?')
      .bind(await sha256Hex(key))
      .first<{ id: string }>())!

    const other = await signIn((await createTestAccount('paid')).token)
    const res = await postForm(`/dashboard/keys/${id}/revoke`, { csrf: other.csrf }, other.cookie)
    expect(res.status).toBe(404)
    expect((await decompose(key)).status).toBe(200)
  })

  it('changes nothing without the session’s CSRF token or from another origin', async () => {
    const account = await createTestAccount('paid')
    const { cookie, csrf } = await signIn(account.token)
    const count = async () =>
      (await env.DB.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE account_id = ?').bind(account.id).first<{ n: number }>())!.n

    expect((await postForm('/dashboard/keys', {}, cookie)).status).toBe(403)
    expect((await postForm('/dashboard/keys', { csrf: 'x'.repeat(32) }, cookie)).status).toBe(403)
    expect((await postForm('/dashboard/keys', { csrf }, cookie, { origin: 'https://evil.example' })).status).toBe(403)
    const otherSession = await signIn((await createTestAccount('paid')).token)
    expect((await postForm('/dashboard/keys', { csrf: otherSession.csrf }, cookie)).status).toBe(403)
    expect(await count()).toBe(0)

    expect((await postForm('/dashboard/keys', { csrf }, cookie, { origin: new URL(env.BASE_URL).origin })).status).toBe(200)
    expect(await count()).toBe(1)
  })

  it('asks to sign in when a form is posted without a session', async () => {
    const res = await postForm('/dashboard/keys', { csrf: 'whatever' })
    expect(res.status).toBe(401)
    expect(await res.text()).toContain('action="/dashboard/sign-in"')
  })

  it('signs out: the session is deleted and the old cookie no longer works', async () => {
    const account = await createTestAccount('paid')
    const { cookie, csrf } = await signIn(account.token)
    const res = await postForm('/dashboard/sign-out', { csrf }, cookie)
    expect(res.status).toBe(303)
    expect(res.headers.get('set-cookie')).toMatch(/^__Host-dcmp_session=;/)
    expect(await (await get('/dashboard', cookie)).text()).toContain('action="/dashboard/sign-in"')
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM sessions WHERE account_id = ?').bind(account.id).first<{ n: number }>()
    expect(n!.n).toBe(0)
  })
})

describe('forms in a browser (issue 18 §5)', () => {
  it('sign-in needs the form token the sign-in page set; without it, no session', async () => {
    const { token } = await createTestAccount('paid')
    const page = await signInForm()
    expect(page.cookie).toMatch(/^__Host-dcmp_signin=[0-9A-Za-z]{32}$/)
    const noToken = await postForm('/dashboard/sign-in', { token }, page.cookie, { 'cf-connecting-ip': '198.51.100.20' })
    expect(noToken.status).toBe(403)
    expect(noToken.headers.get('set-cookie')).not.toMatch(/dcmp_session=/)
    const noCookie = await postForm('/dashboard/sign-in', { token, csrf: page.csrf }, undefined, { 'cf-connecting-ip': '198.51.100.20' })
    expect(noCookie.status).toBe(403)
  })

  it('accepts Origin: null (what Chromium sends from a no-referrer page) only with a valid token', async () => {
    const account = await createTestAccount('paid')
    const signedIn = await postSignIn({ token: account.token }, '198.51.100.21', { origin: 'null', 'sec-fetch-site': 'same-origin' })
    expect(signedIn.status).toBe(303)
    const cookie = setCookies(signedIn)[0].split(';')[0]
    const csrf = csrfOf(await (await get('/dashboard', cookie)).text())
    expect((await postForm('/dashboard/keys', { csrf: 'x'.repeat(32) }, cookie, { origin: 'null' })).status).toBe(403)
    expect((await postForm('/dashboard/keys', { csrf }, cookie, { origin: 'null' })).status).toBe(200)
    // A cross-site form is refused even with a token, whatever Origin says.
    expect((await postForm('/dashboard/keys', { csrf }, cookie, { origin: 'null', 'sec-fetch-site': 'cross-site' })).status).toBe(403)
  })

  it('names keys (escaped) and asks before revoking', async () => {
    const account = await createTestAccount('paid')
    const { cookie, csrf } = await signIn(account.token)
    const created = await (await postForm('/dashboard/keys', { csrf, name: '  <b>prod</b> app ' }, cookie)).text()
    expect(created).toContain('“&lt;b&gt;prod&lt;/b&gt; app”')
    const list = await (await get('/dashboard', cookie)).text()
    expect(list).toContain('<td data-label="Name">&lt;b&gt;prod&lt;/b&gt; app</td>')
    const { id } = (await env.DB.prepare('SELECT id FROM api_keys WHERE account_id = ?').bind(account.id).first<{ id: string }>())!
    // The list links to a confirmation page; only that page's form revokes.
    expect(list).toContain(`href="/dashboard/keys/${id}/revoke"`)
    expect(list).not.toContain(`action="/dashboard/keys/${id}/revoke"`)
    const confirm = await get(`/dashboard/keys/${id}/revoke`, cookie)
    expect(confirm.status).toBe(200)
    const text = await confirm.text()
    expect(text).toContain('Revoke “&lt;b&gt;prod&lt;/b&gt; app”')
    expect(text).toContain(`action="/dashboard/keys/${id}/revoke"`)
    // Another account cannot even see the confirmation for this key.
    const other = await signIn((await createTestAccount('paid')).token)
    expect((await get(`/dashboard/keys/${id}/revoke`, other.cookie)).status).toBe(404)
  })
})

describe('free account', () => {
  it('is told keys need the paid plan and cannot create one', async () => {
    const account = await createTestAccount('free')
    const { cookie } = await signIn(account.token)
    const page = await (await get('/dashboard', cookie)).text()
    expect(page).toContain('need the <strong>paid plan</strong>')
    expect(page).not.toContain('action="/dashboard/keys"')

    const res = await postForm('/dashboard/keys', { csrf: csrfOf(page) }, cookie)
    expect(res.status).toBe(403)
    expect(await res.text()).toContain('paid plan')
    const n = await env.DB.prepare('SELECT COUNT(*) AS n FROM api_keys WHERE account_id = ?').bind(account.id).first<{ n: number }>()
    expect(n!.n).toBe(0)
  })
})
