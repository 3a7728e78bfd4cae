/**
 * What the webhook tests of sds, audit and screening check of the stored signing secrets
 * (issue 34 §5): the D1 row never holds the plain secret, an endpoint stored before encryption
 * still signs and is sealed on first use, and a service without its key stores nothing.
 */
import { expect } from 'vitest'
import { attemptDelivery } from '../../shared/webhooks/deliver'
import type { SecretKeyBindings } from '../../shared/webhooks/secret-box'
import { generateSecret } from '../../shared/webhooks/signing'
import { insertDeliveries } from '../../shared/webhooks/store'
import { verifyStandardWebhook } from '../sds/helpers/standard-webhooks'

type Stored = { secret: string; secret_key_id: string | null }

export async function storedSecret(db: D1Database, endpointId: string): Promise<Stored> {
  const row = await db.prepare('SELECT secret, secret_key_id FROM webhook_endpoints WHERE id = ?').bind(endpointId).first<Stored>()
  if (!row) throw new Error(`no webhook_endpoints row ${endpointId}`)
  return row
}

/** The row holds a sealed value under a key id, and neither the secret nor its base64 body appears in any column of the table. */
export async function expectSealedAtRest(db: D1Database, endpointId: string, plain: string): Promise<Stored> {
  const row = await storedSecret(db, endpointId)
  expect(row.secret_key_id).toMatch(/^[0-9a-f]{16}$/)
  expect(row.secret).toMatch(/^[A-Za-z0-9+/]{16}\.[A-Za-z0-9+/=]+$/)
  const { results } = await db.prepare('SELECT * FROM webhook_endpoints').all()
  const everything = JSON.stringify(results)
  expect(everything).not.toContain(plain)
  expect(everything).not.toContain(plain.slice('whsec_'.length, -1))
  return row
}

/** An endpoint as stored before migration 0020: the plain `whsec_…` and no key id. `url` local (http://127.0.0.1:…), so no DNS is needed to deliver. */
export async function insertLegacyEndpoint(db: D1Database, owner: string, url: string, events: string[]) {
  const id = `we_legacy${crypto.randomUUID().replace(/-/g, '')}`
  const secret = generateSecret()
  await db
    .prepare(
      "INSERT INTO webhook_endpoints (id, owner_key_id, url, events, secret, status, created_at) VALUES (?, ?, ?, ?, ?, 'active', ?)"
    )
    .bind(id, owner, url, JSON.stringify(events), secret, new Date().toISOString())
    .run()
  return { id, secret }
}

/**
 * One delivery of `type` to the endpoint, attempted by the shared consumer's own code with a
 * fetcher that records the request instead of sending it; the answer is whether an
 * independent Standard Webhooks verifier accepts it with `secret`.
 */
export async function deliverAndVerify(
  bindings: { DB: D1Database } & SecretKeyBindings,
  endpoint: { id: string; owner: string },
  type: string,
  secret: string
) {
  const id = `whd_${crypto.randomUUID().replace(/-/g, '')}`
  const now = new Date()
  const payload = JSON.stringify({ id: `evt_${id}`, type, created_at: now.toISOString(), data: {} })
  await insertDeliveries(bindings.DB, [
    {
      id,
      endpoint_id: endpoint.id,
      owner_key_id: endpoint.owner,
      event_id: `evt_${id}`,
      event_type: type,
      payload,
      created_at: now.toISOString(),
    },
  ])
  const sent: Array<{ headers: Record<string, string>; body: string }> = []
  const recorder = async (input: string | URL | Request, init?: RequestInit) => {
    const req = new Request(input, init)
    sent.push({ headers: Object.fromEntries(req.headers), body: await req.text() })
    return new Response('ok')
  }
  await attemptDelivery({ db: bindings.DB, fetcher: recorder, now: () => now, allowLocal: true, keys: bindings }, id)
  expect(sent).toHaveLength(1)
  return verifyStandardWebhook(secret, sent[0].headers, sent[0].body, Math.floor(now.getTime() / 1000))
}

/** How many endpoint rows an owner has (a refused request must have stored none). */
export async function endpointCount(db: D1Database, owner: string): Promise<number> {
  const row = await db.prepare('SELECT COUNT(*) AS n FROM webhook_endpoints WHERE owner_key_id = ?').bind(owner).first<{ n: number }>()
  return row?.n ?? 0
}
