import { createRoute, type OpenAPIHono } from '@hono/zod-openapi'
import type { MiddlewareHandler } from 'hono'
import { apiKeyAuth } from '../../../shared/auth'
import { body } from '../../../shared/body'
import { ApiError } from '../../../shared/errors'
import { KEY_SERVICES, sha256Hex } from '../../../shared/keys'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { rateLimit } from '../../../shared/rate-limit/middleware'
import { aiPlan, DEFAULT_MODEL } from '../ai-planner'
import type { AppEnv } from '../env'
import { planGoal } from '../planner/index'
import { policy } from '../policy'
import { DecomposeRequestSchema, DecomposeResponseSchema, type DecomposeResponse, type Profile } from '../schemas'
import { accountPlan, cacheAiPlan, cachedAiPlan } from '../store'

const PREFIX = KEY_SERVICES.decompose.prefix
/** Spec "Limits": 10 requests per minute per key. */
export const DEFAULT_RATE_LIMIT = 10
const MAX_BODY_BYTES = 16 * 1024

/** Keys are for the paid plan (spec "Authentication" 3); a key whose account was downgraded stops working. */
const requirePaidPlan: MiddlewareHandler<AppEnv> = async (c, next) => {
  const key = c.var.apiKey
  const plan = key?.account_id ? await accountPlan(c.env.DB, key.account_id) : key?.plan
  if (!key || key.plan !== 'paid' || plan !== 'paid') {
    throw new ApiError(401, 'UNAUTHORIZED', 'This key belongs to an account on the free plan; API keys need the paid plan. Upgrade the account, then create a key in the dashboard.')
  }
  await next()
}

const route = createRoute({
  method: 'post',
  path: '/api/v1/decompose',
  summary: 'Decompose a goal into a 14-day first cycle and the steps beyond it',
  description:
    'Deterministic: the same goal and context always give the same plan. 10 requests per minute per key; body up to 16 KiB.',
  security: [{ bearerAuth: [] }],
  middleware: [
    apiKeyAuth<AppEnv>({ prefix: PREFIX, from: 'bearer', required: true }),
    requirePaidPlan,
    rateLimit<AppEnv>({
      scope: 'decompose',
      limit: (c) => Number(c.env.RATE_LIMIT_PER_MINUTE) || DEFAULT_RATE_LIMIT,
      windowSeconds: 60,
      key: (c) => c.var.apiKey!.key_hash,
    }),
    body({ maxBytes: MAX_BODY_BYTES, accept: ['application/json'], policy }),
  ] as const,
  request: {
    body: { required: true, content: { 'application/json': { schema: DecomposeRequestSchema } } },
  },
  responses: {
    200: {
      description: 'The plan.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: DecomposeResponseSchema } },
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

export function registerDecompose(app: OpenAPIHono<AppEnv>): void {
  app.openAPIRegistry.registerComponent('securitySchemes', 'bearerAuth', {
    type: 'http',
    scheme: 'bearer',
    description: 'A `dcmp_` key created in the dashboard (GET /dashboard) by an account on the paid plan.',
  })
  app.openapi(route, async (c) => {
    const { goal, context, profile } = c.req.valid('json')
    const plan = c.env.PLANNER === 'ai' && c.env.AI ? await planWithAi(c.env, goal, context, profile) : planGoal(goal, context, profile)
    c.header('Cache-Control', 'no-store')
    return c.json(plan, 200)
  })
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
