import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { env } from 'cloudflare:workers'
import { describe, expect, inject, it, vi } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { publishEvent } from '../../shared/webhooks/events'
import { insertDeliveries } from '../../shared/webhooks/store'
import { createQueueHandler } from '../../workers/sds/queue'
import { dohRoute } from '../audit/helpers/doh'
import { deliverAndVerify, endpointCount, expectSealedAtRest, insertLegacyEndpoint, storedSecret } from '../helpers/webhook-secrets'
import { makeApp, newKey, type Clock } from './helpers'
import { TOLERANCE_SECONDS, verifyStandardWebhook, waitFor } from './helpers/standard-webhooks'

// These tests wait for the real local queues (and, for retries, their delays).
vi.setConfig({ testTimeout: 60_000 })

const port = inject('webhookReceiverPort')
const receiver = (name: string, query = '') => `http://127.0.0.1:${port}/hook/${name}${query}`
const received = async (name: string) =>
  (await (await fetch(`http://127.0.0.1:${port}/log/${name}`)).json()) as Array<{
    headers: Record<string, string>
    body: string
    received_at: number
    answered: number | null
  }>

const zone = { 'hooks.example.com': { A: ['93.184.215.14'] }, 'intranet-hooks.example.com': { A: ['93.184.215.14', '10.1.2.3'] } }

function api(app: ReturnType<typeof makeApp>, key: string, path: string, init: RequestInit = {}, extraEnv: Record<string, unknown> = {}) {
  return app.request(
    path,
    { ...init, headers: { 'content-type': 'application/json', authorization: `Bearer ${key}`, ...(init.headers ?? {}) } },
    { ...env, ...extraEnv }
  )
}

async function register(app: ReturnType<typeof makeApp>, key: string, url: string, events = ['sds.bulk.completed']) {
  const res = await api(app, key, '/api/v1/webhooks', { method: 'POST', body: JSON.stringify({ url, events }) })
  return { res, body: (await res.json()) as Record<string, unknown> & { id: string; secret: string } }
}

const unique = () => crypto.randomUUID().slice(0, 8)
async function deliveries(app: ReturnType<typeof makeApp>, key: string, endpointId: string) {
  const res = await api(app, key, `/api/v1/webhooks/${endpointId}/deliveries`)
  if (res.status !== 200) throw new Error(`GET deliveries answered ${res.status}: ${await res.text()}`)
  return ((await res.json()) as { deliveries: Array<Record<string, unknown>> }).deliveries
}

// Polls of the delivery log go through the key's limit of 60 requests a minute, as a user's would.
const POLL_MS = 1000

