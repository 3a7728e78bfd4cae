import { env } from 'cloudflare:workers'
import { describe, expect, inject, it, vi } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { runCron } from '../../workers/screening/scheduled'
import { issueTestKey } from '../helpers/keys'
import { deliverAndVerify, endpointCount, expectSealedAtRest, insertLegacyEndpoint, storedSecret } from '../helpers/webhook-secrets'
import { verifyStandardWebhook, waitFor } from '../sds/helpers/standard-webhooks'
import { freshIp, postJson, screen, screeningBody, testApp } from './helpers'

// Issue 23 "Webhooks": screening.completed, screening.rescored and scrape.completed, signed by
// shared/webhooks, delivered by this worker's screening-webhooks queue consumer to a real
// receiver on 127.0.0.1 (test/sds/webhook-receiver.ts; WEBHOOK_ALLOW_LOCAL=true in test-vars).
vi.setConfig({ testTimeout: 60_000 })

type Got = { headers: Record<string, string>; body: string; received_at: number }
const port = inject('webhookReceiverPort')
const hook = (name: string) => `http://127.0.0.1:${port}/hook/${name}`
const received = async (name: string) => (await (await fetch(`http://127.0.0.1:${port}/log/${name}`)).json()) as Got[]
const arrivals = (name: string, n: number) =>
  waitFor(
    async () => {
      const r = await received(name)
      return r.length >= n && r
    },
    15_000,
    `${n} deliveries to ${name}`
  )

const PROVIDER = 'https://provider.test/v1/screenings'
const reports = new Map<string, Record<string, unknown>>()
const answer = (status: string, score: number | null) => ({
  status,
  sourceName: 'Acme Tenant Data',
  credit: { score, keyFactors: [] },
  eviction: 'clear',
  evictionRecords: [],
  criminal: 'clear',
})
const provider = replayFetcher([
  [
    PROVIDER,
    async (req) => {
      const { applicant } = (await req.json()) as { applicant: { email: string } }
      const id = `r-${applicant.email}`
      return { body: JSON.stringify({ reportId: id, ...reports.get(id)! }) }
    },
  ],
  [
    new RegExp(`^${PROVIDER}/`),
    async (req) => {
      const id = decodeURIComponent(new URL(req.url).pathname.split('/').pop()!)
      return reports.has(id) ? { body: JSON.stringify({ reportId: id, ...reports.get(id)! }) } : { status: 404, body: 'no' }
    },
  ],
])
const verified = { ...env, SCREENING_PROVIDER_URL: PROVIDER, SCREENING_PROVIDER_API_KEY: 'k' }
const app = testApp({ fetcher: provider })

async function partnerWithHook(events = ['screening.completed', 'screening.rescored', 'scrape.completed']) {
  const { rawKey, id } = await issueTestKey(env.DB, 'screening', 'partner')
  const name = crypto.randomUUID().slice(0, 8)
  const res = await postJson(app, '/api/v1/webhooks', { url: hook(name), events }, { 'x-api-key': rawKey })
  expect(res.status).toBe(201)
  const endpoint = (await res.json()) as { id: string; secret: string }
  return { headers: { 'x-api-key': rawKey }, keyId: id, name, endpoint }
}

/**
 * Delivery rows of one endpoint. Every queue message names one row, and events are published
 * before the request answers, so a count read after the answer is final: no sleep needed to
 * show that nothing more will arrive.
 */
async function deliveryRows(endpointId: string): Promise<number> {
  const row = await env.DB.prepare('SELECT COUNT(*) AS n FROM webhook_deliveries WHERE endpoint_id = ?')
    .bind(endpointId)
    .first<{ n: number }>()
  return row?.n ?? 0
}

/** Every piece of the applicant's personal data the screening request carries. */
function personalData(body: Record<string, unknown>): string[] {
  return ['applicantName', 'applicantEmail', 'applicantDob', 'applicantAddress', 'applicantPostalCode', 'email', 'propertyAddress'].map(
    (k) => String(body[k])
  )
}

describe('/api/v1/webhooks for partner keys', () => {
  it('needs a partner key in x-api-key, even while REQUIRE_API_KEY is off', async () => {
    const res = await postJson(app, '/api/v1/webhooks', { url: hook('nobody'), events: ['screening.completed'] })
    expect(res.status).toBe(401)
    expect(((await res.json()) as { code: string }).code).toBe('UNAUTHORIZED')
  })

  it('refuses event types this service does not send', async () => {
    const { rawKey } = await issueTestKey(env.DB, 'screening', 'partner')
    const res = await postJson(app, '/api/v1/webhooks', { url: hook('x'), events: ['sds.bulk.completed'] }, { 'x-api-key': rawKey })
    expect(res.status).toBe(422)
  })
})

