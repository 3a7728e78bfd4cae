import { createRoute, z } from '@hono/zod-openapi'
import type { Context, Env, MiddlewareHandler } from 'hono'
import { createRouter } from '../app'
import { body } from '../body'
import { ApiError, type ErrorPolicy } from '../errors'
import type { HttpFetcher } from '../http-fetcher'
import { memoResolver } from '../net/dns'
import { TargetError } from '../net/errors'
import { errorResponses } from '../openapi'
import { newId, redeliver, type DeliveryMessage } from './events'
import { CreatedEndpoint, Delivery, DeliveryParams, Endpoint, EndpointParams, Notice, createEndpointRequest } from './schemas'
import { sealStale } from './endpoint-secret'
import { type Keyring, keyringOf, sealSecret, type SecretKeyBindings, WebhookKeyError } from './secret-box'
import { generateSecret } from './signing'
import {
  MAX_ENDPOINTS_PER_KEY,
  deleteEndpoint,
  enableEndpoint,
  getEndpoint,
  insertEndpoint,
  listDeliveries,
  listEndpoints,
  listNotices,
  type DeliveryRow,
  type EndpointRow,
} from './store'
import { validateWebhookUrl } from './target'

/** What the routes need from the mounting service, read per request. */
export type WebhookContext = {
  owner: string
  db: D1Database
  queue: Queue<DeliveryMessage>
  fetcher: HttpFetcher
  now: Date
  allowLocal: boolean
  /** The key the signing secrets are sealed with (secret-box.ts). */
  keys: SecretKeyBindings
}

/** What a worker that owns webhook endpoints by API key has: its D1, the delivery queue, its deps. */
export type KeyOwnedWebhookEnv = {
  Bindings: { DB: D1Database; WEBHOOK_QUEUE: Queue<DeliveryMessage>; WEBHOOK_ALLOW_LOCAL?: string } & SecretKeyBindings
  Variables: { apiKey?: { id: string } | null; deps: { fetcher: HttpFetcher; now: () => Date } }
}

/**
 * The context every service mounts the routes with today: endpoints belong to the caller's API
 * key (set by the service's key middleware, which runs first), in the service's own D1.
 */
export function keyOwnedWebhookContext(c: { env: KeyOwnedWebhookEnv['Bindings']; var: KeyOwnedWebhookEnv['Variables'] }): WebhookContext {
  const key = c.var.apiKey
  if (!key) throw new Error('keyOwnedWebhookContext: the API key middleware must run before the webhook routes')
  return {
    owner: key.id,
    db: c.env.DB,
    queue: c.env.WEBHOOK_QUEUE,
    fetcher: c.var.deps.fetcher,
    now: c.var.deps.now(),
    allowLocal: c.env.WEBHOOK_ALLOW_LOCAL === 'true',
    keys: { WEBHOOK_SECRET_KEY: c.env.WEBHOOK_SECRET_KEY, WEBHOOK_SECRET_KEY_PREVIOUS: c.env.WEBHOOK_SECRET_KEY_PREVIOUS },
  }
}

export type WebhookRouteOptions<E extends Env> = {
  policy: ErrorPolicy
  /** The service's own authentication and rate limit, run before every webhook route. */
  middleware: MiddlewareHandler<E>[]
  /** Event types this service sends. */
  events: readonly [string, ...string[]]
  context: (c: Context<E>) => WebhookContext
  /** OpenAPI security requirement of the service's keys. */
  security: Array<Record<string, string[]>>
}

const BASE = '/api/v1/webhooks'
const DELIVERY_LOG_LIMIT = 100

function endpointView(row: EndpointRow) {
  return {
    id: row.id,
    url: row.url,
    events: JSON.parse(row.events) as string[],
    status: row.status,
    created_at: row.created_at,
    disabled_at: row.disabled_at,
    disabled_reason: row.disabled_reason,
  }
}

