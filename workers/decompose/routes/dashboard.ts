import { createRoute, z } from '@hono/zod-openapi'
import type { Context, MiddlewareHandler } from 'hono'
import { deleteCookie, getCookie, setCookie } from 'hono/cookie'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { sendPage } from '../../../shared/html'
import { randomBase62 } from '../../../shared/keys'
import { htmlResponse } from '../../../shared/openapi'
import { clientIp } from '../../../shared/rate-limit/client'
import { rateLimit } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'
import { accountPage, confirmRevokePage, DASHBOARD_CSS, keyCreatedPage, messagePage, signInPage } from '../pages/dashboard'
import { policy } from '../policy'
import * as store from '../store'

/**
 * The key dashboard: sign in with an account token, then create, list and revoke keys.
 * Session: a random id in a `__Host-` cookie (HttpOnly, Secure, SameSite=Strict, path /),
 * stored only as its SHA-256 hash. Every POST form carries a CSRF token (OWASP CSRF cheat
 * sheet): the session's synchronizer token, or before sign-in a double-submit token whose
 * copy sits in a `__Host-` SameSite=Strict cookie. The token is what proves the form is ours.
 * The Origin header is checked as well, but our pages send no referrer, so Chromium sends
 * `Origin: null` on their own form posts (issue 18 §5): `null` is accepted, since the token
 * is required anyway; another site's origin, or `Sec-Fetch-Site: cross-site`, is refused.
 */
const COOKIE = 'dcmp_session'
const SIGN_IN_COOKIE = 'dcmp_signin'
const FORM_TYPES = ['application/x-www-form-urlencoded', 'multipart/form-data']
const formBody = body({ maxBytes: 4096, accept: FORM_TYPES, policy })
const PAGE = { css: DASHBOARD_CSS, formAction: "'self'" }

type Ctx = Context<AppEnv>

async function show(c: Ctx, page: string, status: 200 | 400 | 401 | 403 | 404 | 429 = 200): Promise<Response> {
  c.header('Cache-Control', 'no-store')
  return sendPage(c, page, status, PAGE)
}

/** Loads the session named by the cookie, if it is valid and unexpired. */
const loadSession: MiddlewareHandler<AppEnv> = async (c, next) => {
  const raw = getCookie(c, COOKIE, 'host')
  c.set('session', raw ? await store.findSession(c.env.DB, raw, c.var.deps.now()) : null)
  await next()
}

/** Another site's form: a foreign Origin, or the browser saying the request is cross-site. */
function fromAnotherSite(c: Ctx): boolean {
  if (['cross-site', 'same-site'].includes(c.req.header('sec-fetch-site') ?? '')) return true
  const origin = c.req.header('origin')
  if (!origin || origin === 'null') return false
  return origin !== new URL(c.env.BASE_URL).origin && origin !== new URL(c.req.url).origin
}

const refused = (c: Ctx) => show(c, messagePage('Request refused', 'This form was sent from another site, so nothing was changed.'), 403)

async function readForm(c: Ctx): Promise<Record<string, string>> {
  return Object.fromEntries(Object.entries(await c.req.parseBody()).map(([k, v]) => [k, typeof v === 'string' ? v : '']))
}

/** The sign-in form with a fresh double-submit token (cookie and hidden field). */
function showSignIn(c: Ctx, error?: string, status: 200 | 401 | 403 | 429 = 200): Promise<Response> {
  const token = randomBase62(32)
  setCookie(c, SIGN_IN_COOKIE, token, { prefix: 'host', path: '/', httpOnly: true, secure: true, sameSite: 'Strict', maxAge: 3600 })
  return show(c, signInPage(token, error), status)
}

/** A POST from another site, or without this session's CSRF token, changes nothing. */
async function checkForm(c: Ctx): Promise<Response | { form: Record<string, string> }> {
  if (fromAnotherSite(c)) return refused(c)
  const form = await readForm(c)
  const session = c.var.session
  if (!session) return showSignIn(c, 'Your session has ended. Please sign in again.', 401)
  if (!form.csrf || !timingSafeEqual(form.csrf, session.csrf)) {
    return show(
      c,
      messagePage('Request refused', 'The form was out of date or not sent by this dashboard. Reload the page and try again.'),
      403
    )
  }
  return { form }
}

function timingSafeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false
  let diff = 0
  for (let i = 0; i < a.length; i++) diff |= a.charCodeAt(i) ^ b.charCodeAt(i)
  return diff === 0
}

/**
 * 10 sign-in attempts per 10 minutes per client address, counted by the same RateLimiter
 * Durable Object as the API limit. A person at a form gets the sign-in page back, not a
 * JSON error.
 */
const limitSignIn = rateLimit<AppEnv>({
  scope: 'sign-in',
  limit: 10,
  windowSeconds: 600,
  key: clientIp,
  now: (c) => c.var.deps.now(),
  onLimited: (c, error) => {
    const minutes = Math.ceil(Number(error.extra.retry_after_seconds) / 60)
    return showSignIn(c, `Too many sign-in attempts from your network. Try again in ${minutes} minutes.`, 429)
  },
})

const getDashboard = createRoute({
  method: 'get',
  path: '/dashboard',
  summary: 'Key dashboard (HTML): sign-in form, or your keys when signed in',
  middleware: [loadSession] as const,
  responses: { 200: htmlResponse('The sign-in form or the account page.') },
})

const signIn = createRoute({
  method: 'post',
  path: '/dashboard/sign-in',
  summary: 'Sign in with an account token (form fields `token` and `csrf` from the sign-in page); sets the session cookie',
  middleware: [limitSignIn, formBody] as const,
  responses: {
    303: { description: 'Signed in; redirect to /dashboard.' },
    401: htmlResponse('Unknown token.'),
    403: htmlResponse('Missing or stale sign-in form token, or a form from another site.'),
    429: htmlResponse('Too many attempts from this address.'),
  },
})

