import type { KeyVariables } from '../../shared/auth'
import type { HttpFetcher } from '../../shared/http-fetcher'
import type { RateLimiter } from '../../shared/rate-limit/limiter'
import type { DeliveryMessage } from '../../shared/webhooks/events'
import type { BulkMessage } from './domain/bulk/messages'

export type Bindings = {
  CACHE: KVNamespace
  DB: D1Database
  DOCUMENTS: R2Bucket
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  BASE_URL: string
  /** Secret: HMAC key for signed document links. */
  DOC_SIGNING_SECRET?: string
  /** "true" to fill missing properties from PubChem (through `deps.fetcher`, cached in KV). */
  PUBCHEM_ENRICHMENT?: string
  /** Operator override of the 60 requests per minute per key (benchmarks only). */
  RATE_LIMIT_PER_MINUTE?: string
  /** Queue `sds-webhooks`: one message per webhook delivery attempt (shared/webhooks). */
  WEBHOOK_QUEUE: Queue<DeliveryMessage>
  /** Queue `sds-bulk`: one message per item of a bulk job (workers/sds/bulk). */
  BULK_QUEUE: Queue<BulkMessage>
  /** "true" only in local development and tests: also allows http://127.0.0.1:<port> webhook receivers. */
  WEBHOOK_ALLOW_LOCAL?: string
}

/** `fetcher` is the one door to PubChem; `now` the clock. Tests pass their own. */
export type Deps = { fetcher: HttpFetcher; now: () => Date }

export type AppEnv = { Bindings: Bindings; Variables: KeyVariables & { deps: Deps } }

/**
 * What the sds use cases (use-cases/) are handed instead of a Context or the bindings: built
 * once per request, or per queue batch, by `sdsPorts`.
 */
export type SdsPorts = {
  db: D1Database
  kv: KVNamespace
  bucket: R2Bucket
  bulkQueue: Queue<BulkMessage>
  webhookQueue: Queue<DeliveryMessage>
  fetcher: HttpFetcher
  now: () => Date
  /** PUBCHEM_ENRICHMENT=true: fill gaps from PubChem through `fetcher`, cached in `kv`. */
  enrichment: boolean
  /** Document links: the public base URL and the HMAC key (DOC_SIGNING_SECRET). */
  links: { baseUrl: string; secret: string | undefined }
}

export function sdsPorts(env: Bindings, deps: Deps): SdsPorts {
  return {
    db: env.DB,
    kv: env.CACHE,
    bucket: env.DOCUMENTS,
    bulkQueue: env.BULK_QUEUE,
    webhookQueue: env.WEBHOOK_QUEUE,
    fetcher: deps.fetcher,
    now: deps.now,
    enrichment: env.PUBCHEM_ENRICHMENT === 'true',
    links: { baseUrl: env.BASE_URL, secret: env.DOC_SIGNING_SECRET },
  }
}
