import type { Context } from 'hono'
import type { KeyVariables } from '../../shared/auth'
import type { HttpFetcher } from '../../shared/http-fetcher'
import type { DeliveryMessage } from '../../shared/webhooks/events'
import type { RateLimiter } from '../../shared/rate-limit/limiter'
import { agencyFrom } from './domain/fcra/stored-notice'
import type { Agency } from './domain/fcra/notice'
import { deliverDue, queueMail, queueMailOnce } from './domain/mail/outbox'
import type { MailKind } from './stores/mail'
import { providerConfigured, selectProvider } from './domain/provider/select'
import type { ScreeningProvider } from './domain/provider/types'
import { userAgent } from './domain/user-agent'
import { defaultPartnerCap } from './domain/partner-cap'
import { emit, type ScreeningEventType } from './domain/events'
import { configuredFeed, type ListingFeed } from './domain/scrape/feed'

export type Bindings = {
  CACHE: KVNamespace
  DB: D1Database
  RATE_LIMITER: DurableObjectNamespace<RateLimiter>
  BASE_URL: string
  /** `true` enforces partner keys in `x-api-key` (DECISIONS.md "D: screening"). */
  REQUIRE_API_KEY?: string
  /**
   * `mock` allows the simulated provider when no provider is configured (local development
   * and tests). Without it and without provider secrets the service refuses to score.
   */
  SCREENING_MODE?: string
  /** Secret: HMAC key of the capability links e-mailed to landlords (links.ts). */
  LINK_SIGNING_SECRET?: string
  /** Days a capability link works; defaults to 30. */
  LINK_TTL_DAYS?: string
  /** Requests per minute the scraper sends to one host, service-wide; defaults to 20. */
  CRAWL_BUDGET_PER_MINUTE?: string
  /** E-mails per recipient per UTC day; defaults to 20. */
  MAIL_DAILY_CAP?: string
  /** Sliding-window limiters (Durable Objects): the service-wide crawl budget per host. */
  limiters: DurableObjectNamespace<RateLimiter>
  /** Requests per minute the scraper sends to one host (CRAWL_BUDGET_PER_MINUTE, default 20). */
  crawlBudget: number
  /** The licensed listings feed, when the operator configured one. */
  feed: ListingFeed | null
  /** Sends an event to a partner's webhook endpoints; a failure to enqueue is logged, never thrown. */
  emit: (webhookOwner: string | null, type: ScreeningEventType, data: unknown) => Promise<void>
  /** New screenings per partner per UTC day until the partner sets its own cap (default 200). */
  PARTNER_DAILY_SCREENING_CAP?: string
  /** Screening provider (secrets). With both set, results are `verified`. */
  SCREENING_PROVIDER_URL?: string
  SCREENING_PROVIDER_API_KEY?: string
  /**
   * The consumer reporting agency behind the provider, for adverse-action notices (FCRA
   * § 615(a)(3)): name, postal address and toll-free phone. Required for notices of verified
   * screenings.
   */
  SCREENING_PROVIDER_NAME?: string
  SCREENING_PROVIDER_ADDRESS?: string
  SCREENING_PROVIDER_PHONE?: string
  /** Days a screening keeps its personal data before the cron erases it; defaults to 730. */
  SCREENING_RETENTION_DAYS?: string
  /** Milliseconds to wait for the provider; defaults to 8000. */
  SCREENING_PROVIDER_TIMEOUT_MS?: string
  /** Result e-mail: Cloudflare Email Service binding, or an HTTP provider (secrets). */
  EMAIL?: SendEmail
  EMAIL_FROM?: string
  EMAIL_API_URL?: string
  EMAIL_API_KEY?: string
  /** Webhook deliveries (shared/webhooks/): one message per attempt, consumed by this worker (queue.ts). */
  WEBHOOK_QUEUE: Queue<DeliveryMessage>
  /** `true` admits http://127.0.0.1:<port> webhook URLs: local development and tests only. */
  WEBHOOK_ALLOW_LOCAL?: string
  /**
   * A licensed rental-listings feed (scrape/feed.ts), read before the best-effort sources when
   * both are set: its base URL and the partner's key for it (secrets).
   */
  SCRAPE_FEED_URL?: string
  SCRAPE_FEED_API_KEY?: string
}

