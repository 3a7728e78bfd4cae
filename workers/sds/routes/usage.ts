import { KEY_SERVICES } from '../../../shared/keys'
import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { apiKeyAuth } from '../../../shared/auth'
import { ApiError } from '../../../shared/errors'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import { SDS_POLICY } from '../policy'
import { quotaRule } from '../domain/quota/plans'
import { UsageResponse } from '../schemas'
import { readPlanState, unitsUsed } from '../store'
import { unitsReserved } from '../bulk-store'
import { apiRateLimit } from './limits'

const usageRoute = createRoute({
  method: 'get',
  path: '/api/v1/usage',
  summary: 'Quota state of the authenticated key',
  description:
    'Read it before submitting bulk jobs. Counts documents used in the current quota period, and units reserved by bulk jobs still running (not available, not yet used).',
  security: [{ bearer: [] }],
  middleware: [apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES.sds.prefix, from: 'bearer', required: true }), apiRateLimit] as const,
  responses: {
    200: { description: 'Usage snapshot.', headers: rateLimitHeaders, content: { 'application/json': { schema: UsageResponse } } },
    ...errorResponses({ 401: 'UNAUTHORIZED', 429: 'RATE_LIMITED' }),
  },
})

export const usageRoutes = createRouter<AppEnv>(SDS_POLICY).openapi(usageRoute, async (c) => {
  const key = c.var.apiKey!
  const state = await readPlanState(c.env.DB, key.id)
  if (!state) throw new ApiError(401, 'UNAUTHORIZED', 'A valid API key (sds_live_…) is required; this one is unknown or revoked.')
  const rule = quotaRule(state, c.var.deps.now())
  // Units reserved by unfinished bulk jobs are already counted in the period's usage row
  // (that is what makes the reservation hold): report them apart from documents made.
  const [taken, reserved] = await Promise.all([unitsUsed(c.env.DB, key.id, rule.period), unitsReserved(c.env.DB, key.id, rule.period)])
  const used = Math.max(0, taken - reserved)
  const remaining = !rule.active ? 0 : rule.limit === null ? null : rule.tier === 'standard' ? rule.limit : Math.max(0, rule.limit - taken)
  return c.json(
    {
      subscription_tier: rule.tier,
      subscription_status: rule.active ? ('active' as const) : ('inactive' as const),
      quota_monthly: rule.quotaMonthly,
      quota_resets_at: rule.resetsAt,
      units_used: used,
      units_remaining: remaining,
      units_reserved: reserved,
    },
    200
  )
})
