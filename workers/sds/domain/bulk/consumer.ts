import { publishEvent, type PublishContext } from '../../../../shared/webhooks/events'
import type { Bindings, Deps } from '../../env'
import type { SheetBranding } from '../sheet/generate'
import { itemView, jobCounts, statusUrl } from './events'
import { generateItem } from './item'
import type { BulkMessage } from './messages'
import {
  claimItem,
  itemStatus,
  finishItemDone,
  finishItemFailed,
  jobForWork,
  markCompleted,
  type Counts,
  type JobRow,
} from '../../bulk-store'

/**
 * Items generated at once by one consumer invocation. Generation is CPU-bound (about 80 ms
 * per DOCX), so more would only interleave; the queue's max_concurrency bounds the invocations.
 */
export const BULK_PARALLELISM = 4

/** Runs `work` over `items`, at most `limit` at a time. */
export async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++])
  })
  await Promise.all(lanes)
}

export async function processBulkBatch(env: Bindings, deps: Deps, batch: MessageBatch<BulkMessage>): Promise<void> {
  await pool(batch.messages, BULK_PARALLELISM, async (message) => {
    try {
      const outcome = await processItem(env, deps, message.body)
      // Claimed elsewhere and not finished: this copy comes back once the claim may have gone
      // stale (the worker holding it died), rather than leave the item unfinished forever.
      if (outcome === 'busy') message.retry({ delaySeconds: BUSY_RETRY_SECONDS })
      else message.ack()
    } catch (err) {
      // Storage trouble: the item is still pending (or its claim goes stale), so try again.
      console.error('bulk item', message.body.job_id, message.body.idx, err instanceof Error ? err.message : err)
      message.retry({ delaySeconds: 10 })
    }
  })
}

const BUSY_RETRY_SECONDS = 120

async function processItem(env: Bindings, deps: Deps, msg: BulkMessage): Promise<'settled' | 'busy'> {
  const job = await jobForWork(env.DB, msg.job_id)
  if (!job) return 'settled'
  const now = deps.now()
  const item = await claimItem(env.DB, job.id, msg.idx, now)
  if (!item) return (await itemStatus(env.DB, job.id, msg.idx)) === 'running' ? 'busy' : 'settled'
  const request = {
    chemical_identifier: item.chemical_identifier,
    format: item.format,
    concentration: item.concentration ?? undefined,
    physical_form: item.physical_form ?? undefined,
  }
  const outcome = await generateItem(env, deps.fetcher, job.key_id, request, JSON.parse(job.branding) as SheetBranding, now)
  const at = deps.now().toISOString()
  const counts = outcome.ok
    ? await finishItemDone(
        env.DB,
        job,
        item.idx,
        { documentId: outcome.documentId, filename: outcome.filename, expires: outcome.expires },
        at
      )
    : await finishItemFailed(env.DB, job, item.idx, { code: outcome.code, message: outcome.message }, at)
  if (!counts) return 'settled'
  const publish: PublishContext = { db: env.DB, queue: env.WEBHOOK_QUEUE, now: deps.now() }
  const settled = {
    ...item,
    status: outcome.ok ? ('done' as const) : ('failed' as const),
    ...(outcome.ok
      ? { document_id: outcome.documentId, filename: outcome.filename, expires: outcome.expires }
      : { error_code: outcome.code, error_message: outcome.message }),
  }
  await publishEvent(publish, job.key_id, 'sds.bulk.item_completed', {
    job_id: job.id,
    ...(await itemView(settled, env.BASE_URL, env.DOC_SIGNING_SECRET)),
  })
  if (counts.succeeded + counts.failed === counts.total) await complete(env, job, counts, publish)
  return 'settled'
}

async function complete(env: Bindings, job: JobRow, counts: Counts, publish: PublishContext) {
  const done = await markCompleted(env.DB, job.id, publish.now.toISOString())
  if (!done) return
  await publishEvent(publish, job.key_id, 'sds.bulk.completed', {
    job_id: job.id,
    status: 'completed',
    ...jobCounts(counts),
    status_url: statusUrl(env.BASE_URL, job.id),
    completed_at: done.completed_at,
  })
}
