import { env } from 'cloudflare:workers'
import { describe, expect, inject, it, vi } from 'vitest'
import { createExecutionContext, createMessageBatch, getQueueResult } from 'cloudflare:test'
import { pool } from '../../workers/sds/bulk-consumer'
import { claimItem, insertJob } from '../../workers/sds/bulk-store'
import { createQueueHandler } from '../../workers/sds/queue'
import { replayFetcher } from '../../shared/http-fetcher'
import { makeApp, newKey, post, usage } from './helpers'
import { verifyStandardWebhook, waitFor } from './helpers/standard-webhooks'

// These tests wait for the real local queues (and, for retries, their delays).
vi.setConfig({ testTimeout: 60_000 })

const app = makeApp()
const port = inject('webhookReceiverPort')

type Job = {
  job_id: string
  status: string
  total: number
  succeeded: number
  failed: number
  pending: number
  units_reserved: number
  items: Array<{ index: number; status: string; document_url?: string; filename?: string; error?: { code: string; message: string } }>
}

function submit(key: string, body: unknown) {
  return app.request(
    '/api/v1/sds/bulk',
    { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${key}` }, body: JSON.stringify(body) },
    env
  )
}

async function status(key: string, jobId: string) {
  return app.request(`/api/v1/sds/bulk/${jobId}`, { headers: { authorization: `Bearer ${key}` } }, env)
}

async function finished(key: string, jobId: string, timeoutMs = 30_000): Promise<Job> {
  return waitFor(
    async () => {
      const res = await status(key, jobId)
      if (res.status !== 200) throw new Error(`GET ${jobId} answered ${res.status}: ${await res.text()}`)
      const job = (await res.json()) as Job
      return job.status === 'completed' && job
    },
    timeoutMs,
    `job ${jobId}`,
    // Polls count against the key's 60 requests a minute, as a user's would.
    1000
  )
}

const snapshot = async (key: string) =>
  (await (await usage(app, key)).json()) as { units_used: number; units_reserved: number; units_remaining: number | null }

describe('POST /api/v1/sds/bulk', () => {
  it('answers 202, works the items on the queue, links each document and reports per-item errors with the single endpoints’ codes', async () => {
    const { rawKey } = await newKey('pro')
    const items = [
      { chemical_identifier: '67-64-1', format: 'us' },
      { chemical_identifier: 'formaldehyde', format: 'eu' },
      { chemical_identifier: 'zzqx-not-a-chemical', format: 'us' },
      { chemical_identifier: '50-00-1', format: 'eu' },
    ]
    const res = await submit(rawKey, { items, company_name: 'Bulk Chemicals Ltd' })
    expect(res.status).toBe(202)
    const accepted = (await res.json()) as { job_id: string; status_url: string; units_reserved: number; total: number }
    expect(accepted).toMatchObject({
      status: 'queued',
      units_reserved: 4,
      total: 4,
      status_url: `http://localhost:8787/api/v1/sds/bulk/${accepted.job_id}`,
    })

    // While it runs, each unit is made, held, or (failed item) given back: never more than 4.
    const during = await snapshot(rawKey)
    expect(during.units_used + during.units_reserved).toBeGreaterThanOrEqual(2)
    expect(during.units_used + during.units_reserved).toBeLessThanOrEqual(4)
    expect(during.units_remaining).toBe(50 - during.units_used - during.units_reserved)

    const job = await finished(rawKey, accepted.job_id)
    expect(job).toMatchObject({ total: 4, succeeded: 2, failed: 2, pending: 0, units_reserved: 0 })
    expect(job.items.map((i) => i.status)).toEqual(['done', 'done', 'failed', 'failed'])

    for (const item of job.items.slice(0, 2)) {
      const link = new URL(item.document_url!)
      const doc = await app.request(link.pathname + link.search, {}, env)
      expect(doc.status).toBe(200)
      expect(doc.headers.get('content-type')).toContain('wordprocessingml')
      expect(new Uint8Array(await doc.arrayBuffer()).subarray(0, 2)).toEqual(new Uint8Array([0x50, 0x4b]))
    }
    expect(job.items[0].filename).toMatch(/SDS-US\.docx$/)
    expect(job.items[1].filename).toMatch(/SDS-EU\.docx$/)

    // The failed items carry the code the single endpoint answers for the same identifier.
    for (const [i, format] of [
      [2, 'us'],
      [3, 'eu'],
    ] as const) {
      const single = await post(app, format, rawKey, { chemical_identifier: items[i].chemical_identifier })
      expect(single.status).toBe(422)
      expect(job.items[i].error?.code).toBe(((await single.json()) as { code: string }).code)
    }
    // Failed items gave their unit back: 2 documents used, nothing held.
    expect(await snapshot(rawKey)).toMatchObject({ units_used: 2, units_reserved: 0, units_remaining: 48 })
  })

  it('takes concentration and physical_form per item, with the single endpoints’ rules', async () => {
    const { rawKey } = await newKey('enterprise')
    const items = [
      { chemical_identifier: 'sodium hydroxide', format: 'eu', concentration: 1 },
      { chemical_identifier: 'sodium hydroxide', format: 'eu', concentration: 10, physical_form: 'solid' },
    ]
    const res = await submit(rawKey, { items })
    expect(res.status).toBe(202)
    const job = await finished(rawKey, ((await res.json()) as { job_id: string }).job_id)
    expect(job.items[0]).toMatchObject({ status: 'done', concentration: 1, physical_form: null })
    const single = await post(app, 'eu', rawKey, items[1])
    expect(single.status).toBe(422)
    expect(job.items[1]).toMatchObject({
      status: 'failed',
      concentration: 10,
      physical_form: 'solid',
      error: { code: ((await single.json()) as { code: string }).code },
    })
  })

  it('gives a standard key’s credits back for failed items', async () => {
    const { rawKey, id } = await newKey('standard', { credits: 3 })
    const res = await submit(rawKey, {
      items: [
        { chemical_identifier: 'acetone', format: 'us' },
        { chemical_identifier: 'zzqx-nothing', format: 'us' },
      ],
    })
    expect(res.status).toBe(202)
    await finished(rawKey, ((await res.json()) as { job_id: string }).job_id)
    const row = await env.DB.prepare('SELECT credits FROM api_keys WHERE id = ?').bind(id).first<{ credits: number }>()
    expect(row?.credits).toBe(2)
  })

  it('answers 402 and reserves nothing when the whole job does not fit', async () => {
    const { rawKey } = await newKey('trial')
    const six = Array.from({ length: 6 }, () => ({ chemical_identifier: 'acetone', format: 'us' }))
    const res = await submit(rawKey, { items: six })
    expect(res.status).toBe(402)
    expect(await res.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', units_needed: 6, units_remaining: 5 })
    expect(await snapshot(rawKey)).toMatchObject({ units_used: 0, units_reserved: 0, units_remaining: 5 })
    // 500 items is a valid job; it just does not fit a trial.
    const max = await submit(rawKey, { items: Array.from({ length: 500 }, () => ({ chemical_identifier: 'acetone', format: 'eu' })) })
    expect(max.status).toBe(402)
    expect(await max.json()).toMatchObject({ code: 'QUOTA_EXCEEDED', units_needed: 500 })
    const credits = await newKey('standard', { credits: 1 })
    expect((await submit(credits.rawKey, { items: six.slice(0, 2) })).status).toBe(402)
  })

  it('reserves atomically under parallel submissions: never more than the quota', async () => {
    // A trial has 5 units: of five parallel 2-item jobs exactly two fit.
    const { rawKey } = await newKey('trial')
    const two = [
      { chemical_identifier: 'acetone', format: 'us' },
      { chemical_identifier: 'ethanol', format: 'eu' },
    ]
    const results = await Promise.all(Array.from({ length: 5 }, () => submit(rawKey, { items: two })))
    expect(results.map((r) => r.status).sort()).toEqual([202, 202, 402, 402, 402])
    // Every item makes a document, so each unit is held or used whatever the consumer has done.
    const s = await snapshot(rawKey)
    expect(s.units_used + s.units_reserved).toBe(4)
    expect(s.units_remaining).toBe(1)
    // A single request can take the one unit left, not one a job holds.
    expect((await post(app, 'us', rawKey, { chemical_identifier: 'acetone' })).status).toBe(200)
    expect((await post(app, 'us', rawKey, { chemical_identifier: 'acetone' })).status).toBe(402)
    const jobs = (await Promise.all(results.filter((r) => r.status === 202).map((r) => r.json()))) as Array<{ job_id: string }>
    for (const j of jobs) expect(await finished(rawKey, j.job_id)).toMatchObject({ succeeded: 2, failed: 0, units_reserved: 0 })
    expect(await snapshot(rawKey)).toMatchObject({ units_used: 5, units_reserved: 0, units_remaining: 0 })
  })

  it('validates the body: 1 to 500 items, each with an identifier and a format', async () => {
    const { rawKey } = await newKey('enterprise')
    const item = { chemical_identifier: 'acetone', format: 'us' }
    for (const body of [
      { items: [] },
      { items: Array.from({ length: 501 }, () => item) },
      { items: [{ chemical_identifier: 'acetone', format: 'jp' }] },
      { items: [item], extra: 1 },
      {},
    ]) {
      const res = await submit(rawKey, body)
      expect(res.status).toBe(422)
      expect(((await res.json()) as { code: string }).code).toBe('VALIDATION_ERROR')
    }
    const site = await submit(rawKey, { items: [item], company_website: 'javascript:alert(1)' })
    expect(((await site.json()) as { code: string }).code).toBe('INVALID_COMPANY_WEBSITE')
    expect(await snapshot(rawKey)).toMatchObject({ units_used: 0, units_reserved: 0 })
  })
})

