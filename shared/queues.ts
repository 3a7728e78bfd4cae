/** One queue's consumer: the batch and the worker's bindings. */
export type QueueConsumer<E> = (batch: MessageBatch<unknown>, env: E) => Promise<void>

/**
 * A worker's `queue` handler from its consumers by queue name (the names wrangler.toml's
 * `[[env.<name>.queues.consumers]]` declare). A batch from a queue the worker does not consume
 * is logged and retried, never acked: a misconfigured binding must not lose messages.
 */
export function routeQueues<E>(consumers: Record<string, QueueConsumer<E>>) {
  return async function queue(batch: MessageBatch<unknown>, env: E): Promise<void> {
    const consume = Object.hasOwn(consumers, batch.queue) ? consumers[batch.queue] : undefined
    if (consume) return consume(batch, env)
    console.error(`queue ${batch.queue}: no consumer here; messages retried`)
    batch.retryAll()
  }
}
