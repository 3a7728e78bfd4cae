// Bindings as tests see them (`import { env } from 'cloudflare:workers'`). Each vitest
// project runs one worker's [env.<name>]; a binding listed here exists in the projects
// whose worker declares it.
declare namespace Cloudflare {
  interface Env {
    BASE_URL: string
    DB: D1Database
    CACHE: KVNamespace
    DROPS: KVNamespace
    DOCUMENTS: R2Bucket
    RATE_LIMITER: DurableObjectNamespace<import('../shared/rate-limit/limiter').RateLimiter>
    TEST_MIGRATIONS: import('cloudflare:test').D1Migration[]
    WEBHOOK_QUEUE: Queue<import('../shared/webhooks/events').DeliveryMessage>
    BULK_QUEUE: Queue<import('../workers/sds/domain/bulk/messages').BulkMessage>
    MONITOR_QUEUE: Queue<import('../workers/audit/domain/monitor/runner').RunTicket>
    WEBHOOK_ALLOW_LOCAL?: string
    DOC_SIGNING_SECRET?: string
    /** Every project: the test key webhook signing secrets are sealed with (vitest.config.ts). */
    WEBHOOK_SECRET_KEY: string
    WEBHOOK_SECRET_KEY_PREVIOUS?: string
  }
}

// Vite's `?raw` imports: a fixture file's text.
declare module '*?raw' {
  const text: string
  export default text
}
