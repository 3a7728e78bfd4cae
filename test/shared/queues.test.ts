import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { describe, expect, it } from 'vitest'
import { routeQueues } from '../../shared/queues'

describe('routeQueues', () => {
  const msg = (id: string) => ({ id, timestamp: new Date(), attempts: 1, body: { n: id } })

  it('hands a batch to the consumer of its queue', async () => {
    const seen: string[] = []
    const handler = routeQueues<unknown>({
      jobs: async (batch) => {
        for (const m of batch.messages) {
          seen.push(m.id)
          m.ack()
        }
      },
    })
    const batch = createMessageBatch('jobs', [msg('a'), msg('b')])
    const ctx = createExecutionContext()
    await handler(batch, {})
    expect(seen).toEqual(['a', 'b'])
    expect((await getQueueResult(batch, ctx)).explicitAcks).toEqual(['a', 'b'])
  })

  it('retries, never acks, a batch from a queue it does not consume', async () => {
    const handler = routeQueues<unknown>({ jobs: async () => {} })
    for (const queue of ['elsewhere', 'toString', 'constructor']) {
      const batch = createMessageBatch(queue, [msg('x')])
      const ctx = createExecutionContext()
      await handler(batch, {})
      const result = await getQueueResult(batch, ctx)
      expect(result.retryBatch.retry).toBe(true)
      expect(result.explicitAcks).toEqual([])
    }
  })
})
