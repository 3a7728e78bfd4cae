import {
  createExecutionContext,
  createMessageBatch,
  createScheduledController,
  getQueueResult,
  waitOnExecutionContext,
} from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import type { AuditDeps } from '../../../workers/audit/app'
import { makeApp } from '../app'
import { createQueueHandler, MONITOR_QUEUE_NAME, WEBHOOK_QUEUE_NAME } from '../../../workers/audit/queue'
import type { DeliveryMessage } from '../../../shared/webhooks/events'
import { createScheduledHandler } from '../../../workers/audit/scheduled'
import type { RunTicket } from '../../../workers/audit/domain/monitor/runner'
import { auditPorts } from '../../../workers/audit/env'
import { dispatchDueMonitors } from '../../../workers/audit/use-cases/monitor-runs'
import { issueTestKey } from '../../helpers/keys'
import { makeCert, type MadeCert } from './certs'
import { redirect, STRONG_HEADERS, worldFetcher, type World } from './site'
import { recordedConnector, serverFlight } from './tls-flight'

export const PUBLIC_A = ['93.184.215.14']
/** Long enough that the live consumer never sees a test's tickets (the Queues maximum, 24 h). */
const PAST_THE_RUN = 86_400
let counter = 0

/**
 * A replayed world that grows as tests add sites, one clock that only moves forward, and the
 * audit app and the monitors' cron run against both, as the deployed worker would.
 */
export function monitoringWorld(options: { bindings?: Record<string, unknown>; recordWebhooks?: boolean } = {}) {
  const webhookMessages: DeliveryMessage[] = []
  // The worker's bindings with the test's own settings; with recordWebhooks, alert deliveries
  // are kept for drainWebhooks() instead of reaching the runtime's live consumer.
  const bindings = () =>
    ({
      ...env,
      ...options.bindings,
      ...(options.recordWebhooks
        ? {
            WEBHOOK_QUEUE: {
              send: async (body: DeliveryMessage) => void webhookMessages.push(body),
              sendBatch: async (list: Iterable<MessageSendRequest<DeliveryMessage>>) =>
                void webhookMessages.push(...[...list].map((m) => m.body)),
            },
          }
        : {}),
    }) as never
  const world: World = { zone: {}, pages: {}, handshakes: {} }
  const fetcher = worldFetcher(world)
  const clock = { now: new Date() }
  const deps: AuditDeps = { fetcher, connectTls: recordedConnector(world.handshakes!), now: () => clock.now, handshakeTimeoutMs: 50 }
  const app = makeApp(deps)
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
    if (init.body && !headers.has('content-type')) headers.set('content-type', 'application/json')
    if (!headers.has('cf-connecting-ip')) headers.set('cf-connecting-ip', '198.51.100.77')
    const ctx = createExecutionContext()
    const res = await app.request(path, { ...init, headers }, bindings(), ctx)
    await waitOnExecutionContext(ctx)
    return res
  }

  const queueHandler = createQueueHandler(deps)

  /** The cron's dispatch of due monitors, with the tickets it sent. */
  async function dispatch(extraEnv: Record<string, unknown> = {}) {
    const sent: Sent[] = []
    const withQueue = { ...(bindings() as object), ...extraEnv, MONITOR_QUEUE: recordingQueue(sent) } as never
    const result = await dispatchDueMonitors(auditPorts(withQueue, deps, () => {}))
    return { ...result, sent }
  }

  /** Hands run tickets to the worker's queue handler as one delivered batch; says what it acked. */
  async function consume(tickets: RunTicket[]) {
    if (tickets.length === 0) return { acked: [] as string[], retried: [] as string[] }
    const batch = createMessageBatch<RunTicket>(
      MONITOR_QUEUE_NAME,
      tickets.map((body, i) => ({ id: `msg-${i}`, timestamp: clock.now, attempts: 1, body }))
    )
    const ctx = createExecutionContext()
    await queueHandler(batch, bindings())
    const result = await getQueueResult(batch, ctx)
    return { acked: result.explicitAcks, retried: result.retryMessages.map((m) => m.msgId) }
  }

  /** One cron minute: dispatch, then the consumer runs every ticket sent. */
  const cron = async (extraEnv: Record<string, unknown> = {}) => {
    const { due, enqueued, sent } = await dispatch(extraEnv)
    await consume(sent.map((m) => m.body))
    return { due, enqueued }
  }

  /** The worker's scheduled handler (dispatch and the e-mail outbox) with these deps and extra settings. */
  async function scheduled(extraEnv: Record<string, unknown> = {}) {
    const ctx = createExecutionContext()
    const sent: Sent[] = []
    await createScheduledHandler(deps)(
      createScheduledController({ cron: '* * * * *' }),
      { ...(bindings() as object), ...extraEnv, MONITOR_QUEUE: recordingQueue(sent) } as never,
      ctx
    )
    await waitOnExecutionContext(ctx)
    return { sent }
  }
  /** Runs the worker's webhook consumer on every alert delivery recorded so far (recordWebhooks); says what it acked. */
  async function drainWebhooks() {
    const list = webhookMessages.splice(0)
    if (list.length === 0) return { acked: [] as string[], retried: [] as string[] }
    const batch = createMessageBatch<DeliveryMessage>(
      WEBHOOK_QUEUE_NAME,
      list.map((body, i) => ({ id: `whd-msg-${i}`, timestamp: clock.now, attempts: 1, body }))
    )
    const ctx = createExecutionContext()
    await queueHandler(batch, bindings())
    const result = await getQueueResult(batch, ctx)
    return { acked: result.explicitAcks, retried: result.retryMessages.map((m) => m.msgId) }
  }
  const advance = (ms: number) => {
    clock.now = new Date(clock.now.getTime() + ms)
  }
  return { world, fetcher, clock, deps, app, site, request, cron, dispatch, consume, scheduled, drainWebhooks, advance }
}

