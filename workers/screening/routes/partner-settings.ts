import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { ApiError } from '../../../shared/errors'
import { errorResponses } from '../../../shared/openapi'
import { ownerOf } from '../domain/owner'
import { defaultPartnerCap } from '../domain/partner-cap'
import type { AppEnv } from '../env'
import { partnerKey } from '../partner'
import { policy } from '../policy'
import { ScreeningError } from '../schemas'
import * as caps from '../stores/partner-cap'

const CapState = z
  .object({
    ok: z.literal(true),
    dailyScreeningCap: z.number().int(),
    isDefault: z.boolean(),
    screenedToday: z.number().int().openapi({ description: 'New screenings counted today (UTC), repeats excluded.' }),
  })
  .openapi('PartnerScreeningCap')

const errors = errorResponses({ 401: 'UNAUTHORIZED: a partner key is required.', 422: 'VALIDATION_ERROR.' }, ScreeningError)

const getRoute = createRoute({
  method: 'get',
  path: '/api/partner/screening-cap',
  summary: "The partner's daily cap on new screenings and today's count.",
  security: [{ partnerKey: [] }],
  middleware: [partnerKey] as const,
  responses: { 200: { description: 'The cap.', content: { 'application/json': { schema: CapState } } }, ...errors },
})

const putRoute = createRoute({
  method: 'put',
  path: '/api/partner/screening-cap',
  summary: "Set the partner's daily cap on new screenings (0 stops them; over the cap: 429 PARTNER_DAILY_CAP_REACHED).",
  security: [{ partnerKey: [] }],
  middleware: [partnerKey, body({ maxBytes: 1024, accept: ['application/json'], policy })] as const,
  request: {
    body: {
      content: { 'application/json': { schema: z.object({ dailyScreeningCap: z.number().int().min(0).max(100_000) }).strict() } },
      required: true,
    },
  },
  responses: { 200: { description: 'The cap now.', content: { 'application/json': { schema: CapState } } }, ...errors },
})

function ownerOrRefuse(keyId: string | undefined): string {
  if (!keyId) throw new ApiError(401, 'UNAUTHORIZED', 'Send your partner key in x-api-key.')
  return ownerOf(keyId, '')
}

async function state(db: D1Database, owner: string, fallback: number, now: Date) {
  const own = await caps.partnerCap(db, owner)
  return {
    ok: true as const,
    dailyScreeningCap: own ?? fallback,
    isDefault: own === null,
    screenedToday: await caps.screeningsToday(db, owner, now.toISOString().slice(0, 10)),
  }
}

export const partnerSettingsRoutes = createRouter<AppEnv>(policy)
  .openapi(getRoute, async (c) => {
    const owner = ownerOrRefuse(c.var.apiKey?.id)
    return c.json(await state(c.env.DB, owner, defaultPartnerCap(c.env), c.var.deps.now()), 200)
  })
  .openapi(putRoute, async (c) => {
    const owner = ownerOrRefuse(c.var.apiKey?.id)
    const now = c.var.deps.now()
    await caps.setPartnerCap(c.env.DB, owner, c.req.valid('json').dailyScreeningCap, now)
    return c.json(await state(c.env.DB, owner, defaultPartnerCap(c.env), now), 200)
  })
