import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { body } from '../../../shared/body'
import { errorResponses } from '../../../shared/openapi'
import { type AppEnv, portsOf } from '../env'
import { partnerKey, partnerOf } from '../partner'
import { policy } from '../policy'
import { ScreeningError } from '../schemas'
import { screeningCapOf, setScreeningCap, setSubsidyCreditPolicy, subsidyCreditPolicyOf } from '../use-cases/partner'

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
    return c.json({ ok: true as const, skipCreditForSubsidy: await subsidyCreditPolicyOf(portsOf(c), partnerOf(c)) }, 200)
  })
  .openapi(putPolicyRoute, async (c) => {
    const skip = c.req.valid('json').skipCreditForSubsidy
    await setSubsidyCreditPolicy(portsOf(c), { partnerId: partnerOf(c), skip })
    return c.json({ ok: true as const, skipCreditForSubsidy: skip }, 200)
  })
  .openapi(getRoute, async (c) => {
    return c.json({ ok: true as const, ...(await screeningCapOf(portsOf(c), partnerOf(c))) }, 200)
  })
  .openapi(putRoute, async (c) => {
    const cap = await setScreeningCap(portsOf(c), { partnerId: partnerOf(c), dailyScreeningCap: c.req.valid('json').dailyScreeningCap })
    return c.json({ ok: true as const, ...cap }, 200)
  })