type Sent = { body: RunTicket; delaySeconds?: number }

/**
 * The real MONITOR_QUEUE binding with every ticket sent recorded on the way. The worker's own
 * consumer in this test runtime is index.ts with live deps (the network), so the tickets reach
 * the real queue delayed past the test run, and tests hand them to the same consumer code built
 * with the replayed world (`consume`).
 */
function recordingQueue(sent: Sent[]) {
  const real = env.MONITOR_QUEUE
  return {
    send: async (body: RunTicket, options?: QueueSendOptions) => {
      sent.push({ body, delaySeconds: options?.delaySeconds })
      await real.send(body, { delaySeconds: PAST_THE_RUN })
    },
    sendBatch: async (messages: Iterable<MessageSendRequest<RunTicket>>) => {
      const list = [...messages]
      sent.push(...list.map((m) => ({ body: m.body, delaySeconds: m.delaySeconds })))
      await real.sendBatch(list.map((m) => ({ body: m.body, delaySeconds: PAST_THE_RUN })))
    },
  }
}

export async function proKey() {
  return issueTestKey(env.DB, 'audit', 'pro')
}

/** The alert events stored for an owner's webhook endpoints, oldest first. */
export async function eventsOf(owner: string): Promise<Array<{ type: string; data: Record<string, any> }>> {
  const { results } = await env.DB.prepare('SELECT payload FROM webhook_deliveries WHERE owner_key_id = ? ORDER BY created_at, rowid')
    .bind(owner)
    .all<{ payload: string }>()
  return results.map((r) => JSON.parse(r.payload))
}

/** The newest confirmation link written to `owner`'s outbox for `address`, as its token (null when none). */
export async function confirmationToken(owner: string, address: string): Promise<string | null> {
  const row = await env.DB.prepare(
    "SELECT text FROM alert_mail_outbox WHERE owner_key_id = ? AND lower(to_address) = lower(?) AND kind = 'confirmation' ORDER BY created_at DESC, rowid DESC LIMIT 1"
  )
    .bind(owner, address)
    .first<{ text: string }>()
  return row ? (/[?&]token=([^\s&]+)/.exec(row.text)?.[1] ?? null) : null
}

/** What the address's owner does on receiving the link: confirms it (POST, as the page's button does). */
export async function confirmEmail(
  request: (path: string, init?: RequestInit, key?: string) => Promise<Response>,
  owner: string,
  address: string
): Promise<Response> {
  const token = await confirmationToken(owner, address)
  if (!token) throw new Error(`no confirmation link for ${address}`)
  return request('/api/v1/alert-emails/confirm', { method: 'POST', body: JSON.stringify({ token }) })
}
