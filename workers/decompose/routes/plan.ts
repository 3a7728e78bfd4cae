import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { policy } from '../policy'
import { PlanHistorySchema } from '../schemas'
import { readPlan } from '../use-cases/read-plan'
import { authenticated, ownerOf } from './decompose'
import { portsOf } from './ports'

const getPlanRoute = createRoute({
  method: 'get',
  path: '/api/v1/decompose/{plan_id}',
  summary: 'A plan you made, with its check-ins and the cycles they led to',
  description:
    'Only the account that made the plan can read it; any other key gets 404, as for an id that does not exist. Shares the 10 requests per minute per key.',
  security: [{ bearerAuth: [] }],
  middleware: authenticated,
  request: {
    params: z.object({ plan_id: z.string().min(1).max(64).openapi({ description: 'plan_id from POST /api/v1/decompose' }) }),
  },
  responses: {
    200: {
      description: 'The plan and its history.',
      headers: rateLimitHeaders,
      content: { 'application/json': { schema: PlanHistorySchema } },
    },
    ...errorResponses({
      401: 'UNAUTHORIZED: missing, unknown or revoked key, or a key of a free account.',
      404: 'PLAN_NOT_FOUND: no plan with that id belongs to this key’s account.',
      429: 'RATE_LIMITED: more than 10 requests in the last minute for this key; see Retry-After.',
    }),
  },
})

export const planRoutes = createRouter<AppEnv>(policy).openapi(getPlanRoute, async (c) => {
  const history = await readPlan(portsOf(c), { owner: ownerOf(c), planId: c.req.valid('param').plan_id })
  c.header('Cache-Control', 'no-store')
  return c.json(history, 200)
})
