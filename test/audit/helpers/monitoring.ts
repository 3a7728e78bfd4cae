import { createExecutionContext, waitOnExecutionContext } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { buildAuditApp, type AuditDeps } from '../../../workers/audit/app'
import { runDueMonitors } from '../../../workers/audit/monitor/runner'
import { issueTestKey } from '../../helpers/keys'
import { makeCert, type MadeCert } from './certs'
import { redirect, STRONG_HEADERS, worldFetcher, type World } from './site'
import { recordedConnector, serverFlight } from './tls-flight'

export const PUBLIC_A = ['93.184.215.14']
let counter = 0

/**
 * A replayed world that grows as tests add sites, one clock that only moves forward, and the
 * audit app and the monitors' cron run against both, as the deployed worker would.
 */
export function monitoringWorld() {
  const world: World = { zone: {}, pages: {}, handshakes: {} }
  const fetcher = worldFetcher(world)
  const clock = { now: new Date() }
  const deps: AuditDeps = { fetcher, connectTls: recordedConnector(world.handshakes!), now: () => clock.now, handshakeTimeoutMs: 50 }
  const app = buildAuditApp(deps)
  let ca: MadeCert | null = null

  /** A site serving STRONG_HEADERS (mutable: tests take headers away) and a certificate valid `days` more days. */
  async function site(options: { days?: number } = {}) {
    const domain = `watched-${++counter}-${crypto.randomUUID().slice(0, 6)}.org`
    const headers: Record<string, string> = { ...STRONG_HEADERS }
    world.zone[domain] = { A: PUBLIC_A }
    world.pages[`http://${domain}/`] = redirect(301, `https://${domain}/`)
    world.pages[`https://${domain}/`] = () => ({ headers: { ...headers }, body: '<!doctype html><title>watched</title>' })
    ca ??= await makeCert({ subject: "C=US, O=Let's Encrypt, CN=R11", notAfterDays: 1000, ca: true })
    const leaf = await makeCert({ subject: `CN=${domain}`, issuer: ca, names: [domain], notAfterDays: options.days ?? 80 })
    world.handshakes![domain] = serverFlight([leaf.der, ca.der])
    return { domain, headers }
  }

  async function request(path: string, init: RequestInit = {}, key?: string) {
    const headers = new Headers(init.headers)
    if (key) headers.set('authorization', `Bearer ${key}`)
    if (init.body) headers.set('content-type', 'application/json')
    if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', '198.51.100.77')
    const ctx = createExecutionContext()
    const res = await app.request(path, { ...init, headers }, env, ctx)
    await waitOnExecutionContext(ctx)
    return res
  }

  const cron = (extraEnv: Record<string, string> = {}) => runDueMonitors({ ...env, ...extraEnv } as never, deps)
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms)
  }
  return { world, fetcher, clock, deps, app, site, request, cron, advance }
}

export async function proKey() {
  return issueTestKey(env.DB, 'audit', 'pro')
}

/** The alert events stored for an owner's webhook endpoints, oldest first. */
export async function eventsOf(owner: string): Promise<Array<{ type: string; data: Record<string, any> }>> {
  const { results } = await env.DB.prepare('SELECT payload FROM webhook_deliveries WHERE owner_key_id = ? ORDER BY created_at, rowid').bind(owner).all<{ payload: string }>()
  return results.map((r) => JSON.parse(r.payload))
}
