import type { BulkMessage } from './domain/bulk/messages'
import { sdsPorts, type Bindings, type Deps } from './env'
import { runBulkItem } from './use-cases/run-bulk-item'

/**
 * Items generated at once by one consumer invocation. Generation is CPU-bound, so more would
 * only interleave; the queue's max_concurrency bounds the invocations.
 */
export const BULK_PARALLELISM = 4

// An item claimed elsewhere comes back once that claim may have gone stale (its worker died).
const BUSY_RETRY_SECONDS = 120

/** Runs `work` over `items`, at most `limit` at a time. */
export async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0
  const lanes = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++])
  })
  await Promise.all(lanes)
}

/** The sds-bulk queue's consumer: each message is one item, run by the runBulkItem use case. */
export async function processBulkBatch(env: Bindings, deps: Deps, batch: MessageBatch<BulkMessage>): Promise<void> {
  const ports = sdsPorts(env, deps)
  await pool(batch.messages, BULK_PARALLELISM, async (message) => {
    try {
      const outcome = await runBulkItem(ports, message.body)
      if (outcome === 'busy') message.retry({ delaySeconds: BUSY_RETRY_SECONDS })
      else message.ack()
    } catch (err) {
      // Storage trouble: the item is still pending (or its claim goes stale), so try again.
      console.error('bulk item', message.body.job_id, message.body.idx, err instanceof Error ? err.message : err)
      message.retry({ delaySeconds: 10 })
    }
  })
}
