import { KEY_SERVICES } from '../../../shared/keys'
import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { apiKeyAuth } from '../../../shared/auth'
import { body } from '../../../shared/body'
import { ApiError } from '../../../shared/errors'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { SDS_POLICY } from '../policy'
import { quotaRule } from '../domain/quota/plans'
import { ErrorWithCandidates } from '../schemas'
import { documentFilename } from '../domain/sheet/generate'
import { renderDocx } from '../domain/sheet/render-docx'
import { readPlanState, refundUnit, takeUnit, unitsUsed } from '../store'
import { predict } from '../domain/rnd/predict'
import { toResponse } from '../domain/rnd/response'
import { RndRequest, RndResponse } from '../rnd-schemas'
import { buildProxySheet, proxyName } from '../domain/rnd/sheet'
import { brandingOf, deliver, styled } from './deliver'
import { quotaExceeded, validationHook } from './generate'
import { apiRateLimit } from './limits'

// A V2000 molfile of 120 heavy atoms with its hydrogens is about 25 KiB; 64 KiB is allowed.
const MAX_BODY_BYTES = 96 * 1024
const PLANS = new Set(['pro', 'enterprise'])

function route(j: Jurisdiction) {
  return createRoute({
    method: 'post',
    path: `/api/v1/sds/rnd/${j}`,
    summary: `Generate an R&D proxy safety data sheet for a novel compound (${j === 'us' ? 'US layout' : 'EU layout'})`,
    description:
      'Pro and Enterprise plans. For a structure with no data: identity from the structure, predicted properties (with method and measured error), structural alerts, read-across from the three most similar knowledge-base substances and a precautionary classification. Every page is marked “PROXY — predicted, not tested — for R&D use only”. Uses one unit of the key’s quota; a failed generation uses none.',
    security: [{ bearer: [] }],
    middleware: [
      apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES.sds.prefix, from: 'bearer', required: true }),
      apiRateLimit,
      body({ maxBytes: MAX_BODY_BYTES, accept: ['application/json'], policy: SDS_POLICY }),
    ] as const,
    request: { body: { required: true, content: { 'application/json': { schema: RndRequest } } } },
    responses: {
      200: {
        description: 'The proxy document was generated.',
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: RndResponse } },
      },
      ...errorResponses(
        {
          401: 'UNAUTHORIZED: missing, unknown or revoked key.',
          402: 'PLAN_REQUIRED: the key’s plan is not Pro or Enterprise; QUOTA_EXCEEDED; SUBSCRIPTION_INACTIVE.',
          413: 'PAYLOAD_TOO_LARGE: body over 96 KiB; STRUCTURE_TOO_LARGE: SMILES over 1,000 characters, molfile over 64 KiB, branches nested over 40 deep or over 120 heavy atoms.',
          422: 'VALIDATION_ERROR (with issues; also neither or both of smiles and molfile), INVALID_COMPANY_WEBSITE, INVALID_STRUCTURE (the parser’s reason).',
          429: 'RATE_LIMITED: over 60 requests per minute for this key.',
          500: 'INTERNAL_ERROR: generation failed; no unit was used.',
        },
        ErrorWithCandidates
      ),
    },
  })
}

async function generate(c: Context<AppEnv>, j: Jurisdiction, input: RndRequest) {
  const key = c.var.apiKey!
  const now = c.var.deps.now()
  const state = await readPlanState(c.env.DB, key.id)
  if (!state) throw new ApiError(401, 'UNAUTHORIZED', 'A valid API key (sds_live_…) is required; this one is unknown or revoked.')
  if (!PLANS.has(state.plan))
    throw new ApiError(
      402,
      'PLAN_REQUIRED',
      'R&D proxy sheets are part of the Pro and Enterprise plans; upgrade this key’s plan to use them.',
      { subscription_tier: state.plan }
    )
  const rule = quotaRule(state, now)
  if (!rule.active) throw new ApiError(402, 'SUBSCRIPTION_INACTIVE', rule.reason, { subscription_tier: rule.tier })
  if (rule.limit !== null && (await unitsUsed(c.env.DB, key.id, rule.period)) >= rule.limit) throw quotaExceeded(rule)

  const structure = input.smiles !== undefined ? { smiles: input.smiles } : { molfile: input.molfile }
  const result = await predict(structure, j)
  if (!result.ok) throw new ApiError(result.status, result.code, result.message)

  const taken = await takeUnit(c.env.DB, key.id, rule, now)
  if (!taken) throw quotaExceeded(rule)
  try {
    const sheet = buildProxySheet(result.prediction, result.entry, j, input.name, brandingOf(input), now)
    const bytes = await renderDocx(sheet)
    const name = proxyName(result.prediction, input.name)
    const filename = documentFilename(`${name} proxy`, null, j)
    const common = {
      format: 'docx' as const,
      generated_at: now.toISOString(),
      style_profile_applied: styled(input),
      units_used: taken.used,
      units_remaining: taken.remaining,
      filename,
      jurisdiction: j,
      substance: {
        name,
        cas: null,
        ec: null,
        index_no: null,
        matched_by: input.smiles !== undefined ? ('smiles' as const) : ('molfile' as const),
        harmonised_classification: false as const,
      },
      prediction: toResponse(result.prediction),
    }
    return { ...common, ...(await deliver(c.env, key.id, j, { bytes, filename }, input.response_format, now)) }
  } catch (err) {
    // A generation that fails uses no unit (DECISIONS.md).
    await refundUnit(c.env.DB, key.id, rule)
    throw err
  }
}

export const rndRoutes = createRouter<AppEnv>(SDS_POLICY)
  .openapi(route('us'), async (c) => c.json(await generate(c, 'us', c.req.valid('json')), 200), validationHook)
  .openapi(route('eu'), async (c) => c.json(await generate(c, 'eu', c.req.valid('json')), 200), validationHook)
