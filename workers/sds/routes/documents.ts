import { createRoute, z } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { ApiError } from '../../../shared/errors'
import { errorResponses } from '../../../shared/openapi'
import { clientIp, rateLimit } from '../../../shared/rate-limit/middleware'
import type { AppEnv } from '../env'
import { checkDocumentLink } from '../domain/links'
import { SDS_POLICY } from '../policy'
import { DOCX_TYPE, getDocument } from '../store'

const documentRoute = createRoute({
  method: 'get',
  path: '/api/v1/documents/{file}',
  summary: 'Download a generated document through its signed link',
  description: 'The link in `document_url`: `<id>.docx?expires=<unix>&sig=<hmac>`, valid 7 days. No API key needed.',
  middleware: [
    rateLimit<AppEnv>({ scope: 'documents', limit: 120, windowSeconds: 60, key: clientIp, markers: (c) => c.env.CACHE }),
  ] as const,
  request: {
    params: z.object({
      file: z.string().openapi({ param: { name: 'file', in: 'path' }, example: '5f0c7a52-3f7e-4c43-9c55-0d1e2a3b4c5d.docx' }),
    }),
    query: z.object({ expires: z.string().optional(), sig: z.string().optional() }),
  },
  responses: {
    200: { description: 'The DOCX file.', content: { [DOCX_TYPE]: { schema: z.string().openapi({ format: 'binary' }) } } },
    ...errorResponses({
      403: 'LINK_INVALID: tampered or malformed link.',
      404: 'DOCUMENT_NOT_FOUND',
      410: 'LINK_EXPIRED',
      429: 'RATE_LIMITED',
    }),
  },
})

const ID = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.docx$/

export const documentRoutes = createRouter<AppEnv>(SDS_POLICY).openapi(documentRoute, async (c) => {
  const { file } = c.req.valid('param')
  const { expires, sig } = c.req.valid('query')
  const id = ID.exec(file)?.[1]
  const secret = c.env.DOC_SIGNING_SECRET
  const check = id && secret ? await checkDocumentLink(secret, id, expires, sig, Math.floor(c.var.deps.now().getTime() / 1000)) : 'invalid'
  if (check === 'invalid')
    throw new ApiError(403, 'LINK_INVALID', 'This document link is not valid: it was altered or is incomplete. Request a new document.')
  if (check === 'expired')
    throw new ApiError(410, 'LINK_EXPIRED', 'This document link has expired (links are valid 7 days). Generate the document again.')
  const doc = await getDocument(c.env.DOCUMENTS, id!)
  if (!doc) throw new ApiError(404, 'DOCUMENT_NOT_FOUND', 'The document is no longer stored. Generate it again.')
  return c.body(doc.body, 200, {
    'Content-Type': DOCX_TYPE,
    'Content-Disposition': `attachment; filename="${doc.filename.replace(/[^A-Za-z0-9._-]/g, '_')}"`,
    'Content-Length': String(doc.size),
    'Cache-Control': 'private, no-store',
  })
})
