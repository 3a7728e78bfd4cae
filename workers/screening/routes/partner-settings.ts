import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { ApiError } from '../../../shared/errors'
import { errorResponses } from '../../../shared/openapi'
import { ownerOf } from '../domain/owner'
import { defaultPartnerCap } from '../domain/partner-cap'
import type { AppEnv } from '../env'
import { partnerKey, partnerOf } from '../partner'
import { policy } from '../policy'
import { ScreeningError } from '../schemas'
import * as caps from '../stores/partner-cap'
import * as store from '../stores/partner-policy'

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

function ownerOrRefuse(partnerId: string | null): string {
  if (!partnerId) throw new ApiError(401, 'UNAUTHORIZED', 'Send your partner key in x-api-key.')
  return ownerOf(partnerId, '')
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

const SubsidyPolicy = z
  .object({
    ok: z.literal(true),
    skipCreditForSubsidy: z.boolean().openapi({
      description:
        'true: credit is not scored for any applicant with a voucherAmount, wherever the property is. Where a law already ' +
        'says so (California, Gov. Code § 12955(o)) credit is not scored whatever this says.',
    }),
  })
  .openapi('PartnerSubsidyCreditPolicy')

const getPolicyRoute = createRoute({
  method: 'get',
  path: '/api/partner/subsidy-credit-policy',
  summary: "Whether the partner's screenings score credit for applicants with a rent subsidy.",
  security: [{ partnerKey: [] }],
  middleware: [partnerKey] as const,
  responses: { 200: { description: 'The policy.', content: { 'application/json': { schema: SubsidyPolicy } } }, ...errors },
})

const putPolicyRoute = createRoute({
  method: 'put',
  path: '/api/partner/subsidy-credit-policy',
  summary: 'Set whether credit is scored for applicants with a rent subsidy (applies to new screenings and rescores).',
  security: [{ partnerKey: [] }],
  middleware: [partnerKey, body({ maxBytes: 1024, accept: ['application/json'], policy })] as const,
  request: {
    body: {
      content: { 'application/json': { schema: z.object({ skipCreditForSubsidy: z.boolean() }).strict() } },
      required: true,
    },
  },
  responses: { 200: { description: 'The policy now.', content: { 'application/json': { schema: SubsidyPolicy } } }, ...errors },
})

export const partnerSettingsRoutes = createRouter<AppEnv>(policy)
  .openapi(getPolicyRoute, async (c) => {
    const owner = ownerOrRefuse(partnerOf(c))
    return c.json({ ok: true as const, skipCreditForSubsidy: await store.skipsCreditForSubsidy(c.env.DB, owner) }, 200)
  })
  .openapi(putPolicyRoute, async (c) => {
    const owner = ownerOrRefuse(partnerOf(c))
    const skip = c.req.valid('json').skipCreditForSubsidy
    await store.setSkipCreditForSubsidy(c.env.DB, owner, skip, c.var.deps.now())
    return c.json({ ok: true as const, skipCreditForSubsidy: skip }, 200)
  })
  .openapi(getRoute, async (c) => {
    const owner = ownerOrRefuse(partnerOf(c))
    return c.json(await state(c.env.DB, owner, defaultPartnerCap(c.env), c.var.deps.now()), 200)
  })
  .openapi(putRoute, async (c) => {
    const owner = ownerOrRefuse(partnerOf(c))
    const now = c.var.deps.now()
    await caps.setPartnerCap(c.env.DB, owner, c.req.valid('json').dailyScreeningCap, now)
    return c.json(await state(c.env.DB, owner, defaultPartnerCap(c.env), now), 200)
  })