function deliveryView(row: DeliveryRow) {
  return {
    id: row.id,
    event_id: row.event_id,
    event_type: row.event_type,
    status: row.status,
    attempts: row.attempts,
    last_response_code: row.last_status_code,
    last_error: row.last_error,
    created_at: row.created_at,
    last_attempt_at: row.last_attempt_at,
    next_attempt_at: row.next_attempt_at,
    delivered_at: row.delivered_at,
  }
}

/**
 * The keyring, or a 503: without its key a service can neither store a new secret sealed nor
 * read an old one, and it never falls back to storing one in plain text.
 */
async function keyring(ctx: WebhookContext): Promise<Keyring> {
  try {
    return await keyringOf(ctx.keys)
  } catch (err) {
    if (!(err instanceof WebhookKeyError)) throw err
    console.error('webhooks:', err.message)
    throw new ApiError(
      503,
      'WEBHOOK_NOT_CONFIGURED',
      'Webhooks are not configured on this service (its signing-secret key is missing or invalid); nothing was stored. Try again later.'
    )
  }
}

/** The webhook context of a request, once the service's key for sealing secrets is known to be there. */
async function configured<E extends Env>(opts: WebhookRouteOptions<E>, c: unknown): Promise<WebhookContext & { ring: Keyring }> {
  const ctx = opts.context(c as Context<E>)
  return { ...ctx, ring: await keyring(ctx) }
}

const notFound = () => new ApiError(404, 'WEBHOOK_NOT_FOUND', 'This key has no webhook endpoint with that id.')

/**
 * The webhook management API every service mounts (`app.route('/', webhookRoutes({...}))`):
 * endpoints per API key, their delivery logs, redelivery and the owner's notices. Every
 * route is behind the service's own key authentication; another key's ids answer 404.
 */
