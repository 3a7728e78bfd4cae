import { createRoute } from '@hono/zod-openapi'
import type { Context } from 'hono'
import { createRouter } from '../../../shared/app'
import { apiKeyAuth } from '../../../shared/auth'
import { body } from '../../../shared/body'
import { ApiError, toIssues } from '../../../shared/errors'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { resolveRequest } from '../domain/chem/request'
import { displayName } from '../domain/chem/resolve'
import type { AppEnv } from '../env'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { enrichmentFor } from '../domain/pubchem/enrich'
import { SDS_POLICY } from '../policy'
import { quotaRule, type QuotaRule } from '../domain/quota/plans'
import { ErrorWithCandidates, GenerateRequest, GenerateResponse } from '../schemas'
import { generateDocx } from '../domain/sheet/generate'
import { enrichDeps, readPlanState, refundUnit, takeUnit, unitsUsed } from '../store'
import { brandingOf, deliver, styled } from './deliver'
import { apiRateLimit } from './limits'

const MAX_BODY_BYTES = 16 * 1024

function route(j: Jurisdiction) {
  return createRoute({
    method: 'post',
    path: `/api/v1/sds/${j}`,
    summary:
      j === 'us'
        ? 'Generate a US safety data sheet (OSHA HazCom 29 CFR 1910.1200, GHS Rev. 7)'
        : 'Generate an EU safety data sheet (REACH Annex II as amended by 2020/878, CLP)',
    description:
      'Resolves `chemical_identifier`, classifies from the harmonised CLP Annex VI entry and returns a draft DOCX. Uses one unit of the key’s quota; a failed generation uses none.',
    security: [{ bearer: [] }],
    middleware: [
      apiKeyAuth<AppEnv>({ prefix: 'sds_live_', from: 'bearer', required: true }),
      apiRateLimit,
      body({ maxBytes: MAX_BODY_BYTES, accept: ['application/json'], policy: SDS_POLICY }),
    ] as const,
    request: { body: { required: true, content: { 'application/json': { schema: GenerateRequest } } } },
    responses: {
      200: {
        description: 'The document was generated.',
        headers: rateLimitHeaders,
        content: { 'application/json': { schema: GenerateResponse } },
      },
      ...errorResponses(
        {
          401: 'UNAUTHORIZED: missing, unknown or revoked key.',
          402: 'QUOTA_EXCEEDED: no unit left in the period; SUBSCRIPTION_INACTIVE: trial over or subscription cancelled.',
          413: 'PAYLOAD_TOO_LARGE: body over 16 KiB.',
          422: 'VALIDATION_ERROR (with issues; also malformed JSON and wrong Content-Type), INVALID_COMPANY_WEBSITE, INVALID_CAS_NUMBER, CHEMICAL_NOT_FOUND (with suggestions), AMBIGUOUS_IDENTIFIER (with candidates), MIXTURE_NOT_SUPPORTED (with components).',
          429: 'RATE_LIMITED: over 60 requests per minute for this key.',
          500: 'INTERNAL_ERROR: generation failed; no unit was used.',
        },
        ErrorWithCandidates
      ),
    },
  })
}

/** company_website has its own code (spec: INVALID_COMPANY_WEBSITE); other body errors are VALIDATION_ERROR. */
export function validationHook(result: { success: boolean; error?: unknown }): undefined {
  if (result.success || !result.error) return undefined
  const issues = toIssues((result.error as { issues: Array<{ path: PropertyKey[]; message: string }> }).issues)
  const website = issues.find((i) => i.path === 'company_website')
  if (website)
    throw new ApiError(422, 'INVALID_COMPANY_WEBSITE', 'company_website must be a valid URL (http or https, e.g. https://example.com).', {
      issues: [website],
    })
  const first = issues[0]
  throw new ApiError(422, 'VALIDATION_ERROR', `Invalid request: ${first.path}: ${first.message}.`, { issues })
}

async function generate(c: Context<AppEnv>, j: Jurisdiction, input: GenerateRequest) {
  const key = c.var.apiKey!
  const now = c.var.deps.now()
  const state = await readPlanState(c.env.DB, key.id)
  if (!state) throw new ApiError(401, 'UNAUTHORIZED', 'A valid API key (sds_live_…) is required; this one is unknown or revoked.')
  const rule = quotaRule(state, now)
  if (!rule.active) throw new ApiError(402, 'SUBSCRIPTION_INACTIVE', rule.reason, { subscription_tier: rule.tier })

  // Say 402 before any other work when the quota is visibly spent; the atomic take below
  // settles races.
  const spent =
    rule.tier === 'standard' ? rule.limit === 0 : rule.limit !== null && (await unitsUsed(c.env.DB, key.id, rule.period)) >= rule.limit
  if (spent) throw quotaExceeded(rule)

  // The same resolution a bulk item goes through (chem/request.ts).
  const resolution = await resolveRequest(input)
  if (!resolution.ok) {
    const { ok: _ok, code, message, ...extra } = resolution
    void _ok
    throw new ApiError(422, code, message, extra)
  }

  const taken = await takeUnit(c.env.DB, key.id, rule, now)
  if (!taken) throw quotaExceeded(rule)

  try {
    const enrichment = await enrichmentFor(enrichDeps(c.env, c.var.deps.fetcher), resolution.substance)
    const { bytes, filename, facts } = await generateDocx(resolution.substance, j, brandingOf(input), now, enrichment)
    const { record, entry, matchedBy } = resolution.substance
    const common = {
      format: 'docx' as const,
      generated_at: now.toISOString(),
      style_profile_applied: styled(input),
      units_used: taken.used,
      units_remaining: taken.remaining,
      filename,
      jurisdiction: j,
      substance: {
        name: displayName(record, entry, j),
        cas: record.cas,
        ec: record.ec[0] ?? null,
        index_no: facts.classification.annex?.index ?? null,
        matched_by: matchedBy,
        harmonised_classification: Boolean(entry) || facts.classification.group !== null,
        concentration: resolution.substance.concentration ?? null,
      },
    }
    return { ...common, ...(await deliver(c.env, key.id, j, { bytes, filename }, input.response_format, now)) }
  } catch (err) {
    // A generation that fails uses no unit (DECISIONS.md).
    await refundUnit(c.env.DB, key.id, rule)
    throw err
  }
}

export function quotaExceeded(rule: Extract<QuotaRule, { active: true }>): ApiError {
  const detail =
    rule.tier === 'standard'
      ? 'This key has no document credits left. Buy more credits to continue.'
      : `This key has used all ${rule.limit} documents of its ${rule.tier === 'trial' ? 'trial' : 'monthly quota'}${rule.resetsAt && rule.tier !== 'trial' ? `; the quota resets at ${rule.resetsAt}` : ''}.`
  return new ApiError(402, 'QUOTA_EXCEEDED', detail, { subscription_tier: rule.tier, quota_resets_at: rule.resetsAt })
}

export const generateRoutes = createRouter<AppEnv>(SDS_POLICY)
  .openapi(route('us'), async (c) => c.json(await generate(c, 'us', c.req.valid('json')), 200), validationHook)
  .openapi(route('eu'), async (c) => c.json(await generate(c, 'eu', c.req.valid('json')), 200), validationHook)
