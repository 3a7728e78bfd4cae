import { DomainError } from '../../../shared/errors'
import { newId } from '../../../shared/webhooks/events'
import type { BulkRequest } from '../bulk-schemas'
import { deleteJob, insertJob, releaseUnits, reserveUnits } from '../bulk-store'
import { statusUrl } from '../domain/bulk/events'
import type { BulkMessage } from '../domain/bulk/messages'
import type { SdsPorts } from '../env'
import { unitsUsed } from '../store'
import { activeRule } from './account'

// Cloudflare Queues takes at most 100 messages per sendBatch.
const SEND_BATCH = 100

/**
 * POST /api/v1/sds/bulk: reserves one unit per item (all or nothing), stores the job and queues
 * one message per item. A job that cannot be queued is deleted and its units given back.
 */
export async function submitBulkJob(ports: SdsPorts, keyId: string, input: BulkRequest) {
  const now = ports.now()
  const rule = await activeRule(ports, keyId, now)
  const n = input.items.length
  if (!(await reserveUnits(ports.db, keyId, rule, n, now))) {
    const left =
      rule.limit === null
        ? null
        : rule.tier === 'standard'
          ? rule.limit
          : Math.max(0, rule.limit - (await unitsUsed(ports.db, keyId, rule.period)))
    throw new DomainError(
      'QUOTA_EXCEEDED',
      `This job needs ${n} units and the key has ${left ?? 0} left${rule.resetsAt && rule.tier !== 'trial' ? ` (the quota resets at ${rule.resetsAt})` : ''}. Nothing was reserved; send fewer items.`,
      { subscription_tier: rule.tier, quota_resets_at: rule.resetsAt, units_needed: n, units_remaining: left }
    )
  }

  const { items, ...branding } = input
  const jobId = newId('job_')
  try {
    await insertJob(
      ports.db,
      {
        id: jobId,
        key_id: keyId,
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
      await ports.bulkQueue.sendBatch(messages)
    }
  } catch (err) {
    console.error('bulk job not queued:', err instanceof Error ? err.message : err)
    // Messages already sent find no job and are dropped by the consumer.
    await deleteJob(ports.db, jobId)
    await releaseUnits(ports.db, keyId, rule.tier, rule.period, n)
    throw new DomainError('QUEUE_UNAVAILABLE', 'The job could not be queued and nothing was reserved. Retry in a moment.')
  }
  return { job_id: jobId, status: 'queued' as const, status_url: statusUrl(ports.links.baseUrl, jobId), total: n, units_reserved: n }
}
