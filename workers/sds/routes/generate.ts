import { KEY_SERVICES } from '../../../shared/keys'
import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { apiKeyAuth } from '../../../shared/auth'
import { body } from '../../../shared/body'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { SDS_POLICY } from '../policy'
import { ErrorWithCandidates, GenerateRequest, GenerateResponse } from '../schemas'
import { apiRateLimit } from './limits'
import { portsOf } from './ports'
import { validationHook } from './validation'
import { generateSheet } from '../use-cases/generate-sheet'

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
      'Resolves `chemical_identifier`, classifies from the harmonised CLP Annex VI entry and returns a draft DOCX; or, with `product_name` and `components`, classifies the mixture by the calculation methods (CLP Annex I Parts 3-4; GHS Rev. 7 as adopted by OSHA) with any test data on the mixture first. Every answer carries `classification` (classes with their basis, label elements). Uses one unit of the key’s quota; a failed generation uses none.',
    security: [{ bearer: [] }],
    middleware: [
      apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES.sds.prefix, from: 'bearer', required: true }),
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
          422: 'VALIDATION_ERROR (with issues; also malformed JSON and wrong Content-Type), INVALID_COMPANY_WEBSITE, INVALID_CAS_NUMBER, CHEMICAL_NOT_FOUND (with suggestions), AMBIGUOUS_IDENTIFIER (with candidates), MIXTURE_NOT_SUPPORTED (with components: a mixture named in chemical_identifier; send components instead). For a mixture request the component that did not resolve is named in error and its index in component.',
          429: 'RATE_LIMITED: over 60 requests per minute for this key.',
          500: 'INTERNAL_ERROR: generation failed; no unit was used.',
        },
        ErrorWithCandidates
      ),
    },
  })
}

export const generateRoutes = createRouter<AppEnv>(SDS_POLICY)
  .openapi(
    route('us'),
    async (c) => c.json(await generateSheet(portsOf(c), c.var.apiKey!.id, 'us', c.req.valid('json')), 200),
    validationHook
  )
  .openapi(
    route('eu'),
    async (c) => c.json(await generateSheet(portsOf(c), c.var.apiKey!.id, 'eu', c.req.valid('json')), 200),
    validationHook
  )