describe('GET /api/v1/sds/bulk/{job_id}', () => {
  it('is for the owner key only: another key and unknown ids get 404', async () => {
    const owner = await newKey('enterprise')
    const other = await newKey('enterprise')
    const res = await submit(owner.rawKey, { items: [{ chemical_identifier: 'zzqx-unknown', format: 'eu' }] })
    const { job_id } = (await res.json()) as { job_id: string }
    expect((await status(owner.rawKey, job_id)).status).toBe(200)
    const foreign = await status(other.rawKey, job_id)
    expect(foreign.status).toBe(404)
    expect(await foreign.json()).toMatchObject({ code: 'JOB_NOT_FOUND' })
    expect((await status(owner.rawKey, 'job_00000000000000000000000000000000')).status).toBe(404)
    expect((await status(owner.rawKey, job_id)).status).toBe(200)
  })
})

describe('bulk events to webhooks', () => {
  it('sends sds.bulk.item_completed per item and sds.bulk.completed once, signed', async () => {
    const { rawKey } = await newKey('pro')
    const name = crypto.randomUUID().slice(0, 8)
    const reg = await app.request(
      '/api/v1/webhooks',
      {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${rawKey}` },
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook/${name}`, events: ['sds.bulk.item_completed', 'sds.bulk.completed'] }),
      },
      env
    )
    const { secret } = (await reg.json()) as { secret: string }
    const res = await submit(rawKey, {
      items: [
        { chemical_identifier: 'acetone', format: 'us' },
        { chemical_identifier: 'zzqx-unknown', format: 'eu' },
      ],
    })
    const { job_id } = (await res.json()) as { job_id: string }
    const got = await waitFor(
      async () => {
        const r = (await (await fetch(`http://127.0.0.1:${port}/log/${name}`)).json()) as Array<{
          headers: Record<string, string>
          body: string
          received_at: number
        }>
        return r.length >= 3 && r
      },
      30_000,
      'three events'
    )
    for (const r of got) expect(await verifyStandardWebhook(secret, r.headers, r.body, Math.floor(r.received_at / 1000))).toBe('valid')
    const events = got.map((r) => JSON.parse(r.body) as { type: string; data: Record<string, unknown> })
    const items = events
      .filter((e) => e.type === 'sds.bulk.item_completed')
      .map((e) => e.data)
      .sort((a, b) => Number(a.index) - Number(b.index))
    expect(items).toEqual([
      expect.objectContaining({ job_id, index: 0, status: 'done', document_url: expect.stringContaining('/api/v1/documents/') }),
      expect.objectContaining({ job_id, index: 1, status: 'failed', error: expect.objectContaining({ code: 'CHEMICAL_NOT_FOUND' }) }),
    ])
    const completed = events.filter((e) => e.type === 'sds.bulk.completed')
    expect(completed).toHaveLength(1)
    expect(completed[0].data).toMatchObject({ job_id, status: 'completed', total: 2, succeeded: 1, failed: 1, pending: 0 })
  })
})