describe('webhook endpoints', () => {
  const app = makeApp(undefined, replayFetcher([dohRoute(zone)]))

  it('registers an endpoint and shows its whsec_ secret once; lists never include it', async () => {
    const { rawKey } = await newKey('pro')
    const { res, body } = await register(app, rawKey, 'https://hooks.example.com/sds')
    expect(res.status).toBe(201)
    expect(body.secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(body).toMatchObject({ url: 'https://hooks.example.com/sds', events: ['sds.bulk.completed'], status: 'active' })
    const list = await (await api(app, rawKey, '/api/v1/webhooks')).json()
    expect(list).toEqual({ endpoints: [expect.objectContaining({ id: body.id, url: 'https://hooks.example.com/sds' })] })
    expect(JSON.stringify(list)).not.toContain(body.secret)
    await expectSealedAtRest(env.DB, body.id, body.secret)
  })

  it('answers 503 WEBHOOK_NOT_CONFIGURED without WEBHOOK_SECRET_KEY (or with a malformed one) and stores nothing', async () => {
    const { rawKey, id } = await newKey('pro')
    for (const broken of [undefined, 'too-short']) {
      const body = JSON.stringify({ url: 'https://hooks.example.com/nokey', events: ['sds.bulk.completed'] })
      const res = await api(app, rawKey, '/api/v1/webhooks', { method: 'POST', body }, { WEBHOOK_SECRET_KEY: broken })
      expect(res.status).toBe(503)
      const err = (await res.json()) as { code: string; error: string }
      expect(err.code).toBe('WEBHOOK_NOT_CONFIGURED')
      expect(err.error).toContain('nothing was stored')
      expect((await api(app, rawKey, '/api/v1/webhooks', {}, { WEBHOOK_SECRET_KEY: broken })).status).toBe(503)
    }
    expect(await endpointCount(env.DB, id)).toBe(0)
    // Authentication still comes first.
    expect((await api(app, 'sds_live_nope', '/api/v1/webhooks', {}, { WEBHOOK_SECRET_KEY: undefined })).status).toBe(401)
  })

  it('signs with an endpoint stored in plain text before migration 0020, then stores it sealed', async () => {
    const { rawKey, id } = await newKey('pro')
    const legacy = await insertLegacyEndpoint(env.DB, id, 'http://127.0.0.1:9/legacy', ['sds.bulk.completed'])
    expect((await storedSecret(env.DB, legacy.id)).secret_key_id).toBeNull()
    expect(await deliverAndVerify(env, { id: legacy.id, owner: id }, 'sds.bulk.completed', legacy.secret)).toBe('valid')
    const sealed = await expectSealedAtRest(env.DB, legacy.id, legacy.secret)
    // Sealed once: the next delivery opens it, signs the same, and leaves the row as it was.
    expect(await deliverAndVerify(env, { id: legacy.id, owner: id }, 'sds.bulk.completed', legacy.secret)).toBe('valid')
    expect(await storedSecret(env.DB, legacy.id)).toEqual(sealed)
    // Listing an owner's endpoints seals theirs too, without showing any secret.
    const other = await insertLegacyEndpoint(env.DB, id, 'http://127.0.0.1:9/legacy2', ['sds.bulk.completed'])
    const list = await (await api(app, rawKey, '/api/v1/webhooks')).text()
    expect(list).not.toContain(other.secret)
    await expectSealedAtRest(env.DB, other.id, other.secret)
  })

  it('keeps each key to its own endpoints: another key gets 404 and cannot delete', async () => {
    const owner = await newKey('pro')
    const other = await newKey('pro')
    const { body } = await register(app, owner.rawKey, 'https://hooks.example.com/a')
    expect((await api(app, other.rawKey, `/api/v1/webhooks/${body.id}/deliveries`)).status).toBe(404)
    expect((await api(app, other.rawKey, `/api/v1/webhooks/${body.id}`, { method: 'DELETE' })).status).toBe(404)
    expect(await (await api(app, other.rawKey, '/api/v1/webhooks')).json()).toEqual({ endpoints: [] })
    expect((await api(app, owner.rawKey, `/api/v1/webhooks/${body.id}`, { method: 'DELETE' })).status).toBe(204)
    expect(await (await api(app, owner.rawKey, '/api/v1/webhooks')).json()).toEqual({ endpoints: [] })
  })

  it.each([
    ['http://hooks.example.com/x', 'https'],
    ['https://10.0.0.7/x', 'private'],
    ['https://[::1]/x', 'loopback'],
    ['https://intranet-hooks.example.com/x', '10.1.2.3'],
    ['https://nowhere.example.com/x', 'does not exist'],
    ['https://localhost/x', 'loopback'],
    ['https://hooks.example.com:8443/x', 'port'],
    ['https://user:pw@hooks.example.com/x', 'password'],
    ['not a url', 'valid absolute URL'],
  ])('refuses %s with 422 INVALID_WEBHOOK_URL', async (url, why) => {
    const { rawKey } = await newKey('pro')
    const { res, body } = await register(app, rawKey, url)
    expect(res.status).toBe(422)
    expect(body.code).toBe('INVALID_WEBHOOK_URL')
    expect(String(body.error)).toContain(why)
  })

  it('allows http://127.0.0.1:<port> only with WEBHOOK_ALLOW_LOCAL=true', async () => {
    const { rawKey } = await newKey('pro')
    const url = receiver('allowed')
    const off = await api(
      app,
      rawKey,
      '/api/v1/webhooks',
      { method: 'POST', body: JSON.stringify({ url, events: ['sds.bulk.completed'] }) },
      { WEBHOOK_ALLOW_LOCAL: undefined }
    )
    expect(off.status).toBe(422)
    expect((await register(app, rawKey, url)).res.status).toBe(201)
  })

  it('refuses unknown event types and more than 10 endpoints per key, even in parallel', async () => {
    const { rawKey } = await newKey('pro')
    const bad = await api(app, rawKey, '/api/v1/webhooks', {
      method: 'POST',
      body: JSON.stringify({ url: 'https://hooks.example.com/x', events: ['screening.completed'] }),
    })
    expect(bad.status).toBe(422)
    const results = await Promise.all(Array.from({ length: 14 }, (_, i) => register(app, rawKey, `https://hooks.example.com/${i}`)))
    expect(results.filter((r) => r.res.status === 201)).toHaveLength(10)
    expect(results.filter((r) => r.res.status === 409).every((r) => r.body.code === 'WEBHOOK_LIMIT_REACHED')).toBe(true)
  })
})

describe('deliveries through the sds-webhooks queue to a local receiver', () => {
  const app = makeApp()

  async function setup(query = '') {
    const { rawKey, id } = await newKey('pro')
    const name = unique()
    const { body } = await register(app, rawKey, receiver(name, query))
    const event = await publishEvent({ db: env.DB, queue: env.WEBHOOK_QUEUE, now: new Date() }, id, 'sds.bulk.completed', {
      job_id: 'job_test',
      total: 1,
    })
    return { rawKey, name, endpoint: body, event: event! }
  }

  it('signs each delivery per Standard Webhooks; an independent verifier accepts it', async () => {
    const { rawKey, name, endpoint, event } = await setup()
    const [got] = await waitFor(async () => (await received(name)).length > 0 && received(name), 15_000, 'a delivery')
    const now = Math.floor(got.received_at / 1000)
    expect(await verifyStandardWebhook(endpoint.secret, got.headers, got.body, now)).toBe('valid')
    expect(got.headers['webhook-id']).toBe(event.id)
    expect(JSON.parse(got.body)).toEqual({
      id: event.id,
      type: 'sds.bulk.completed',
      created_at: event.created_at,
      data: { job_id: 'job_test', total: 1 },
    })
    // Tampered body, other secret, or a replay outside the 5-minute window: refused.
    expect(await verifyStandardWebhook(endpoint.secret, got.headers, got.body.replace('job_test', 'job_evil'), now)).toBe('bad-signature')
    expect(await verifyStandardWebhook('whsec_' + btoa('another secret of 32 bytes......'), got.headers, got.body, now)).toBe(
      'bad-signature'
    )
    expect(await verifyStandardWebhook(endpoint.secret, got.headers, got.body, now + TOLERANCE_SECONDS + 1)).toBe('stale-timestamp')
    const log = await waitFor(
      async () => {
        const d = await deliveries(app, rawKey, endpoint.id)
        return d[0]?.status === 'delivered' && d
      },
      5000,
      'the delivery log',
      POLL_MS
    )
    expect(log).toEqual([expect.objectContaining({ event_id: event.id, status: 'delivered', attempts: 1, last_response_code: 200 })])
    // What verified above is the secret the client got at creation; D1 holds it only sealed.
    await expectSealedAtRest(env.DB, endpoint.id, endpoint.secret)
  })

  it('retries a 500 after a few seconds with the same Webhook-Id and a fresh signature', async () => {
    const { rawKey, name, endpoint, event } = await setup('?fail=1')
    const got = await waitFor(
      async () => {
        const r = await received(name)
        return r.length >= 2 && r
      },
      30_000,
      'the retry'
    )
    expect(got.map((r) => r.answered)).toEqual([500, 200])
    expect(got.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id])
    for (const r of got)
      expect(await verifyStandardWebhook(endpoint.secret, r.headers, r.body, Math.floor(r.received_at / 1000))).toBe('valid')
    // The first retry comes within 30 s (the schedule says 5 s).
    expect(got[1].received_at - got[0].received_at).toBeLessThan(30_000)
    const [d] = await waitFor(
      async () => {
        const x = await deliveries(app, rawKey, endpoint.id)
        return x[0]?.status === 'delivered' && x
      },
      5000,
      'the log',
      POLL_MS
    )
    expect(d).toMatchObject({ attempts: 2, last_response_code: 200, last_error: null })
  }, 40_000)

  it('counts an attempt with no answer within 5 s as failed and retries it', async () => {
    const { rawKey, name, endpoint } = await setup('?hang=1')
    const log = await waitFor(
      async () => {
        const x = await deliveries(app, rawKey, endpoint.id)
        return x[0]?.status === 'retrying' && x
      },
      20_000,
      'the timed-out attempt',
      POLL_MS
    )
    expect(log[0]).toMatchObject({ attempts: 1, last_response_code: null, last_error: 'No answer within 5 s.' })
    expect(Date.parse(String(log[0].next_attempt_at)) - Date.parse(String(log[0].last_attempt_at))).toBe(5000)
    const [d] = await waitFor(
      async () => {
        const x = await deliveries(app, rawKey, endpoint.id)
        return x[0]?.status === 'delivered' && x
      },
      30_000,
      'the retry',
      POLL_MS
    )
    expect(d).toMatchObject({ attempts: 2, last_response_code: 200 })
    expect((await received(name)).length).toBe(2)
  }, 60_000)

  it('does not follow a redirect: the attempt fails with the 3xx code and is retried later', async () => {
    const { rawKey, name, endpoint } = await setup('?redirect=1')
    const [d] = await waitFor(
      async () => {
        const x = await deliveries(app, rawKey, endpoint.id)
        return x[0]?.status === 'retrying' && x
      },
      15_000,
      'the redirect',
      POLL_MS
    )
    expect(d).toMatchObject({ attempts: 1, last_response_code: 302 })
    expect(String(d.last_error)).toContain('redirects are not followed')
    expect((await received(name)).length).toBe(1)
  })

  it('redelivers an event on request with the same Webhook-Id, as a new log line', async () => {
    const { rawKey, name, endpoint, event } = await setup()
    const [first] = await waitFor(
      async () => {
        const x = await deliveries(app, rawKey, endpoint.id)
        return x[0]?.status === 'delivered' && x
      },
      15_000,
      'the first delivery',
      POLL_MS
    )
    const res = await api(app, rawKey, `/api/v1/webhooks/${endpoint.id}/deliveries/${first.id}/redeliver`, { method: 'POST' })
    expect(res.status).toBe(202)
    const again = await waitFor(
      async () => {
        const r = await received(name)
        return r.length >= 2 && r
      },
      15_000,
      'the redelivery'
    )
    expect(again.map((r) => r.headers['webhook-id'])).toEqual([event.id, event.id])
    expect(await verifyStandardWebhook(endpoint.secret, again[1].headers, again[1].body, Math.floor(again[1].received_at / 1000))).toBe(
      'valid'
    )
    expect(again[1].body).toBe(again[0].body)
    const other = await newKey('pro')
    expect(
      (await api(app, other.rawKey, `/api/v1/webhooks/${endpoint.id}/deliveries/${first.id}/redeliver`, { method: 'POST' })).status
    ).toBe(404)
  })
})

