import { getDelivery, insertDeliveries, pruneLogs, subscribers, type DeliveryRow } from './store'

/** The body of every delivery: the same bytes for every attempt of one event. */
export type WebhookEvent<T = unknown> = { id: string; type: string; created_at: string; data: T }

/** A queue message: one attempt at one delivery. The row in D1 holds everything else. */
export type DeliveryMessage = { delivery_id: string }

export type PublishContext = { db: D1Database; queue: Queue<DeliveryMessage>; now: Date }

function newId(prefix: string): string {
  return prefix + crypto.randomUUID().replace(/-/g, '')
}

/**
 * Sends `type` to every active endpoint of `owner` subscribed to it: one delivery row and one
 * queue message per endpoint. The event id is the Webhook-Id receivers de-duplicate on.
 */
export async function publishEvent<T>(ctx: PublishContext, owner: string, type: string, data: T): Promise<WebhookEvent<T> | null> {
  const endpoints = await subscribers(ctx.db, owner, type)
  if (endpoints.length === 0) return null
  const event: WebhookEvent<T> = { id: newId('evt_'), type, created_at: ctx.now.toISOString(), data }
  const payload = JSON.stringify(event)
  const rows = endpoints.map((e) => ({
    id: newId('whd_'),
    endpoint_id: e.id,
    owner_key_id: owner,
    event_id: event.id,
    event_type: type,
    payload,
    created_at: ctx.now.toISOString(),
  }))
  await insertDeliveries(ctx.db, rows)
  await ctx.queue.sendBatch(rows.map((r) => ({ body: { delivery_id: r.id } })))
  await pruneLogs(
    ctx.db,
    endpoints.map((e) => e.id),
    ctx.now
  )
  return event
}

/**
 * Sends an earlier delivery's event again as a new delivery (its own attempts and log line),
 * with the same event id, so a receiver that already processed it can recognise it.
 */
export async function redeliver(ctx: PublishContext, owner: string, deliveryId: string, endpointId: string): Promise<DeliveryRow | null> {
  const earlier = await getDelivery(ctx.db, owner, deliveryId)
  if (!earlier || earlier.endpoint_id !== endpointId) return null
  const row = {
    id: newId('whd_'),
    endpoint_id: earlier.endpoint_id,
    owner_key_id: owner,
    event_id: earlier.event_id,
    event_type: earlier.event_type,
    payload: earlier.payload,
    created_at: ctx.now.toISOString(),
  }
  await insertDeliveries(ctx.db, [row])
  await ctx.queue.send({ delivery_id: row.id })
  return getDelivery(ctx.db, owner, row.id)
}

export { newId }
