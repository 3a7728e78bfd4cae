import { createRoute, z } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { createRouter } from '../../../shared/app'
import { apiKeyAuth } from '../../../shared/auth'
import { body } from '../../../shared/body'
import { ApiError } from '../../../shared/errors'
import { KEY_SERVICES, sha256Hex } from '../../../shared/keys'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { rateLimit } from '../../../shared/rate-limit/middleware'
import { aiPlan, DEFAULT_MODEL } from '../domain/ai-planner'
import type { AppEnv } from '../env'
import { buildPlan } from '../domain/planner/index'
import { guardTexts } from '../domain/safety/guard'
import type { GuardVerdict } from '../domain/safety/guard-verdict'
import { policy } from '../policy'
import { nextSafeCycle } from '../domain/safety/next-cycle'
import {
  CheckInSchema,
  CycleResponseSchema,
  DecomposeApiResponseSchema,
  DecomposeRequestSchema,
  type CheckIn,
  type DecomposeResponse,
  type Profile,
} from '../schemas'
import { accountPlan, cacheAiPlan, cachedAiPlan, listCheckins, loadPlan, saveCheckin, savePlan } from '../store'

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
    const guard = await guardOf(c.env, [goal, context, ...(profile?.constraints ?? [])])
    const rules = buildPlan(goal, context, profile, { guard }).response
    // Only an unflagged request may reach the AI planner (it screens again with the rules alone).
    const plan =
      rules.safety.level === 'none' && c.env.PLANNER === 'ai' && c.env.AI ? await planWithAi(c.env, goal, context, profile) : rules
    const owner = ownerOf(c)
    const request = { goal, context, profile: profile ?? {} }
    const plan_id = `pln_${(await sha256Hex(`${owner}\n${JSON.stringify(request)}`)).slice(0, 32)}`
    await savePlan(c.env.DB, plan_id, owner, request, c.var.deps.now(), retention_days)
    c.header('Cache-Control', 'no-store')
    return c.json({ ...plan, plan_id }, 200)
  })
  .openapi(cyclesRoute, async (c) => {
    const { plan_id } = c.req.valid('param')
    const checkin = c.req.valid('json')
    const request = await loadPlan(c.env.DB, plan_id, ownerOf(c), c.var.deps.now())
    if (!request) throw new ApiError(404, 'PLAN_NOT_FOUND', 'No plan with that id belongs to this key’s account.')
    const earlier = (await listCheckins<CheckIn>(c.env.DB, plan_id)).filter((x) => x.cycle < checkin.cycle)
    if (earlier.length !== checkin.cycle - 1) {
      throw new ApiError(409, 'CYCLE_OUT_OF_ORDER', `Check in cycle ${earlier.length + 1} first: cycles are closed in order.`)
    }
    await saveCheckin(c.env.DB, plan_id, checkin.cycle, checkin, c.var.deps.now())
    // The notes go through the safety screen with the goal (issue 30 §2).
    const checkins = [...earlier.map((x) => x.checkin), checkin]
    const guard = await guardOf(
      c.env,
      checkins.map((x) => x.notes ?? '')
    )
    const next = nextSafeCycle({ ...request, profile: request.profile as Profile }, checkins, guard)
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

/**
 * The guard model's verdict on the texts (issue 30 §1) when the AI binding is configured, else
 * null. A timeout, error or unreadable answer is logged by its reason only, never the text, and
 * the rules screen decides alone.
 */
async function guardOf(env: AppEnv['Bindings'], texts: string[]): Promise<GuardVerdict | null> {
  if (!env.AI) return null
  const outcome = await guardTexts(env.AI, texts)
  if (outcome.reason !== 'ok') console.warn(`decompose: safety guard ${outcome.reason}, rules screen alone`)
  return outcome.verdict
}

async function planWithAi(env: AppEnv['Bindings'], goal: string, context: string, profile: Profile = {}): Promise<DecomposeResponse> {
  const model = env.AI_MODEL || DEFAULT_MODEL
  const key = await sha256Hex(JSON.stringify([model, goal, context, profile]))
  const cached = await cachedAiPlan<DecomposeResponse>(env.CACHE, key)
  if (cached) return cached
  const outcome = await aiPlan(env.AI!, goal, context, { model, profile })
  if (outcome.usedAi) await cacheAiPlan(env.CACHE, key, outcome.plan)
  else console.warn(`decompose: AI planner fell back to rules (${outcome.reason})`)
  return outcome.plan
}