/** What the worker takes from outside: third-party HTTP and the clock (tests pass their own). */
export type Deps = { fetcher: HttpFetcher; now: () => Date }

export type AppEnv = { Bindings: Bindings; Variables: KeyVariables & { deps: Deps } }

/**
 * What the screening use cases (use-cases/) are handed instead of a Context or the bindings:
 * built once per request, cron run or queue batch by `screeningPorts`.
 */
export type ScreeningPorts = {
  db: D1Database
  kv: KVNamespace
  fetcher: HttpFetcher
  now: () => Date
  /** The HMAC key of capability links (LINK_SIGNING_SECRET); undefined refuses every link. */
  linkSecret: string | undefined
  baseUrl: string
  /** The consumer reporting agency for adverse-action notices; null until all three are set. */
  agency: Agency | null
  /** The configured screening provider (the mock only with SCREENING_MODE=mock), made when a request is really sent. */
  provider: () => ScreeningProvider
  /** Whether a real provider is configured: its reports are consumer reports (consent, agency). */
  providerConfigured: boolean
  /** Sliding-window limiters (Durable Objects): the service-wide crawl budget per host. */
  limiters: DurableObjectNamespace<RateLimiter>
  /** Requests per minute the scraper sends to one host (CRAWL_BUDGET_PER_MINUTE, default 20). */
  crawlBudget: number
  /** The licensed listings feed, when the operator configured one. */
  feed: ListingFeed | null
  /** Sends an event to a partner's webhook endpoints; a failure to enqueue is logged, never thrown. */
  emit: (webhookOwner: string | null, type: ScreeningEventType, data: unknown) => Promise<void>
  /** New screenings per partner per UTC day for a partner that set no cap of its own. */
  defaultPartnerCap: number
  /** The User-Agent of the service's own outbound requests. */
  userAgent: string
  /** The mail outbox (domain/mail/outbox.ts): its transport and daily cap come from the bindings. */
  outbox: {
    queue: (kind: MailKind, screeningId: string, to: string) => ReturnType<typeof queueMail>
    queueOnce: (kind: MailKind, screeningId: string, to: string) => ReturnType<typeof queueMailOnce>
    /** One delivery run over due messages (the cron). */
    deliverDue: (limit: number) => ReturnType<typeof deliverDue>
  }
}

const DEFAULT_CRAWL_BUDGET = 20

function crawlBudget(setting: string | undefined): number {
  const n = Number(setting)
  return Number.isInteger(n) && n >= 1 ? n : DEFAULT_CRAWL_BUDGET
}

export function screeningPorts(env: Bindings, deps: Deps): ScreeningPorts {
  const mail = () => ({ env, fetcher: deps.fetcher, now: deps.now() })
  return {
    db: env.DB,
    kv: env.CACHE,
    fetcher: deps.fetcher,
    now: deps.now,
    linkSecret: env.LINK_SIGNING_SECRET,
    baseUrl: env.BASE_URL,
    provider: () => selectProvider(env, deps.fetcher, userAgent(env.BASE_URL)),
    providerConfigured: providerConfigured(env),
    userAgent: userAgent(env.BASE_URL),
    defaultPartnerCap: defaultPartnerCap(env),
    limiters: env.RATE_LIMITER,
    crawlBudget: crawlBudget(env.CRAWL_BUDGET_PER_MINUTE),
    feed: configuredFeed(env),
    emit: (webhookOwner, type, data) => emit(env, deps.now(), webhookOwner, type, data),
    agency: agencyFrom({ name: env.SCREENING_PROVIDER_NAME, address: env.SCREENING_PROVIDER_ADDRESS, phone: env.SCREENING_PROVIDER_PHONE }),
    outbox: {
      queue: (kind, screeningId, to) => queueMail(mail(), kind, screeningId, to),
      queueOnce: (kind, screeningId, to) => queueMailOnce(mail(), kind, screeningId, to),
      deliverDue: (limit) => deliverDue(mail(), limit),
    },
  }
}

/** The ports of one request: the route's one call to `screeningPorts`. */
export const portsOf = (c: Context<AppEnv>): ScreeningPorts => screeningPorts(c.env, c.var.deps)
