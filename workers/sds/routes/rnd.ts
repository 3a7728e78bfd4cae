import { KEY_SERVICES } from '../../../shared/keys'
import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { apiKeyAuth } from '../../../shared/auth'
import { body } from '../../../shared/body'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import type { AppEnv } from '../env'
import type { Jurisdiction } from '../domain/ghs/phrases'
import { SDS_POLICY } from '../policy'
import { ErrorWithCandidates } from '../schemas'
import { RndRequest, RndResponse } from '../rnd-schemas'
import { apiRateLimit } from './limits'
import { portsOf } from './ports'
import { validationHook } from './validation'
import { generateProxySheet } from '../use-cases/generate-proxy-sheet'

// A V2000 molfile of 120 heavy atoms with its hydrogens is about 25 KiB; 64 KiB is allowed.
const MAX_BODY_BYTES = 96 * 1024

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

export const rndRoutes = createRouter<AppEnv>(SDS_POLICY)
  .openapi(
    route('us'),
    async (c) => c.json(await generateProxySheet(portsOf(c), c.var.apiKey!.id, 'us', c.req.valid('json')), 200),
    validationHook
  )
  .openapi(
    route('eu'),
    async (c) => c.json(await generateProxySheet(portsOf(c), c.var.apiKey!.id, 'eu', c.req.valid('json')), 200),
    validationHook
  )
