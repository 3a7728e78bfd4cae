import { createRoute, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { createRouter } from '../../../shared/app'
import { apiKeyAuth } from '../../../shared/auth'
import { body } from '../../../shared/body'
import { ApiError } from '../../../shared/errors'
import { KEY_SERVICES } from '../../../shared/keys'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { rateLimit } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'
import { policy } from '../policy'
import { CheckInSchema, CycleResponseSchema, DecomposeApiResponseSchema, DecomposeRequestSchema } from '../schemas'
import { accountPlan } from '../store'
import { checkIn } from '../use-cases/check-in'
import { createPlan } from '../use-cases/create-plan'
import { portsOf } from './ports'

const PREFIX = KEY_SERVICES.decompose.prefix
/** Spec "Limits": 10 requests per minute per key. */
export const DEFAULT_RATE_LIMIT = 10
const MAX_BODY_BYTES = 16 * 1024

/** Keys are for the paid plan (spec "Authentication" 3); a key whose account was downgraded stops working. */
const requirePaidPlan: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.var.apiKey
  const plan = key?.account_id ? await accountPlan(c.env.DB, key.account_id) : key?.plan
  if (key?.plan !== 'paid' || plan !== 'paid') {
    throw new ApiError(
      401,
      'UNAUTHORIZED',
      'This key belongs to an account on the free plan; API keys need the paid plan. Upgrade the account, then create a key in the dashboard.'
    )
  }
  await next()
}

/** The plan's owner: the key's account (keys made in the dashboard have one), else the key itself. */
export const ownerOf = (c: { var: { apiKey: { account_id?: string | null; id: string } | null } }) =>
  c.var.apiKey!.account_id ?? `key:${c.var.apiKey!.id}`

/** Key, paid plan and the per-key limit: every API route; a route with a body adds `body()`. */
export const authenticated: MiddlewareHandler<AppEnv>[] = [
  apiKeyAuth<AppEnv>({ prefix: PREFIX, from: 'bearer', required: true }),
  requirePaidPlan,
  rateLimit<AppEnv>({
    scope: 'decompose',
    limit: (c) => Number(c.env.RATE_LIMIT_PER_MINUTE) || DEFAULT_RATE_LIMIT,
    windowSeconds: 60,
    key: (c) => c.var.apiKey!.key_hash,
    now: (c) => c.var.deps.now(),
  }),
]
const keyed: MiddlewareHandler<AppEnv>[] = [...authenticated, body({ maxBytes: MAX_BODY_BYTES, accept: ['application/json'], policy })]

const cyclesRoute = createRoute({
  method: 'post',
  path: '/api/v1/decompose/{plan_id}/cycles',
  summary: 'Check in at the end of a cycle and get the next 14 days, adapted',
  description:
    'Send the days done and how hard they felt; the next cycle progresses (next level or ~15% more time), repeats, or eases off (lower level, ~25% less time). Deterministic: the same plan and check-ins give the same cycle. Shares the 10 requests per minute per key.',
  security: [{ bearerAuth: [] }],
  middleware: keyed,
  request: {
    params: z.object({ plan_id: z.string().min(1).max(64).openapi({ description: 'plan_id from POST /api/v1/decompose' }) }),
    body: { required: true, content: { 'application/json': { schema: CheckInSchema } } },
  },
  responses: {
    200: { description: 'The next cycle.', headers: rateLimitHeaders, content: { 'application/json': { schema: CycleResponseSchema } } },
    ...errorResponses({
      400: 'INVALID_JSON or INVALID_BODY (with `issues`): cycle, completed days (1–14) or difficulty (1–5) missing or out of range.',
      401: 'UNAUTHORIZED: missing, unknown or revoked key, or a key of a free account.',
      404: 'PLAN_NOT_FOUND: no plan with that id belongs to this key’s account.',
      409: 'CYCLE_OUT_OF_ORDER: a check-in for a later cycle than the next one (close cycle 1 first, then 2 …).',
      413: 'PAYLOAD_TOO_LARGE: body over 16 KiB.',
      415: 'UNSUPPORTED_MEDIA_TYPE: body not sent as application/json.',
      429: 'RATE_LIMITED: more than 10 requests in the last minute for this key; see Retry-After.',
    }),
  },
})

const route = createRoute({
  method: 'post',
  path: '/api/v1/decompose',
  summary: 'Decompose a goal into a 14-day first cycle and the steps beyond it',
  description: 'Deterministic: the same goal and context always give the same plan. 10 requests per minute per key; body up to 16 KiB.',
  security: [{ bearerAuth: [] }],
  middleware: keyed,
  request: {
    body: { required: true, content: { 'application/json': { schema: DecomposeRequestSchema } } },
  },
  responses: {
    200: {
      description: 'The plan.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: DecomposeApiResponseSchema } },
    },
    ...errorResponses({
      400: 'INVALID_JSON (body is not JSON) or INVALID_BODY (with `issues`): goal missing or not 3–500 characters, context over 2000, a malformed profile.',
      401: 'UNAUTHORIZED: missing, unknown or revoked key, or a key of a free account.',
      413: 'PAYLOAD_TOO_LARGE: body over 16 KiB.',
      415: 'UNSUPPORTED_MEDIA_TYPE: body not sent as application/json.',
      429: 'RATE_LIMITED: more than 10 requests in the last minute for this key; see Retry-After.',
    }),
  },
})

export const decomposeRoutes = createRouter<AppEnv>(policy)
  .openapi(route, async (c) => {
    const { goal, context, profile, retention_days } = c.req.valid('json')
    const plan = await createPlan(portsOf(c), { owner: ownerOf(c), goal, context, profile, retentionDays: retention_days })
    c.header('Cache-Control', 'no-store')
    return c.json(plan, 200)
  })
  .openapi(cyclesRoute, async (c) => {
    const { plan_id } = c.req.valid('param')
    const next = await checkIn(portsOf(c), { owner: ownerOf(c), planId: plan_id, checkin: c.req.valid('json') })
    c.header('Cache-Control', 'no-store')
    return c.json(
      {
        plan_id,
        cycle: next.cycle,
        adaptation: next.adaptation,
        reason: next.reason,
        cycle_length_days: 14 as const,
        actions: next.actions,
        context_used: { level: next.level, minutes_per_day: next.minutes_per_day },
        safety: next.safety,
      },
      200
    )
  })