describe('screening events', () => {
  it('sends a signed screening.completed to the owner only, with ids and outcome and no personal data', async () => {
    const owner = await partnerWithHook()
    const other = await partnerWithHook()
    const request = screeningBody({ applicantEmail: 'hook-owner@example.com', applicantName: 'Avery Quinlan-Hook' })
    const res = await postJson(app, '/api/free-screening', request, { ...owner.headers, ...freshIp() })
    expect(res.status).toBe(200)
    const s = (await res.json()) as { screeningId: string; propertyId: string; result: { vetScore: number; recommendation: string } }

    const [got] = await arrivals(owner.name, 1)
    expect(await verifyStandardWebhook(owner.endpoint.secret, got.headers, got.body, Math.floor(got.received_at / 1000))).toBe('valid')
    expect(await verifyStandardWebhook(other.endpoint.secret, got.headers, got.body, Math.floor(got.received_at / 1000))).toBe(
      'bad-signature'
    )
    // Signed with the secret the partner got at creation, which D1 holds only sealed.
    await expectSealedAtRest(env.DB, owner.endpoint.id, owner.endpoint.secret)
    const event = JSON.parse(got.body) as { type: string; data: Record<string, unknown> }
    expect(event.type).toBe('screening.completed')
    expect(event.data).toEqual({
      screening_id: s.screeningId,
      property_id: s.propertyId,
      version: 1,
      reason: 'created',
      status: 'COMPLETE',
      verification_status: 'mock',
      vet_score: s.result.vetScore,
      tier: expect.any(String),
      recommendation: s.result.recommendation,
      screened_at: expect.any(String),
    })
    for (const value of personalData(request)) expect(got.body.toLowerCase()).not.toContain(value.toLowerCase())

    // The other partner's endpoint has no delivery row, so nothing can ever be sent to it.
    expect(await deliveryRows(other.endpoint.id)).toBe(0)
    expect(await received(other.name)).toEqual([])
  })

  it('sends nothing for a screening without a partner key (no owner to send to)', async () => {
    const watcher = await partnerWithHook()
    expect((await screen(app, { applicantEmail: 'anon-hook@example.com' }, freshIp())).status).toBe(200)
    expect(await deliveryRows(watcher.endpoint.id)).toBe(0)
    expect(await received(watcher.name)).toEqual([])
  })

  it('sends screening.rescored after a rescore, and an endpoint gets only the events it chose', async () => {
    const owner = await partnerWithHook(['screening.rescored'])
    const s = (await (await screen(app, { applicantEmail: 'rescore-hook@example.com' }, { ...owner.headers, ...freshIp() })).json()) as {
      screeningId: string
    }
    const res = await postJson(
      app,
      `/api/screenings/${s.screeningId}/rescore`,
      { reason: 'income_corrected', monthlyIncome: 9000 },
      owner.headers
    )
    expect(res.status).toBe(200)
    const [got] = await arrivals(owner.name, 1)
    const event = JSON.parse(got.body) as { type: string; data: Record<string, unknown> }
    expect(event).toMatchObject({
      type: 'screening.rescored',
      data: { screening_id: s.screeningId, version: 2, reason: 'income_corrected' },
    })
    // One row only: no screening.completed was published to it (not subscribed).
    expect(await deliveryRows(owner.endpoint.id)).toBe(1)
    expect(await received(owner.name)).toHaveLength(1)
  })

  it('sends screening.completed again when the cron completes a PENDING report', async () => {
    const owner = await partnerWithHook(['screening.completed'])
    reports.set('r-pending-hook@example.com', answer('PENDING', null))
    const s = (await (
      await screen(app, { applicantEmail: 'pending-hook@example.com' }, { ...owner.headers, ...freshIp() }, verified)
    ).json()) as { screeningId: string }
    const [first] = await arrivals(owner.name, 1)
    expect(JSON.parse(first.body).data).toMatchObject({
      screening_id: s.screeningId,
      status: 'PENDING',
      verification_status: 'verified',
      version: 1,
    })

    reports.set('r-pending-hook@example.com', answer('COMPLETE', 790))
    await runCron(verified as never, provider, new Date())
    const both = await arrivals(owner.name, 2)
    const second = JSON.parse(both[1].body) as { type: string; data: Record<string, unknown> }
    expect(second).toMatchObject({
      type: 'screening.completed',
      data: {
        screening_id: s.screeningId,
        status: 'COMPLETE',
        version: 2,
        reason: 'report_completed',
        recommendation: 'Recommend approval',
      },
    })
    expect(await verifyStandardWebhook(owner.endpoint.secret, both[1].headers, both[1].body, Math.floor(both[1].received_at / 1000))).toBe(
      'valid'
    )
  })
})

