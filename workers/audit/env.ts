import type { KeyVariables } from '../../shared/auth'
import type { HttpFetcher } from '../../shared/http-fetcher'
import { resolveHost, type Resolver } from '../../shared/net/dns'
import type { RateLimiter } from '../../shared/rate-limit/limiter'
import type { DeliveryMessage } from '../../shared/webhooks/events'
import { devDns } from './dev-dns'
import { domainFromInput } from './domain/domain-input'
import type { AuditDeps } from './domain/audit'
import type { TcpConnector } from './domain/cert/tls-reader'
import type { RunTicket } from './domain/monitor/runner'
import { readCached, type CachedEntry } from './store'

export type Bindings = {
  CACHE: KVNamespace
  DB: D1Database
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  BASE_URL: string
  /** Queue `audit-webhooks`: one message per webhook delivery attempt of a monitor alert (shared/webhooks). */
  WEBHOOK_QUEUE: Queue<DeliveryMessage>
  /** "true" only in local development and tests: also allows http://127.0.0.1:<port> webhook receivers. */
  WEBHOOK_ALLOW_LOCAL?: string
  /** Queue `audit-monitor-runs`: one run ticket per due monitor, sent by the cron, consumed here (monitor/runner.ts). */
  MONITOR_QUEUE: Queue<RunTicket>
  /** Monitor run tickets the cron enqueues per invocation (default 500, at most 900). */
  MONITOR_BATCH_SIZE?: string
  /** Alert e-mails (shared/mail/transport.ts): a send_email binding, or an HTTP e-mail API (secrets); EMAIL_FROM is the sender. */
  EMAIL?: SendEmail
  EMAIL_FROM?: string
  EMAIL_API_URL?: string
  EMAIL_API_KEY?: string
  /** Secret: HMAC key of the alert e-mail confirmation links (domain/monitor/email-confirmation.ts). */
  ALERT_EMAIL_SECRET?: string
  /** Local development only (npm start): the DNS stand-in of dev-dns.ts; ignored unless BASE_URL is local http. */
  DEV_DNS?: string
}

/** What the outside world hands the audit: the fetcher, the TCP connector for the handshake reader, the clock (audit.ts). */
export type Deps = AuditDeps

export type AppEnv = { Bindings: Bindings; Variables: KeyVariables & { deps: Deps; ports: AuditPorts } }

/**
 * What the audit's use cases (use-cases/) are handed instead of a Context, the bindings or a
 * MessageBatch: built once per request, cron invocation or queue batch by `auditPorts`.
 */
export type AuditPorts = {
  db: D1Database
  kv: KVNamespace
  limiters: DurableObjectNamespace<RateLimiter>
  webhookQueue: Queue<DeliveryMessage>
  monitorQueue: Queue<RunTicket>
  fetcher: HttpFetcher
  /** Names to addresses: DNS over HTTPS through `fetcher`, or the local stand-in (DEV_DNS). */
  resolver: Resolver
  /** Raw TCP for the TLS handshake reader; null where sockets are unavailable. */
  sockets: TcpConnector | null
  now: () => Date
  /** Work that may finish after the answer (cache writes): the runtime's waitUntil. */
  defer: (work: Promise<unknown>) => void
  /** The report cache, read at most once per host per request (reportCache). */
  reports: ReportCache
  /** domainFromInput, run once per input and request: the read-ahead and the handler share it. */
  hostOf: (input: string) => string
  baseUrl: string
  emailSecret: string | undefined
  monitorBatchSize: string | undefined
  tuning: Pick<AuditDeps, 'chainTimeoutMs' | 'handshakeTimeoutMs' | 'freshCooldown'>
}

let refusalLogged = false

export function auditPorts(env: Bindings, deps: Deps, defer: (work: Promise<unknown>) => void): AuditPorts {
  const doh: Resolver = (name) => resolveHost(deps.fetcher, name)
  const dev = devDns(env.DEV_DNS, env.BASE_URL, doh)
  if (dev.refused && !refusalLogged) {
    refusalLogged = true
    console.error(dev.refused)
  }
  const now = deps.now
  return {
    db: env.DB,
    kv: env.CACHE,
    limiters: env.RATE_LIMITER,
    webhookQueue: env.WEBHOOK_QUEUE,
    monitorQueue: env.MONITOR_QUEUE,
    fetcher: deps.fetcher,
    resolver: deps.resolver ?? dev.resolver ?? doh,
    sockets: deps.connectTls,
    now,
    defer,
    reports: reportCache(env.CACHE, now),
    hostOf: onceEach(domainFromInput),
    baseUrl: env.BASE_URL,
    emailSecret: env.ALERT_EMAIL_SECRET,
    monitorBatchSize: env.MONITOR_BATCH_SIZE,
    tuning: { chainTimeoutMs: deps.chainTimeoutMs, handshakeTimeoutMs: deps.handshakeTimeoutMs, freshCooldown: deps.freshCooldown },
  }
}

/**
 * The KV report cache as one request sees it: each host is read once, by whoever asks first.
 * `prefetch` starts that read early (routes/check.ts starts it before the key lookup and the
 * limiter, so a cached answer waits for the slower round trip, not their sum) and the use
 * case's `read` gets the same read. A monitor run takes a cache of its own per check.
 */
export type ReportCache = { prefetch(host: string): void; read(host: string): Promise<CachedEntry | null> }

export function reportCache(kv: KVNamespace, now: () => Date): ReportCache {
  const reads = new Map<string, Promise<CachedEntry | null>>()
  const read = (host: string) => {
    let entry = reads.get(host)
    if (!entry) {
      entry = readCached(kv, host, now())
      reads.set(host, entry)
    }
    return entry
  }
  return {
    // Awaited only if the request gets that far; a refused request must not leave it unhandled.
    prefetch: (host) => void read(host).catch(() => {}),
    read,
  }
}

/** `parse` run at most once per distinct input; a refusal is thrown again, not recomputed. */
function onceEach(parse: (input: string) => string): (input: string) => string {
  const seen = new Map<string, { host: string } | { error: unknown }>()
  return (input) => {
    let hit = seen.get(input)
    if (!hit) {
      try {
        hit = { host: parse(input) }
      } catch (error) {
        hit = { error }
      }
      seen.set(input, hit)
    }
    if ('error' in hit) throw hit.error
    return hit.host
  }
}