describe('fan-out', () => {
  it('sends an event to every endpoint of the key subscribed to its type, and to no other key', async () => {
    const app = makeApp()
    const owner = await newKey('pro')
    const other = await newKey('pro')
    const [a, b, c, d] = [unique(), unique(), unique(), unique()]
    await register(app, owner.rawKey, receiver(a), ['sds.bulk.completed'])
    await register(app, owner.rawKey, receiver(b), ['sds.bulk.item_completed', 'sds.bulk.completed'])
    await register(app, owner.rawKey, receiver(c), ['sds.bulk.item_completed'])
    await register(app, other.rawKey, receiver(d), ['sds.bulk.completed'])
    const event = await publishEvent({ db: env.DB, queue: env.WEBHOOK_QUEUE, now: new Date() }, owner.id, 'sds.bulk.completed', {
      job_id: 'job_fanout',
    })
    for (const name of [a, b]) {
      const [got] = await waitFor(async () => (await received(name)).length > 0 && received(name), 15_000, `delivery to ${name}`)
      expect(got.headers['webhook-id']).toBe(event!.id)
    }
    // Drained: every queue message names one delivery row, and the event made exactly the rows
    // of a and b; once both are delivered nothing of this event is left to send anywhere.
    const rows = await waitFor(
      async () => {
        const { results } = await env.DB.prepare('SELECT endpoint_id, status FROM webhook_deliveries WHERE event_id = ?')
          .bind(event!.id)
          .all<{ endpoint_id: string; status: string }>()
        return results.length > 0 && results.every((r) => r.status === 'delivered') && results
      },
      15_000,
      'both deliveries marked delivered'
    )
    const endpointsOf = async (key: string) =>
      ((await (await api(app, key, '/api/v1/webhooks')).json()) as { endpoints: Array<{ id: string; url: string }> }).endpoints
    const byUrl = new Map([...(await endpointsOf(owner.rawKey)), ...(await endpointsOf(other.rawKey))].map((e) => [e.url, e.id]))
    expect(rows.map((r) => r.endpoint_id).sort()).toEqual([byUrl.get(receiver(a)), byUrl.get(receiver(b))].sort())
    expect(await received(c)).toEqual([])
    expect(await received(d)).toEqual([])
  })
})

