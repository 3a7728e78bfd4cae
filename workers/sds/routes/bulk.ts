import { KEY_SERVICES } from '../../../shared/keys'
import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { apiKeyAuth } from '../../../shared/auth'
import { body } from '../../../shared/body'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { BulkAccepted, BulkJob, BulkRequest, JobParams, MAX_BULK_ITEMS } from '../bulk-schemas'
import type { AppEnv } from '../env'
import { SDS_POLICY } from '../policy'
import { ErrorWithCandidates } from '../schemas'
import { apiRateLimit } from './limits'
import { portsOf } from './ports'
import { validationHook } from './validation'
import { bulkJobStatus } from '../use-cases/bulk-job-status'
import { submitBulkJob } from '../use-cases/submit-bulk-job'

// 500 items of up to 500 characters each, plus branding and JSON punctuation.
const MAX_BODY_BYTES = 512 * 1024

const auth = apiKeyAuth<AppEnv>({ prefix: KEY_SERVICES.sds.prefix, from: 'bearer', required: true })

const submit = createRoute({
  method: 'post',
  path: '/api/v1/sds/bulk',
  tags: ['Bulk'],
  summary: `Generate up to ${MAX_BULK_ITEMS} safety data sheets in the background`,
  description:
    'Reserves one unit per item at once (all or nothing), queues the items and answers 202 at once. Poll `status_url`, or register a webhook for `sds.bulk.item_completed` and `sds.bulk.completed` (see /api/v1/webhooks). Items that fail give their unit back.',
  security: [{ bearer: [] }],
  middleware: [auth, apiRateLimit, body({ maxBytes: MAX_BODY_BYTES, accept: ['application/json'], policy: SDS_POLICY })] as const,
  request: { body: { required: true, content: { 'application/json': { schema: BulkRequest } } } },
  responses: {
    202: { description: 'Accepted and queued.', headers: rateLimitHeaders, content: { 'application/json': { schema: BulkAccepted } } },
    ...errorResponses(
      {
        401: 'UNAUTHORIZED',
        402: 'QUOTA_EXCEEDED: the whole job does not fit in the quota left (nothing is reserved); SUBSCRIPTION_INACTIVE.',
        413: 'PAYLOAD_TOO_LARGE: body over 512 KiB.',
        422: `VALIDATION_ERROR (1 to ${MAX_BULK_ITEMS} items, each with chemical_identifier and format), INVALID_COMPANY_WEBSITE.`,
        429: 'RATE_LIMITED',
        503: 'QUEUE_UNAVAILABLE: the job could not be queued; nothing was reserved.',
      },
      ErrorWithCandidates
    ),
  },
})

const status = createRoute({
  method: 'get',
  path: '/api/v1/sds/bulk/{job_id}',
  tags: ['Bulk'],
  summary: 'Status of a bulk job, with each item’s document link or error',
  description: 'Only the key that submitted the job can read it; any other key gets 404.',
  security: [{ bearer: [] }],
  middleware: [auth, apiRateLimit] as const,
  request: { params: JobParams },
  responses: {
    200: { description: 'The job.', headers: rateLimitHeaders, content: { 'application/json': { schema: BulkJob } } },
    ...errorResponses({ 401: 'UNAUTHORIZED', 404: 'JOB_NOT_FOUND', 429: 'RATE_LIMITED' }),
  },
})

export const bulkRoutes = createRouter<AppEnv>(SDS_POLICY)
  .openapi(
    submit,
    async (c) => {
      return c.json(await submitBulkJob(portsOf(c), c.var.apiKey!.id, c.req.valid('json')), 202)
    },
    validationHook
  )
  .openapi(status, async (c) => c.json(await bulkJobStatus(portsOf(c), c.var.apiKey!.id, c.req.valid('param').job_id), 200))
