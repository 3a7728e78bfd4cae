import { KEY_SERVICES } from '../../../shared/keys'
import { createRoute } from '@hono/zod-openapi'
import { createRouter } from '../../../shared/app'
import { apiKeyAuth } from '../../../shared/auth'
import { body } from '../../../shared/body'
import { ApiError } from '../../../shared/errors'
import { errorResponses, rateLimitHeaders } from '../../../shared/openapi'
import { newId } from '../../../shared/webhooks/events'
import { itemView, jobCounts, statusUrl } from '../domain/bulk/events'
import type { BulkMessage } from '../domain/bulk/messages'
import { BulkAccepted, BulkJob, BulkRequest, JobParams, MAX_BULK_ITEMS } from '../bulk-schemas'
import { deleteJob, getJob, insertJob, jobItems, releaseUnits, reserveUnits } from '../bulk-store'
import type { AppEnv } from '../env'
import { SDS_POLICY } from '../policy'
import { quotaRule } from '../domain/quota/plans'
import { ErrorWithCandidates } from '../schemas'
import { readPlanState, unitsUsed } from '../store'
import { validationHook } from './generate'
import { apiRateLimit } from './limits'

// 500 items of up to 500 characters each, plus branding and JSON punctuation.
const MAX_BODY_BYTES = 512 * 1024
// Cloudflare Queues takes at most 100 messages per sendBatch.
const SEND_BATCH = 100

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
      const input = c.req.valid('json')
      const key = c.var.apiKey!
      const now = c.var.deps.now()
      const state = await readPlanState(c.env.DB, key.id)
      if (!state) throw new ApiError(401, 'UNAUTHORIZED', 'A valid API key (sds_live_…) is required; this one is unknown or revoked.')
      const rule = quotaRule(state, now)
      if (!rule.active) throw new ApiError(402, 'SUBSCRIPTION_INACTIVE', rule.reason, { subscription_tier: rule.tier })

      const n = input.items.length
      if (!(await reserveUnits(c.env.DB, key.id, rule, n, now))) {
        const left =
          rule.limit === null
            ? null
            : rule.tier === 'standard'
              ? rule.limit
              : Math.max(0, rule.limit - (await unitsUsed(c.env.DB, key.id, rule.period)))
        throw new ApiError(
          402,
          'QUOTA_EXCEEDED',
          `This job needs ${n} units and the key has ${left ?? 0} left${rule.resetsAt && rule.tier !== 'trial' ? ` (the quota resets at ${rule.resetsAt})` : ''}. Nothing was reserved; send fewer items.`,
          {
            subscription_tier: rule.tier,
            quota_resets_at: rule.resetsAt,
            units_needed: n,
            units_remaining: left,
          }
        )
      }

      const { items, ...branding } = input
      const jobId = newId('job_')
      try {
        await insertJob(
          c.env.DB,
          {
            id: jobId,
            key_id: key.id,
            status: 'queued',
            branding: JSON.stringify(branding),
            tier: rule.tier,
            period: rule.period,
            total: n,
            units_reserved: n,
            created_at: now.toISOString(),
          },
          items
        )
        for (let start = 0; start < n; start += SEND_BATCH) {
          const messages: Array<{ body: BulkMessage }> = items
            .slice(start, start + SEND_BATCH)
            .map((_, i) => ({ body: { job_id: jobId, idx: start + i } }))
          await c.env.BULK_QUEUE.sendBatch(messages)
        }
      } catch (err) {
        console.error('bulk job not queued:', err instanceof Error ? err.message : err)
        // Messages already sent find no job and are dropped by the consumer.
        await deleteJob(c.env.DB, jobId)
        await releaseUnits(c.env.DB, key.id, rule.tier, rule.period, n)
        throw new ApiError(503, 'QUEUE_UNAVAILABLE', 'The job could not be queued and nothing was reserved. Retry in a moment.')
      }
      return c.json(
        { job_id: jobId, status: 'queued' as const, status_url: statusUrl(c.env.BASE_URL, jobId), total: n, units_reserved: n },
        202
      )
    },
    validationHook
  )
  .openapi(status, async (c) => {
    const { job_id } = c.req.valid('param')
    const job = await getJob(c.env.DB, c.var.apiKey!.id, job_id)
    if (!job) throw new ApiError(404, 'JOB_NOT_FOUND', 'This key has no bulk job with that id.')
    const items = await jobItems(c.env.DB, job.id)
    const counts = jobCounts(job)
    const state =
      job.status === 'completed'
        ? 'completed'
        : counts.pending < counts.total || items.some((i) => i.status === 'running')
          ? 'running'
          : 'queued'
    return c.json(
      {
        job_id: job.id,
        status: state as 'queued' | 'running' | 'completed',
        created_at: job.created_at,
        completed_at: job.completed_at,
        ...counts,
        units_reserved: job.units_reserved,
        items: await Promise.all(items.map((i) => itemView(i, c.env.BASE_URL, c.env.DOC_SIGNING_SECRET))),
      },
      200
    )
  })
