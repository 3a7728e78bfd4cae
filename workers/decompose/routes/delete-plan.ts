import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { policy } from '../policy'
import { deletePlan } from '../use-cases/delete-plan'
import { authenticated, ownerOf } from './decompose'
import { portsOf } from './ports'

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
  await deletePlan(portsOf(c), { owner: ownerOf(c), planId: c.req.valid('param').plan_id })
  c.header('Cache-Control', 'no-store')
  return c.body(null, 204)
})