describe('delivery log retention', () => {
  it('drops log lines older than 30 days when the endpoint gets a new event', async () => {
    const app = makeApp()
    const { rawKey, id } = await newKey('pro')
    const { body: endpoint } = await register(app, rawKey, receiver(unique()))
    const old = new Date(Date.now() - 31 * 86_400_000).toISOString()
    const recent = new Date(Date.now() - 29 * 86_400_000).toISOString()
    await insertDeliveries(env.DB, [
      {
        id: 'whd_old',
        endpoint_id: endpoint.id,
        owner_key_id: id,
        event_id: 'evt_old',
        event_type: 'sds.bulk.completed',
        payload: '{}',
        created_at: old,
      },
      {
        id: 'whd_recent',
        endpoint_id: endpoint.id,
        owner_key_id: id,
        event_id: 'evt_recent',
        event_type: 'sds.bulk.completed',
        payload: '{}',
        created_at: recent,
      },
    ])
    await publishEvent({ db: env.DB, queue: env.WEBHOOK_QUEUE, now: new Date() }, id, 'sds.bulk.completed', {})
    const ids = (await deliveries(app, rawKey, endpoint.id)).map((d) => d.id)
    expect(ids).toContain('whd_recent')
    expect(ids).not.toContain('whd_old')
    expect(ids).toHaveLength(2)
  })
})

