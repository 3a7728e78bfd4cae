import type { HttpFetcher } from '../http-fetcher'
import { memoResolver } from '../net/dns'
import { TargetError } from '../net/errors'
import type { DeliveryMessage } from './events'
import { newId } from './events'
import { ATTEMPT_TIMEOUT_MS, DISABLE_AFTER_DAYS, failingTooLong, retryDelay } from './schedule'
import { signingSecret } from './endpoint-secret'
import { keyringOf, type SecretKeyBindings } from './secret-box'
import { signedHeaders } from './signing'
import { deliveryForAttempt, disableEndpoint, recordAttempt, type DeliveryRow, type EndpointRow } from './store'
import { validateWebhookUrl } from './target'

export type DeliverContext = { db: D1Database; fetcher: HttpFetcher; now: () => Date; allowLocal: boolean; keys: SecretKeyBindings }

/** What the queue should do with the message: nothing more, or try again after `delaySeconds`. */
export type AttemptResult = { done: true } | { done: false; delaySeconds: number }

const DONE: AttemptResult = { done: true }

/** One attempt at one delivery, recorded in the delivery log. Never throws for a receiver's failure. */
export async function attemptDelivery(ctx: DeliverContext, deliveryId: string): Promise<AttemptResult> {
  const found = await deliveryForAttempt(ctx.db, deliveryId)
  // Deleted with its endpoint, or already settled by an earlier copy of this message.
  if (!found || found.delivery.status === 'delivered' || found.delivery.status === 'failed') return DONE
  const { delivery, endpoint } = found
  const started = ctx.now()
  const at = started.toISOString()
  const attempts = delivery.attempts + 1
  if (!endpoint || endpoint.status !== 'active') {
    await recordAttempt(ctx.db, delivery, delivery.attempts, {
      status: 'failed',
      statusCode: null,
      error: 'The endpoint is disabled; not sent.',
      at,
      nextAttemptAt: null,
    })
    return DONE
  }

  // Without its key the secret cannot be read: a configuration fault (WebhookKeyError), thrown
  // so the message is retried once the key is set, and nothing is recorded as sent.
  const secret = await signingSecret(ctx.db, await keyringOf(ctx.keys), endpoint)
  let statusCode: number | null = null
  let error: string | null = null
  try {
    const url = await validateWebhookUrl(endpoint.url, { resolve: memoResolver(ctx.fetcher), allowLocal: ctx.allowLocal })
    const timestamp = Math.floor(started.getTime() / 1000)
    const res = await ctx.fetcher(url.toString(), {
      method: 'POST',
      headers: await signedHeaders(secret, delivery.event_id, timestamp, delivery.payload),
      body: delivery.payload,
      redirect: 'manual',
      signal: AbortSignal.timeout(ATTEMPT_TIMEOUT_MS),
    })
    statusCode = res.status
    await res.body?.cancel()
    if (res.status >= 300 && res.status < 400) error = `The endpoint answered a redirect (${res.status}); redirects are not followed.`
    else if (res.status < 200 || res.status >= 300) error = `The endpoint answered HTTP ${res.status}.`
  } catch (err) {
    error = describe(err)
  }

  if (error === null) {
    await recordAttempt(ctx.db, delivery, attempts, { status: 'delivered', statusCode, error: null, at, nextAttemptAt: null })
    return DONE
  }

  if (failingTooLong(endpoint.failing_since, started)) {
    await recordAttempt(ctx.db, delivery, attempts, { status: 'failed', statusCode, error, at, nextAttemptAt: null })
    await disable(ctx.db, endpoint, delivery, at)
    return DONE
  }
  const delay = retryDelay(attempts)
  const nextAttemptAt = delay === null ? null : new Date(started.getTime() + delay * 1000).toISOString()
  await recordAttempt(ctx.db, delivery, attempts, { status: delay === null ? 'failed' : 'retrying', statusCode, error, at, nextAttemptAt })
  return delay === null ? DONE : { done: false, delaySeconds: delay }
}

async function disable(db: D1Database, endpoint: EndpointRow, delivery: DeliveryRow, at: string) {
  const reason = `Every delivery has failed since ${endpoint.failing_since} (${DISABLE_AFTER_DAYS} days or more).`
  await disableEndpoint(db, endpoint, reason, {
    id: newId('ntc_'),
    endpoint_id: endpoint.id,
    kind: 'endpoint_disabled',
    message: `Webhook endpoint ${endpoint.id} (${endpoint.url}) was disabled: ${reason} The last attempt (event ${delivery.event_id}) failed too. Fix the receiver, then POST /api/v1/webhooks/${endpoint.id}/enable; undelivered events can be sent again with the redeliver call.`,
    created_at: at,
  })
}

function describe(err: unknown): string {
  if (err instanceof TargetError) return `The URL was refused: ${err.message}`
  if (err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError'))
    return `No answer within ${ATTEMPT_TIMEOUT_MS / 1000} s.`
  return `The request failed: ${err instanceof Error ? err.message : String(err)}`
}

/**
 * The queue handler body for webhook deliveries: every message of the batch in parallel
 * (a batch is at most max_batch_size messages), acked when settled, retried with the
 * schedule's delay otherwise. A storage error retries the message soon.
 */
export async function deliverBatch(ctx: DeliverContext, batch: MessageBatch<DeliveryMessage>): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        const result = await attemptDelivery(ctx, message.body.delivery_id)
        if (result.done) message.ack()
        else message.retry({ delaySeconds: result.delaySeconds })
      } catch (err) {
        console.error('webhook delivery', message.body.delivery_id, err instanceof Error ? err.message : err)
        message.retry({ delaySeconds: 30 })
      }
    })
  )
}

/** What a worker's bindings give webhook delivery: its D1, the secrets' key, whether local targets are allowed (tests). */
export type WebhookBindings = { DB: D1Database; WEBHOOK_ALLOW_LOCAL?: string } & SecretKeyBindings

/** The webhook queue's consumer for a worker, with the worker's fetcher and clock. */
export function webhookConsumer(deps: { fetcher: HttpFetcher; now: () => Date }) {
  return (batch: MessageBatch<unknown>, env: WebhookBindings): Promise<void> =>
    deliverBatch(
      { db: env.DB, fetcher: deps.fetcher, now: deps.now, allowLocal: env.WEBHOOK_ALLOW_LOCAL === 'true', keys: env },
      batch as MessageBatch<DeliveryMessage>
    )
}
