import { env } from 'cloudflare:workers'
import type { HttpFetcher } from '../../shared/http-fetcher'
import { app, makeApp } from './app'

export { app }

let ipCounter = 0
/** A client address of its own per test, so the 10/hour free limit never leaks between tests. */
export function freshIp(): string {
  ipCounter++
  return `198.51.100.${ipCounter % 250}${ipCounter >= 250 ? `:${ipCounter}` : ''}`
}

export function publishJson(body: unknown, headers: Record<string, string> = {}, target = app) {
  return target.request(
    '/api/drop',
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': freshIp(), ...headers },
      body: JSON.stringify(body),
    },
    env
  )
}

export function publishFile(
  name: string,
  content: string | Uint8Array,
  fields: Record<string, string> = {},
  headers: Record<string, string> = {}
) {
  const form = new FormData()
  form.append('file', new File([content], name, { type: 'text/markdown' }))
  for (const [k, v] of Object.entries(fields)) form.append(k, v)
  return app.request('/api/drop', { method: 'POST', headers: { 'cf-connecting-ip': freshIp(), ...headers }, body: form }, env)
}

export type Published = { url: string; slug: string; expires_at: string | null }

export async function published(res: Response): Promise<Published> {
  if (res.status !== 201) throw new Error(`expected 201, got ${res.status}: ${await res.text()}`)
  return res.json()
}

export function appWithFetcher(fetcher: HttpFetcher, now: () => Date = () => new Date()) {
  return makeApp({ fetcher, now })
}

/** The drop app on a clock the test sets (expiry, burn and quotas read `deps.now`). */
export function appAt(clock: { now: Date }) {
  return makeApp({ clock })
}
