import type { KeyVariables } from '../../shared/auth'
import type { RateLimiter } from '../../shared/rate-limit/limiter'
import type { DeliveryMessage } from '../../shared/webhooks/events'
import type { AuditDeps } from './audit'

export type Bindings = {
  CACHE: KVNamespace
  DB: D1Database
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  BASE_URL: string
  /** Queue `audit-webhooks`: one message per webhook delivery attempt of a monitor alert (shared/webhooks). */
  WEBHOOK_QUEUE: Queue<DeliveryMessage>
  /** "true" only in local development and tests: also allows http://127.0.0.1:<port> webhook receivers. */
  WEBHOOK_ALLOW_LOCAL?: string
  /** Monitor checks per cron invocation (default 20, at most 200). */
  MONITOR_BATCH_SIZE?: string
}

/** What the outside world hands the audit: the fetcher, the TCP connector for the handshake reader, the clock (audit.ts). */
export type Deps = AuditDeps

export type AppEnv = { Bindings: Bindings; Variables: KeyVariables & { deps: Deps } }
