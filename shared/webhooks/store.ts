/**
 * Webhook storage in the using worker's D1 (tables: migrations/<worker>/…_webhooks.sql).
 * Every query names the owner, so one key can never read or touch another key's rows.
 */
export type EndpointRow = {
  id: string
  owner_key_id: string
  url: string
  events: string
  /** Sealed (shared/webhooks/secret-box.ts); plain `whsec_…` only in rows from before, whose key id is NULL. */
  secret: string
  secret_key_id: string | null
  status: 'active' | 'disabled'
  created_at: string
  failing_since: string | null
  disabled_at: string | null
  disabled_reason: string | null
}

export type DeliveryRow = {
  id: string
  endpoint_id: string
  owner_key_id: string
  event_id: string
  event_type: string
  payload: string
  status: 'pending' | 'retrying' | 'delivered' | 'failed'
  attempts: number
  last_status_code: number | null
  last_error: string | null
  created_at: string
  last_attempt_at: string | null
  next_attempt_at: string | null
  delivered_at: string | null
}

export type NoticeRow = { id: string; endpoint_id: string; kind: string; message: string; created_at: string }

export const MAX_ENDPOINTS_PER_KEY = 10

/** Delivery log lines and notices are kept this long, so an endpoint's log stays bounded. */
export const LOG_RETENTION_DAYS = 30

/** Inserts unless the owner already has MAX_ENDPOINTS_PER_KEY: one conditional statement, so parallel creates cannot overshoot. */
export async function insertEndpoint(
  db: D1Database,
  row: Omit<EndpointRow, 'failing_since' | 'disabled_at' | 'disabled_reason' | 'status'> & { secret_key_id: string }
): Promise<boolean> {
  const res = await db
    .prepare(
      `INSERT INTO webhook_endpoints (id, owner_key_id, url, events, secret, secret_key_id, status, created_at)
       SELECT ?1, ?2, ?3, ?4, ?5, ?8, 'active', ?6
       WHERE (SELECT COUNT(*) FROM webhook_endpoints WHERE owner_key_id = ?2) < ?7`
    )
    .bind(row.id, row.owner_key_id, row.url, row.events, row.secret, row.created_at, MAX_ENDPOINTS_PER_KEY, row.secret_key_id)
    .run()
  return res.meta.changes === 1
}

/**
 * Replaces a stored secret by its sealed form, only if the row still holds what was read: two
 * readers sealing the same row at once leave one of their (equivalent) values, never a mix.
 */
export async function replaceSecret(
  db: D1Database,
  row: Pick<EndpointRow, 'id' | 'owner_key_id' | 'secret'>,
  sealed: { secret: string; secret_key_id: string }
): Promise<void> {
  await db
    .prepare('UPDATE webhook_endpoints SET secret = ?, secret_key_id = ? WHERE id = ? AND owner_key_id = ? AND secret = ?')
    .bind(sealed.secret, sealed.secret_key_id, row.id, row.owner_key_id, row.secret)
    .run()
}

export async function listEndpoints(db: D1Database, owner: string): Promise<EndpointRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM webhook_endpoints WHERE owner_key_id = ? ORDER BY created_at, id')
    .bind(owner)
    .all<EndpointRow>()
  return results
}

export async function getEndpoint(db: D1Database, owner: string, id: string): Promise<EndpointRow | null> {
  return db.prepare('SELECT * FROM webhook_endpoints WHERE id = ? AND owner_key_id = ?').bind(id, owner).first<EndpointRow>()
}

export async function deleteEndpoint(db: D1Database, owner: string, id: string): Promise<boolean> {
  const [del] = await db.batch([
    db.prepare('DELETE FROM webhook_endpoints WHERE id = ? AND owner_key_id = ?').bind(id, owner),
    db.prepare('DELETE FROM webhook_deliveries WHERE endpoint_id = ? AND owner_key_id = ?').bind(id, owner),
  ])
  return del.meta.changes === 1
}

export async function enableEndpoint(db: D1Database, owner: string, id: string): Promise<boolean> {
  const res = await db
    .prepare(
      "UPDATE webhook_endpoints SET status = 'active', failing_since = NULL, disabled_at = NULL, disabled_reason = NULL WHERE id = ? AND owner_key_id = ?"
    )
    .bind(id, owner)
    .run()
  return res.meta.changes === 1
}

/** Active endpoints of `owner` subscribed to `type`. */
export async function subscribers(db: D1Database, owner: string, type: string): Promise<EndpointRow[]> {
  const { results } = await db
    .prepare(
      "SELECT * FROM webhook_endpoints WHERE owner_key_id = ? AND status = 'active' AND EXISTS (SELECT 1 FROM json_each(events) WHERE value = ?)"
    )
    .bind(owner, type)
    .all<EndpointRow>()
  return results
}