describe('at-least-once queue delivery', () => {
  it('a copy of an item claimed by a live worker comes back later; a stale claim is taken over and finished once', async () => {
    const { rawKey, id } = await newKey('enterprise')
    const clock = { now: new Date() }
    const handler = createQueueHandler({ fetcher: replayFetcher([]), now: () => clock.now })
    const jobId = `job_${crypto.randomUUID().replace(/-/g, '')}`
    // Written straight to storage (no queue message), so only this test's handler works it.
    await insertJob(
      env.DB,
      {
        id: jobId,
        key_id: id,
        status: 'queued',
        branding: '{}',
        tier: 'enterprise',
        period: clock.now.toISOString().slice(0, 7),
        total: 1,
        units_reserved: 1,
        created_at: clock.now.toISOString(),
      },
      [{ chemical_identifier: 'acetone', format: 'us' }]
    )
    expect(await claimItem(env.DB, jobId, 0, clock.now)).not.toBeNull()

    const deliver = async (msgId: string) => {
      const batch = createMessageBatch('sds-bulk', [{ id: msgId, timestamp: clock.now, attempts: 1, body: { job_id: jobId, idx: 0 } }])
      const ctx = createExecutionContext()
      await handler(batch, env as never)
      return getQueueResult(batch, ctx)
    }
    const busy = await deliver('m1')
    expect(busy.retryMessages.map((m) => m.msgId)).toEqual(['m1'])
    expect(((await (await status(rawKey, jobId)).json()) as Job).items[0].status).toBe('running')

    clock.now = new Date(clock.now.getTime() + 6 * 60_000)
    expect((await deliver('m2')).explicitAcks).toEqual(['m2'])
    const job = (await (await status(rawKey, jobId)).json()) as Job
    expect(job).toMatchObject({ status: 'completed', succeeded: 1, failed: 0, units_reserved: 0 })
    expect(job.items[0].document_url).toContain('/api/v1/documents/')
    // A late duplicate finds the item settled and changes nothing.
    expect((await deliver('m3')).explicitAcks).toEqual(['m3'])
    expect(((await (await status(rawKey, jobId)).json()) as Job).succeeded).toBe(1)
  })
})

describe('bounded parallelism', () => {
  it('pool() never runs more than its limit at once and runs every item', async () => {
    let running = 0
    let peak = 0
    const done: number[] = []
    await pool([...Array(23).keys()], 4, async (i) => {
      running++
      peak = Math.max(peak, running)
      await new Promise((r) => setTimeout(r, 2))
      done.push(i)
      running--
    })
    expect(peak).toBe(4)
    expect(done.sort((a, b) => a - b)).toEqual([...Array(23).keys()])
  })
})

describe('documentation', () => {
  it('documents bulk and webhook endpoints in the OpenAPI document and the /docs page, with the verification example', async () => {
    const doc = (await (await app.request('/openapi.json', {}, env)).json()) as { paths: Record<string, unknown> }
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/sds/bulk',
        '/api/v1/sds/bulk/{job_id}',
        '/api/v1/webhooks',
        '/api/v1/webhooks/{id}/deliveries',
        '/api/v1/webhooks/{id}/deliveries/{delivery_id}/redeliver',
        '/api/v1/webhooks/notices',
      ])
    )
    const page = await (await app.request('/docs', {}, env)).text()
    expect(page).toContain('Webhook-Signature')
    expect(page).toContain('g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=')
  })
})
