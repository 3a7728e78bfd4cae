import { env } from 'cloudflare:workers'
import { replayFetcher, type HttpFetcher } from '../../shared/http-fetcher'
import { makeApp as buildApp, type Clock } from './app'
import { issueTestKey } from '../helpers/keys'

export type { Clock }

/** The real app (test/sds/app.ts) with a settable clock and a fetcher that refuses the network. */
export function makeApp(clock: Clock = { now: new Date() }, fetcher: HttpFetcher = replayFetcher([])) {
  return buildApp({ fetcher, clock })
}

export const app = makeApp()

export async function newKey(
  plan: 'trial' | 'standard' | 'pro' | 'enterprise',
  opts: { credits?: number; status?: 'active' | 'cancelled'; createdAt?: Date } = {}
): Promise<{ rawKey: string; id: string }> {
  const key = await issueTestKey(env.DB, 'sds', plan, { now: opts.createdAt ?? new Date() })
  await env.DB.prepare('UPDATE api_keys SET credits = ?, subscription_status = ? WHERE id = ?')
    .bind(opts.credits ?? null, opts.status ?? 'active', key.id)
    .run()
  return key
}

export function post(
  target: ReturnType<typeof makeApp>,
  format: 'us' | 'eu',
  key: string | null,
  body: unknown,
  extraEnv: Record<string, unknown> = {}
) {
  return target.request(
    `/api/v1/sds/${format}`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(key ? { authorization: `Bearer ${key}` } : {}) },
      body: typeof body === 'string' ? body : JSON.stringify(body),
    },
    { ...env, ...extraEnv }
  )
}

export function usage(target: ReturnType<typeof makeApp>, key: string) {
  return target.request('/api/v1/usage', { headers: { authorization: `Bearer ${key}` } }, env)
}

export function base64ToBytes(b64: string): Uint8Array {
  return Uint8Array.from(atob(b64), (c) => c.charCodeAt(0))
}