describe('an endpoint failing for days', () => {
  it('is disabled with a notice to its owner, and can be enabled again', async () => {
    const clock: Clock = { now: new Date('2026-11-01T00:00:00Z') }
    const fetcher = replayFetcher([dohRoute(zone), ['https://hooks.example.com/down', { status: 503, body: 'down' }]])
    const app = makeApp(clock, fetcher)
    const handler = createQueueHandler({ fetcher, now: () => clock.now })
    const { rawKey, id } = await newKey('pro')
    const { body: endpoint } = await register(app, rawKey, 'https://hooks.example.com/down')

    // Deliveries written straight to the log and handed to the consumer with the test's clock.
    const attempt = async (deliveryId: string) => {
      await insertDeliveries(env.DB, [
        {
          id: deliveryId,
          endpoint_id: endpoint.id,
          owner_key_id: id,
          event_id: `evt_${deliveryId}`,
          event_type: 'sds.bulk.completed',
          payload: '{}',
          created_at: clock.now.toISOString(),
        },
      ])
      const batch = createMessageBatch('sds-webhooks', [
        { id: deliveryId, timestamp: clock.now, attempts: 1, body: { delivery_id: deliveryId } },
      ])
      const ctx = createExecutionContext()
      await handler(batch, env as never)
      return getQueueResult(batch, ctx)
    }

    // (createMessageBatch records retry() but not its delay: the log shows the schedule.)
    const first = await attempt('d1')
    expect(first.retryMessages.map((m) => m.msgId)).toEqual(['d1'])
    expect((await deliveries(app, rawKey, endpoint.id))[0]).toMatchObject({
      status: 'retrying',
      attempts: 1,
      last_response_code: 503,
      next_attempt_at: '2026-11-01T00:00:05.000Z',
    })

    clock.now = new Date('2026-11-03T00:00:00Z')
    const second = await attempt('d2')
    expect(second.retryMessages.map((m) => m.msgId)).toEqual(['d2'])
    expect(await (await api(app, rawKey, '/api/v1/webhooks/notices')).json()).toEqual({ notices: [] })

    clock.now = new Date('2026-11-06T00:00:01Z')
    const third = await attempt('d3')
    expect(third.retryMessages).toEqual([])
    expect(third.explicitAcks).toEqual(['d3'])
    const { endpoints } = (await (await api(app, rawKey, '/api/v1/webhooks')).json()) as { endpoints: Array<Record<string, unknown>> }
    expect(endpoints[0]).toMatchObject({ status: 'disabled', disabled_at: '2026-11-06T00:00:01.000Z' })
    const { notices } = (await (await api(app, rawKey, '/api/v1/webhooks/notices')).json()) as { notices: Array<Record<string, string>> }
    expect(notices).toHaveLength(1)
    expect(notices[0]).toMatchObject({ endpoint_id: endpoint.id, kind: 'endpoint_disabled' })
    expect(notices[0].message).toContain('2026-11-01T00:00:00.000Z')

    // A disabled endpoint is not called any more.
    const calls = fetcher.calls.filter((c) => c.startsWith('POST')).length
    expect((await attempt('d4')).explicitAcks).toEqual(['d4'])
    expect(fetcher.calls.filter((c) => c.startsWith('POST')).length).toBe(calls)

    const enabled = await api(app, rawKey, `/api/v1/webhooks/${endpoint.id}/enable`, { method: 'POST' })
    expect(await enabled.json()).toMatchObject({ status: 'active', disabled_at: null })
  })
})
