import type { KeyVariables } from '../../shared/auth'
import type { RateLimiter } from '../../shared/rate-limit/limiter'
import type { DeliveryMessage } from '../../shared/webhooks/events'
import type { AuditDeps } from './domain/audit'
import type { RunTicket } from './domain/monitor/runner'

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
}

/** What the outside world hands the audit: the fetcher, the TCP connector for the handshake reader, the clock (audit.ts). */
export type Deps = AuditDeps

export type AppEnv = { Bindings: Bindings; Variables: KeyVariables & { deps: Deps } }