const signOut = createRoute({
  method: 'post',
  path: '/dashboard/sign-out',
  summary: 'Sign out (form with `csrf`)',
  middleware: [loadSession, formBody] as const,
  responses: {
    303: { description: 'Signed out; redirect to /dashboard.' },
    401: htmlResponse('Not signed in.'),
    403: htmlResponse('Bad CSRF token or origin.'),
  },
})

const createKeyRoute = createRoute({
  method: 'post',
  path: '/dashboard/keys',
  summary: 'Create a `dcmp_` API key (paid accounts; form with `csrf` and an optional `name`, up to 60 characters); the key is shown once',
  middleware: [loadSession, formBody] as const,
  responses: {
    200: htmlResponse('The new key, shown once.'),
    401: htmlResponse('Not signed in.'),
    403: htmlResponse('Free plan, bad CSRF token or cross-origin form.'),
  },
})

const confirmRevokeRoute = createRoute({
  method: 'get',
  path: '/dashboard/keys/{id}/revoke',
  summary: 'Asks to confirm revoking one of your keys (HTML); the form on it revokes',
  middleware: [loadSession] as const,
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    200: htmlResponse('The confirmation page.'),
    401: htmlResponse('Not signed in.'),
    404: htmlResponse('No such active key on this account.'),
  },
})

const revokeKeyRoute = createRoute({
  method: 'post',
  path: '/dashboard/keys/{id}/revoke',
  summary: 'Revoke one of your keys (form with `csrf`)',
  middleware: [loadSession, formBody] as const,
  request: { params: z.object({ id: z.string().min(1).max(64) }) },
  responses: {
    303: { description: 'Revoked; redirect to /dashboard.' },
    401: htmlResponse('Not signed in.'),
    403: htmlResponse('Bad CSRF token or cross-origin form.'),
    404: htmlResponse('No such active key on this account.'),
  },
})

export const dashboardRoutes = createRouter<AppEnv>(policy)
  .openapi(getDashboard, async (c) => {
    const session = c.var.session
    if (!session) return showSignIn(c)
    const keys = await store.listKeys(c.env.DB, session.account.id)
    const flash = c.req.query('revoked') === '1' ? 'The key was revoked; requests with it now get 401.' : undefined
    return show(c, accountPage(session.account, keys, session.csrf, flash))
  })
  .openapi(signIn, async (c) => {
    if (fromAnotherSite(c)) return refused(c)
    const form = await readForm(c)
    // Login CSRF: the hidden field must match the SameSite=Strict cookie set with the form.
    const expected = getCookie(c, SIGN_IN_COOKIE, 'host')
    if (!expected || !form.csrf || !timingSafeEqual(form.csrf, expected)) {
      return showSignIn(c, 'The sign-in form was out of date or not sent by this dashboard. Please try again.', 403)
    }
    const token = (form.token ?? '').trim()
    const account = /^dcmp_acct_[0-9A-Za-z]{32}$/.test(token) ? await store.accountByToken(c.env.DB, token) : null
    if (!account) return showSignIn(c, 'That account token is not valid. Check it and try again.', 401)
    const session = await store.createSession(c.env.DB, account.id, c.var.deps.now())
    setCookie(c, COOKIE, session.id, {
      prefix: 'host',
      path: '/',
      httpOnly: true,
      secure: true,
      sameSite: 'Strict',
      maxAge: session.maxAgeSeconds,
    })
    deleteCookie(c, SIGN_IN_COOKIE, { prefix: 'host', path: '/', secure: true })
    return c.redirect('/dashboard', 303)
  })
  .openapi(signOut, async (c) => {
    const checked = await checkForm(c)
    if (checked instanceof Response) return checked
    await store.deleteSession(c.env.DB, c.var.session!.idHash)
    deleteCookie(c, COOKIE, { prefix: 'host', path: '/', secure: true })
    return c.redirect('/dashboard', 303)
  })
  .openapi(createKeyRoute, async (c) => {
    const checked = await checkForm(c)
    if (checked instanceof Response) return checked
    const { account, csrf } = c.var.session!
    if (account.plan !== 'paid') {
      return show(
        c,
        messagePage(
          'Keys need the paid plan',
          'API keys need the paid plan. Your account is on the free plan; ask your operator to upgrade it.'
        ),
        403
      )
    }
    const name = (checked.form.name ?? '').trim().slice(0, 60) || null
    const { rawKey } = await store.createKey(c.env.DB, account, c.var.deps.now(), name)
    return show(c, keyCreatedPage(rawKey, csrf, c.env.BASE_URL, name))
  })
  .openapi(confirmRevokeRoute, async (c) => {
    const session = c.var.session
    if (!session) return showSignIn(c, 'Please sign in first.', 401)
    const key = await store.ownKey(c.env.DB, session.account.id, c.req.valid('param').id)
    if (!key || key.revoked_at) return show(c, messagePage('Key not found', 'There is no active key with that id on your account.'), 404)
    return show(c, confirmRevokePage(key, session.csrf))
  })
  .openapi(revokeKeyRoute, async (c) => {
    const checked = await checkForm(c)
    if (checked instanceof Response) return checked
    const revoked = await store.revokeKey(c.env.DB, c.var.session!.account.id, c.req.valid('param').id, c.var.deps.now())
    if (!revoked) return show(c, messagePage('Key not found', 'There is no active key with that id on your account.'), 404)
    return c.redirect('/dashboard?revoked=1', 303)
  })