export function webhookRoutes<E extends Env>(opts: WebhookRouteOptions<E>) {
  const mw = opts.middleware as unknown as []
  const CreateRequest = createEndpointRequest(opts.events)
  const tag = ['Webhooks']
  const notConfigured = 'WEBHOOK_NOT_CONFIGURED: the service has no key to seal signing secrets with; nothing is stored.'
  const errors = (extra: Record<number, string> = {}) =>
    errorResponses({ 401: 'UNAUTHORIZED', 429: 'RATE_LIMITED', 503: notConfigured, ...extra })

  const create = createRoute({
    method: 'post',
    path: BASE,
    tags: tag,
    summary: 'Register a webhook endpoint',
    description:
      `Registers an https receiver (public address; redirects are not followed) for the listed events and returns its signing secret, once (it is stored only sealed, AES-GCM). At most ${MAX_ENDPOINTS_PER_KEY} endpoints per key. ` +
      'Each delivery is a POST of `{ id, type, created_at, data }` with the Standard Webhooks headers `Webhook-Id` (the event id: de-duplicate on it), `Webhook-Timestamp` (Unix seconds of the attempt) and `Webhook-Signature: v1,<base64>`. ' +
      'To verify: HMAC-SHA256 keyed with the bytes of the base64 after `whsec_`, over `<Webhook-Id>.<Webhook-Timestamp>.<raw body>`, base64-encoded, compared in constant time with the part after `v1,`; refuse a timestamp more than 5 minutes from your clock (replay window). ' +
      'Worked example (the specification’s): secret `whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw`, id `msg_p5jXN8AQM9LWM0D4loKWxJek`, timestamp `1614265330`, body `{"test": 2432232314}` give `v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=`. ' +
      'Failed attempts (no 2xx within 5 s) are retried after 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h; an endpoint failing for 5 days is disabled with a notice. Full guide: docs/webhooks.md.',
    security: opts.security,
    middleware: [...mw, body({ maxBytes: 4096, accept: ['application/json'], policy: opts.policy })] as unknown as [],
    request: { body: { required: true, content: { 'application/json': { schema: CreateRequest } } } },
    responses: {
      201: { description: 'Registered; `secret` is shown only here.', content: { 'application/json': { schema: CreatedEndpoint } } },
      ...errors({
        [opts.policy.invalidBody.status]: 'Invalid body; INVALID_WEBHOOK_URL: not https, not public, or not resolvable.',
        409: `WEBHOOK_LIMIT_REACHED: the key already has ${MAX_ENDPOINTS_PER_KEY} endpoints.`,
        503: `DNS_UNAVAILABLE: the URL’s host could not be resolved right now; retry. ${notConfigured}`,
      }),
    },
  })

  const list = createRoute({
    method: 'get',
    path: BASE,
    tags: tag,
    summary: 'List this key’s webhook endpoints',
    security: opts.security,
    middleware: mw,
    responses: {
      200: {
        description: 'Endpoints (never their secrets).',
        content: { 'application/json': { schema: z.object({ endpoints: z.array(Endpoint) }) } },
      },
      ...errors(),
    },
  })

  const remove = createRoute({
    method: 'delete',
    path: `${BASE}/{id}`,
    tags: tag,
    summary: 'Delete a webhook endpoint and its delivery log',
    security: opts.security,
    middleware: mw,
    request: { params: EndpointParams },
    responses: { 204: { description: 'Deleted.' }, ...errors({ 404: 'WEBHOOK_NOT_FOUND' }) },
  })

  const enable = createRoute({
    method: 'post',
    path: `${BASE}/{id}/enable`,
    tags: tag,
    summary: 'Re-enable an endpoint that was disabled after failing',
    security: opts.security,
    middleware: mw,
    request: { params: EndpointParams },
    responses: {
      200: { description: 'Active again.', content: { 'application/json': { schema: Endpoint } } },
      ...errors({ 404: 'WEBHOOK_NOT_FOUND' }),
    },
  })

  const deliveries = createRoute({
    method: 'get',
    path: `${BASE}/{id}/deliveries`,
    tags: tag,
    summary: 'Delivery log of an endpoint',
    description: `The latest ${DELIVERY_LOG_LIMIT} deliveries, newest first: status, attempts, last response code.`,
    security: opts.security,
    middleware: mw,
    request: { params: EndpointParams },
    responses: {
      200: { description: 'Delivery log.', content: { 'application/json': { schema: z.object({ deliveries: z.array(Delivery) }) } } },
      ...errors({ 404: 'WEBHOOK_NOT_FOUND' }),
    },
  })

  const resend = createRoute({
    method: 'post',
    path: `${BASE}/{id}/deliveries/{delivery_id}/redeliver`,
    tags: tag,
    summary: 'Send a delivery’s event again',
    description: 'Queues a new delivery of the same event (same `Webhook-Id`, fresh timestamp and signature).',
    security: opts.security,
    middleware: mw,
    request: { params: DeliveryParams },
    responses: {
      202: { description: 'Queued.', content: { 'application/json': { schema: Delivery } } },
      ...errors({ 404: 'WEBHOOK_NOT_FOUND, DELIVERY_NOT_FOUND', 409: 'WEBHOOK_DISABLED: enable the endpoint first.' }),
    },
  })

  const notices = createRoute({
    method: 'get',
    path: `${BASE}/notices`,
    tags: tag,
    summary: 'Notices about this key’s endpoints',
    description: 'For example an endpoint disabled after its deliveries failed for days. Newest first, at most 50.',
    security: opts.security,
    middleware: mw,
    responses: {
      200: { description: 'Notices.', content: { 'application/json': { schema: z.object({ notices: z.array(Notice) }) } } },
      ...errors(),
    },
  })

  return createRouter<E>(opts.policy)
    .openapi(create, async (c) => {
      const ctx = await configured(opts, c)
      const input = (c.req as unknown as { valid: (t: 'json') => { url: string; events: string[] } }).valid('json')
      let url: URL
      try {
        url = await validateWebhookUrl(input.url, { resolve: memoResolver(ctx.fetcher), allowLocal: ctx.allowLocal })
      } catch (err) {
        if (!(err instanceof TargetError)) throw err
        if (err.code === 'DNS_UNAVAILABLE') throw new ApiError(503, 'DNS_UNAVAILABLE', err.message)
        throw new ApiError(opts.policy.invalidBody.status, 'INVALID_WEBHOOK_URL', `url: ${err.message}`, {
          issues: [{ path: 'url', message: err.message }],
        })
      }
      const secret = generateSecret()
      const id = newId('we_')
      const row = {
        id,
        owner_key_id: ctx.owner,
        url: url.toString(),
        events: JSON.stringify(input.events),
        ...(await sealSecret(ctx.ring, { id, owner_key_id: ctx.owner }, secret)),
        created_at: ctx.now.toISOString(),
      }
      if (!(await insertEndpoint(ctx.db, row))) {
        throw new ApiError(
          409,
          'WEBHOOK_LIMIT_REACHED',
          `This key already has ${MAX_ENDPOINTS_PER_KEY} webhook endpoints; delete one first.`
        )
      }
      const view = endpointView({ ...row, status: 'active', failing_since: null, disabled_at: null, disabled_reason: null })
      // The only time the plain secret leaves the service.
      return c.json({ ...view, secret }, 201)
    })
    .openapi(list, async (c) => {
      const ctx = await configured(opts, c)
      const rows = await listEndpoints(ctx.db, ctx.owner)
      await sealStale(ctx.db, ctx.ring, rows)
      return c.json({ endpoints: rows.map(endpointView) }, 200)
    })
    .openapi(notices, async (c) => {
      const ctx = await configured(opts, c)
      return c.json({ notices: await listNotices(ctx.db, ctx.owner, 50) }, 200)
    })
    .openapi(remove, async (c) => {
      const ctx = await configured(opts, c)
      const { id } = (c.req as unknown as { valid: (t: 'param') => { id: string } }).valid('param')
      if (!(await deleteEndpoint(ctx.db, ctx.owner, id))) throw notFound()
      return c.body(null, 204)
    })
    .openapi(enable, async (c) => {
      const ctx = await configured(opts, c)
      const { id } = (c.req as unknown as { valid: (t: 'param') => { id: string } }).valid('param')
      if (!(await enableEndpoint(ctx.db, ctx.owner, id))) throw notFound()
      return c.json(endpointView((await getEndpoint(ctx.db, ctx.owner, id))!), 200)
    })
    .openapi(deliveries, async (c) => {
      const ctx = await configured(opts, c)
      const { id } = (c.req as unknown as { valid: (t: 'param') => { id: string } }).valid('param')
      if (!(await getEndpoint(ctx.db, ctx.owner, id))) throw notFound()
      return c.json({ deliveries: (await listDeliveries(ctx.db, ctx.owner, id, DELIVERY_LOG_LIMIT)).map(deliveryView) }, 200)
    })
    .openapi(resend, async (c) => {
      const ctx = await configured(opts, c)
      const { id, delivery_id } = (c.req as unknown as { valid: (t: 'param') => { id: string; delivery_id: string } }).valid('param')
      const endpoint = await getEndpoint(ctx.db, ctx.owner, id)
      if (!endpoint) throw notFound()
      if (endpoint.status !== 'active')
        throw new ApiError(409, 'WEBHOOK_DISABLED', 'This endpoint is disabled; POST /api/v1/webhooks/{id}/enable first.')
      const row = await redeliver({ db: ctx.db, queue: ctx.queue, now: ctx.now }, ctx.owner, delivery_id, id)
      if (!row) throw new ApiError(404, 'DELIVERY_NOT_FOUND', 'This endpoint has no delivery with that id.')
      return c.json(deliveryView(row), 202)
    })
}
