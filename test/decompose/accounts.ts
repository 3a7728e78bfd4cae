import { env } from 'cloudflare:workers'
import { generateKey, sha256Hex } from '../../shared/keys'
import { issueTestKey } from '../helpers/keys'
import { app } from './app'

/**
 * Creates a dashboard account the way the admin CLI does (`npm run admin -- accounts create`):
 * a `dcmp_acct_` token whose SHA-256 hash is stored, returned raw once.
 */
export async function createTestAccount(plan: 'free' | 'paid', email = `${crypto.randomUUID()}@example.com`) {
  const token = generateKey('dcmp_acct_')
  const id = crypto.randomUUID()
  await env.DB.prepare('INSERT INTO accounts (id, email, plan, token_hash, created_at) VALUES (?, ?, ?, ?, ?)')
    .bind(id, email, plan, await sha256Hex(token), new Date().toISOString())
    .run()
  return { id, email, token }
}

/** A decompose key of a new paid account, raw, as a customer holds it. */
export async function paidKey(): Promise<string> {
  const account = await createTestAccount('paid')
  return (await issueTestKey(env.DB, 'decompose', 'paid', { accountId: account.id })).rawKey
}

/** POST /api/v1/decompose with that key and a JSON body. */
export async function postPlan(key: string, body: unknown): Promise<Response> {
  return app.request(
    '/api/v1/decompose',
    { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) },
    env
  )
}

export function form(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  }
}

/** Every Set-Cookie line (workerd has Headers.getSetCookie; this project's workers types predate it). */
export function setCookies(res: Response): string[] {
  return (res.headers as unknown as { getSetCookie(): string[] }).getSetCookie()
}

/** Opens the sign-in page as a browser does: its form token and the cookie holding its copy. */
export async function signInForm(): Promise<{ cookie: string; csrf: string }> {
  const res = await app.request('/dashboard', {}, env)
  const cookie = setCookies(res).find((c) => c.startsWith('__Host-dcmp_signin='))
  if (!cookie) throw new Error('the sign-in page set no form cookie')
  return { cookie: cookie.split(';')[0], csrf: csrfOf(await res.text()) }
}

/** Posts the sign-in form (with its form token unless `fields` says otherwise). */
export async function postSignIn(
  fields: Record<string, string>,
  ip = '203.0.113.1',
  headers: Record<string, string> = {}
): Promise<Response> {
  const page = await signInForm()
  return app.request(
    '/dashboard/sign-in',
    form({ csrf: page.csrf, ...fields }, { cookie: page.cookie, 'cf-connecting-ip': ip, ...headers }),
    env
  )
}

/** Signs in through the form and returns the cookie to send back and the page's CSRF token. */
export async function signIn(token: string, ip = '203.0.113.1'): Promise<{ cookie: string; csrf: string }> {
  const res = await postSignIn({ token }, ip)
  if (res.status !== 303) throw new Error(`sign-in failed: ${res.status}`)
  const cookie = setCookies(res)
    .find((c) => c.startsWith('__Host-dcmp_session='))!
    .split(';')[0]
  const page = await (await app.request('/dashboard', { headers: { cookie } }, env)).text()
  return { cookie, csrf: csrfOf(page) }
}

export function csrfOf(page: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(page)
  if (!m) throw new Error('no CSRF field on the page')
  return m[1]
}
