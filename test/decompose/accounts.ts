import { env } from 'cloudflare:workers'
import { generateKey, sha256Hex } from '../../shared/keys'
import app from '../../workers/decompose/index'

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

export function form(fields: Record<string, string>, headers: Record<string, string> = {}): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
    body: new URLSearchParams(fields).toString(),
  }
}

/** Signs in through the form and returns the cookie to send back and the page's CSRF token. */
export async function signIn(token: string, ip = '203.0.113.1'): Promise<{ cookie: string; csrf: string }> {
  const res = await app.request('/dashboard/sign-in', form({ token }, { 'cf-connecting-ip': ip }), env)
  if (res.status !== 303) throw new Error(`sign-in failed: ${res.status}`)
  const cookie = res.headers.get('set-cookie')!.split(';')[0]
  const page = await (await app.request('/dashboard', { headers: { cookie } }, env)).text()
  return { cookie, csrf: csrfOf(page) }
}

export function csrfOf(page: string): string {
  const m = /name="csrf" value="([^"]+)"/.exec(page)
  if (!m) throw new Error('no CSRF field on the page')
  return m[1]
}