describe('scrape.completed', () => {
  it('goes to the partner that ran the scrape, with the outcome per source', async () => {
    const runner = await partnerWithHook(['scrape.completed'])
    const bystander = await partnerWithHook(['scrape.completed'])
    // Every outbound call refused: both sources fail, which the event says.
    const res = await postJson(testApp(), '/api/scrape', { city: 'Boise, ID', source: 'both' }, { ...runner.headers, ...freshIp() })
    expect(res.status).toBe(200)
    const [got] = await arrivals(runner.name, 1)
    expect(JSON.parse(got.body)).toMatchObject({
      type: 'scrape.completed',
      data: { city: 'Boise, ID', sources: ['vetscore', 'zillow'], status: 'failed', failed_sources: ['vetscore', 'zillow'], lead_count: 0 },
    })
    expect(await deliveryRows(bystander.endpoint.id)).toBe(0)
    expect(await received(bystander.name)).toEqual([])
  })

  it("reaches the partner's endpoint when another of the partner's keys runs the scrape (issue 34 §4)", async () => {
    const partner = crypto.randomUUID()
    await env.DB.prepare('INSERT INTO partners (id, name, created_at) VALUES (?, ?, ?)')
      .bind(partner, 'Scrape partner', new Date().toISOString())
      .run()
    const registering = (await issueTestKey(env.DB, 'screening', 'partner', { accountId: partner })).rawKey
    const res = await postJson(
      app,
      '/api/v1/webhooks',
      { url: hook('scrape-partner'), events: ['scrape.completed'] },
      { 'x-api-key': registering }
    )
    expect(res.status).toBe(201)
    const endpoint = (await res.json()) as { id: string }
    const running = (await issueTestKey(env.DB, 'screening', 'partner', { accountId: partner })).rawKey
    const scraped = await postJson(
      testApp(),
      '/api/scrape',
      { city: 'Boise, ID', source: 'vetscore' },
      { 'x-api-key': running, ...freshIp() }
    )
    expect(scraped.status).toBe(200)
    // Events are published before the answer: the row count is final.
    expect(await deliveryRows(endpoint.id)).toBe(1)
  })
})

describe('webhook signing secrets at rest (issue 34 §5)', () => {
  it('stores a new endpoint’s secret sealed, never the whsec_ the partner was shown', async () => {
    const { endpoint } = await partnerWithHook(['screening.completed'])
    expect(endpoint.secret).toMatch(/^whsec_/)
    await expectSealedAtRest(env.DB, endpoint.id, endpoint.secret)
  })

  it('answers 503 WEBHOOK_NOT_CONFIGURED without WEBHOOK_SECRET_KEY and stores nothing', async () => {
    const { rawKey, id } = await issueTestKey(env.DB, 'screening', 'partner')
    const noKey = { ...env, WEBHOOK_SECRET_KEY: undefined }
    const res = await postJson(
      app,
      '/api/v1/webhooks',
      { url: hook('nokey'), events: ['screening.completed'] },
      { 'x-api-key': rawKey },
      noKey
    )
    expect(res.status).toBe(503)
    expect(((await res.json()) as { code: string }).code).toBe('WEBHOOK_NOT_CONFIGURED')
    const list = await app.request('/api/v1/webhooks', { headers: { 'x-api-key': rawKey } }, noKey)
    expect(list.status).toBe(503)
    expect(await endpointCount(env.DB, id)).toBe(0)
  })

  it('signs with an endpoint stored in plain text before migration 0020, then stores it sealed', async () => {
    const { id } = await issueTestKey(env.DB, 'screening', 'partner')
    const legacy = await insertLegacyEndpoint(env.DB, id, 'http://127.0.0.1:9/legacy', ['screening.completed'])
    expect((await storedSecret(env.DB, legacy.id)).secret_key_id).toBeNull()
    expect(await deliverAndVerify(env, { id: legacy.id, owner: id }, 'screening.completed', legacy.secret)).toBe('valid')
    const sealed = await expectSealedAtRest(env.DB, legacy.id, legacy.secret)
    expect(await deliverAndVerify(env, { id: legacy.id, owner: id }, 'screening.completed', legacy.secret)).toBe('valid')
    expect(await storedSecret(env.DB, legacy.id)).toEqual(sealed)
  })
})