export async function insertDeliveries(
  db: D1Database,
  rows: Array<Pick<DeliveryRow, 'id' | 'endpoint_id' | 'owner_key_id' | 'event_id' | 'event_type' | 'payload' | 'created_at'>>
): Promise<void> {
  if (rows.length === 0) return
  await db.batch(
    rows.map((r) =>
      db
        .prepare(
          `INSERT INTO webhook_deliveries (id, endpoint_id, owner_key_id, event_id, event_type, payload, status, attempts, created_at)
           VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?)`
        )
        .bind(r.id, r.endpoint_id, r.owner_key_id, r.event_id, r.event_type, r.payload, r.created_at)
    )
  )
}

export async function listDeliveries(db: D1Database, owner: string, endpointId: string, limit: number): Promise<DeliveryRow[]> {
  const { results } = await db
    .prepare('SELECT * FROM webhook_deliveries WHERE endpoint_id = ? AND owner_key_id = ? ORDER BY created_at DESC, id DESC LIMIT ?')
    .bind(endpointId, owner, limit)
    .all<DeliveryRow>()
  return results
}

export async function getDelivery(db: D1Database, owner: string, id: string): Promise<DeliveryRow | null> {
  return db.prepare('SELECT * FROM webhook_deliveries WHERE id = ? AND owner_key_id = ?').bind(id, owner).first<DeliveryRow>()
}

/** For the queue consumer: the delivery and its endpoint, by the delivery id the message carries. */
export async function deliveryForAttempt(
  db: D1Database,
  id: string
): Promise<{ delivery: DeliveryRow; endpoint: EndpointRow | null } | null> {
  const delivery = await db.prepare('SELECT * FROM webhook_deliveries WHERE id = ?').bind(id).first<DeliveryRow>()
  if (!delivery) return null
  const endpoint = await db
    .prepare('SELECT * FROM webhook_endpoints WHERE id = ? AND owner_key_id = ?')
    .bind(delivery.endpoint_id, delivery.owner_key_id)
    .first<EndpointRow>()
  return { delivery, endpoint }
}

export type AttemptOutcome = {
  status: DeliveryRow['status']
  statusCode: number | null
  error: string | null
  at: string
  nextAttemptAt: string | null
}

/** Records one attempt; attempts only grows, so a duplicate queue message cannot lower it. */
export async function recordAttempt(db: D1Database, delivery: DeliveryRow, attempts: number, o: AttemptOutcome): Promise<void> {
  const statements = [
    db
      .prepare(
        `UPDATE webhook_deliveries SET status = ?, attempts = MAX(attempts, ?), last_status_code = ?, last_error = ?, last_attempt_at = ?,
           next_attempt_at = ?, delivered_at = CASE WHEN ? = 'delivered' THEN ? ELSE delivered_at END
         WHERE id = ?`
      )
      .bind(o.status, attempts, o.statusCode, o.error, o.at, o.nextAttemptAt, o.status, o.at, delivery.id),
  ]
  if (o.status === 'delivered') {
    statements.push(db.prepare('UPDATE webhook_endpoints SET failing_since = NULL WHERE id = ?').bind(delivery.endpoint_id))
  } else {
    statements.push(
      db.prepare('UPDATE webhook_endpoints SET failing_since = COALESCE(failing_since, ?) WHERE id = ?').bind(o.at, delivery.endpoint_id)
    )
  }
  await db.batch(statements)
}

/** Disables once (the status check makes a second call a no-op) and leaves the owner a notice. */
export async function disableEndpoint(db: D1Database, endpoint: EndpointRow, reason: string, notice: NoticeRow): Promise<boolean> {
  const res = await db
    .prepare("UPDATE webhook_endpoints SET status = 'disabled', disabled_at = ?, disabled_reason = ? WHERE id = ? AND status = 'active'")
    .bind(notice.created_at, reason, endpoint.id)
    .run()
  if (res.meta.changes !== 1) return false
  await db
    .prepare('INSERT INTO webhook_notices (id, owner_key_id, endpoint_id, kind, message, created_at) VALUES (?, ?, ?, ?, ?, ?)')
    .bind(notice.id, endpoint.owner_key_id, endpoint.id, notice.kind, notice.message, notice.created_at)
    .run()
  return true
}

export async function listNotices(db: D1Database, owner: string, limit: number): Promise<NoticeRow[]> {
  const { results } = await db
    .prepare(
      'SELECT id, endpoint_id, kind, message, created_at FROM webhook_notices WHERE owner_key_id = ? ORDER BY created_at DESC LIMIT ?'
    )
    .bind(owner, limit)
    .all<NoticeRow>()
  return results
}

/** Drops log lines and notices older than the retention of the endpoints an event goes to. */
export async function pruneLogs(db: D1Database, endpointIds: string[], now: Date): Promise<void> {
  const before = new Date(now.getTime() - LOG_RETENTION_DAYS * 86_400_000).toISOString()
  await db.batch(
    endpointIds.flatMap((id) => [
      db.prepare('DELETE FROM webhook_deliveries WHERE endpoint_id = ? AND created_at < ?').bind(id, before),
      db.prepare('DELETE FROM webhook_notices WHERE endpoint_id = ? AND created_at < ?').bind(id, before),
    ])
  )
}
