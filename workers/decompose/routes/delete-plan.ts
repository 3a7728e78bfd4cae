import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { ApiError } from '../../../shared/errors'
import { sha256Hex } from '../../../shared/keys'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { DEFAULT_MODEL } from '../domain/ai-planner'
import type { AppEnv } from '../env'
import { policy } from '../policy'
import { deletePlan, forgetAiPlan, loadPlan } from '../store'
import { authenticated, ownerOf } from './decompose'

const route = createRoute({
  method: 'delete',
  path: '/api/v1/decompose/{plan_id}',
  summary: 'Delete a plan with its goal, context and check-ins',
  description:
    'Deletes the plan and every check-in at once (issue 30 §4). Only the account that made the plan can; for anyone else it does not exist (404). Shares the 10 requests per minute per key.',
  security: [{ bearerAuth: [] }],
  middleware: authenticated,
  request: { params: z.object({ plan_id: z.string().min(1).max(64).openapi({ description: 'plan_id from POST /api/v1/decompose' }) }) },
  responses: {
    204: { description: 'Deleted.', headers: rateLimitHeaders },
    ...errorResponses({
      401: 'UNAUTHORIZED: missing, unknown or revoked key, or a key of a free account.',
      404: 'PLAN_NOT_FOUND: no plan with that id belongs to this key’s account (never says whether it exists for another).',
      429: 'RATE_LIMITED: more than 10 requests in the last minute for this key; see Retry-After.',
    }),
  },
})

export const deletePlanRoutes = createRouter<AppEnv>(policy).openapi(route, async (c) => {
  const { plan_id } = c.req.valid('param')
  const owner = ownerOf(c)
  const request = await loadPlan(c.env.DB, plan_id, owner, c.var.deps.now())
  if (!request || !(await deletePlan(c.env.DB, plan_id, owner))) {
    throw new ApiError(404, 'PLAN_NOT_FOUND', 'No plan with that id belongs to this key’s account.')
  }
  // A cached AI plan repeats the goal; drop it too (same key as routes/decompose.ts planWithAi).
  const model = c.env.AI_MODEL || DEFAULT_MODEL
  await forgetAiPlan(c.env.CACHE, await sha256Hex(JSON.stringify([model, request.goal, request.context, request.profile])))
  c.header('Cache-Control', 'no-store')
  return c.body(null, 204)
})
