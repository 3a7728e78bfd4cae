import { env } from 'cloudflare:workers'
import { describe, expect, inject, it } from 'vitest'
import { issueTestKey } from '../helpers/keys'
import { freshIp, listing, postJson, putJson, screen, testApp } from './helpers'

// Issue 34 §4: a partner owns screenings, properties, webhooks, embeds and settings; its keys
// come and go without losing any of it.
const app = testApp()
const enforced = { ...env, REQUIRE_API_KEY: 'true' }
const port = inject('webhookReceiverPort')

async function newPartner(): Promise<string> {
  const id = crypto.randomUUID()
  await env.DB.prepare('INSERT INTO partners (id, name, created_at) VALUES (?, ?, ?)')
    .bind(id, `Partner ${id.slice(0, 4)}`, new Date().toISOString())
    .run()
  return id
}

const keyOf = async (partnerId: string) => (await issueTestKey(env.DB, 'screening', 'partner', { accountId: partnerId })).rawKey
const as = (rawKey: string) => ({ 'x-api-key': rawKey })

async function screenFor(rawKey: string, applicantEmail: string) {
  const res = await screen(app, { applicantEmail, propertyId: crypto.randomUUID() }, as(rawKey))
  expect(res.status).toBe(200)
  return (await res.json()) as { screeningId: string; propertyId: string }
}

describe('keys belong to a partner', () => {
  it("a second key sees the first key's screenings, properties and webhooks; a revoked key gets 401 and the data stays", async () => {
    const partner = await newPartner()
    const firstKey = await issueTestKey(env.DB, 'screening', 'partner', { accountId: partner })
    const first = firstKey.rawKey
    const made = await screenFor(first, 'rotated@example.com')
    const hook = await postJson(
      app,
      '/api/v1/webhooks',
      { url: `http://127.0.0.1:${port}/hook/rot`, events: ['screening.completed'] },
      as(first)
    )
    expect(hook.status).toBe(201)
    const cap = await putJson(app, '/api/partner/screening-cap', { dailyScreeningCap: 17 }, as(first))
    expect(cap.status).toBe(200)

    const second = await keyOf(partner)
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(new Date().toISOString(), firstKey.id).run()
    const revokedRead = await app.request(`/api/screenings/${made.screeningId}`, { headers: as(first) }, enforced)
    expect(revokedRead.status).toBe(401)

    const read = await app.request(`/api/screenings/${made.screeningId}`, { headers: as(second) }, enforced)
    expect(read.status).toBe(200)
    const ranking = await app.request(`/api/properties/${made.propertyId}/applicants`, { headers: as(second) }, enforced)
    expect(((await ranking.json()) as { count: number }).count).toBe(1)
    const hooks = (await (await app.request('/api/v1/webhooks', { headers: as(second) }, enforced)).json()) as { data?: unknown[] }
    expect(JSON.stringify(hooks)).toContain('/hook/rot')
    const capNow = (await (await app.request('/api/partner/screening-cap', { headers: as(second) }, enforced)).json()) as {
      dailyScreeningCap: number
    }
    expect(capNow.dailyScreeningCap).toBe(17)
  })

  it("the daily cap is the partner's, counted across its keys", async () => {
    const partner = await newPartner()
    const [k1, k2] = [await keyOf(partner), await keyOf(partner)]
    expect((await putJson(app, '/api/partner/screening-cap', { dailyScreeningCap: 1 }, as(k1))).status).toBe(200)
    await screenFor(k1, 'cap-one@example.com')
    const over = await screen(app, { applicantEmail: 'cap-two@example.com', propertyId: crypto.randomUUID() }, as(k2))
    expect(over.status).toBe(429)
    expect(await over.json()).toMatchObject({ ok: false, code: 'PARTNER_DAILY_CAP_REACHED' })
  })
})

describe('isolation across two partners with two keys each', () => {
  it("every id-taking route answers B's keys as for an id that does not exist", async () => {
    const a = await newPartner()
    const b = await newPartner()
    const [a1, a2] = [await keyOf(a), await keyOf(a)]
    const bKeys = [await keyOf(b), await keyOf(b)]
    const made = await screenFor(a1, 'isolated@example.com')
    const s = made.screeningId
    const p = made.propertyId
    const probes: [string, string, unknown?][] = [
      ['GET', `/api/screenings/${s}`],
      ['GET', `/api/screenings/${s}/versions`],
      ['GET', `/api/screenings/${s}/audit`],
      ['GET', `/api/screenings/${s}/fair-chance`],
      ['GET', `/api/screenings/${s}/adverse-action-notice`],
      ['POST', `/api/screenings/${s}/rescore`, { reason: 'income_corrected', monthlyIncome: 9000 }],
      ['POST', `/api/screenings/${s}/conditional-offer`, {}],
      ['POST', `/api/screenings/${s}/applicant-copy`, {}],
      ['POST', `/api/screenings/${s}/decision`, { action: 'denied' }],
      ['DELETE', `/api/screenings/${s}`],
      ['GET', `/api/properties/${p}/applicants`],
    ]
    const answer = async (method: string, path: string, body: unknown, key: string) => {
      const init: RequestInit = { method, headers: { ...as(key), ...freshIp(), 'content-type': 'application/json' } }
      if (body !== undefined) init.body = JSON.stringify(body)
      const res = await app.request(path, init, env)
      return { status: res.status, code: ((await res.json()) as { code?: string }).code }
    }
    for (const [method, path, body] of probes) {
      const missing = path.replace(s, crypto.randomUUID()).replace(p, crypto.randomUUID())
      const expected = await answer(method, missing, body, bKeys[0])
      for (const key of bKeys) expect(await answer(method, path, body, key), `${method} ${path}`).toEqual(expected)
    }
    // B's PUT on A's property id makes B's own listing; A's screening is untouched and still A's.
    expect((await putJson(app, `/api/properties/${p}`, listing, as(bKeys[1]))).status).toBe(200)
    const still = await app.request(`/api/properties/${p}/applicants`, { headers: as(a2) }, env)
    expect(((await still.json()) as { count: number }).count).toBe(1)
    expect((await app.request(`/api/screenings/${s}`, { headers: as(a2) }, env)).status).toBe(200)
  })
})

const hex = () => crypto.randomUUID().replace(/-/g, '')

describe("webhook endpoints are the partner's", () => {
  it("B's keys get the answer of a made-up id on every id-taking webhook route; A's second key still sees the endpoint", async () => {
    const a = await newPartner()
    const b = await newPartner()
    const [a1, a2] = [await keyOf(a), await keyOf(a)]
    const bKeys = [await keyOf(b), await keyOf(b)]
    const made = await postJson(
      app,
      '/api/v1/webhooks',
      { url: `http://127.0.0.1:${port}/hook/iso`, events: ['screening.completed'] },
      as(a1)
    )
    expect(made.status).toBe(201)
    const id = ((await made.json()) as { id: string }).id
    const probes: [string, string][] = [
      ['POST', `/api/v1/webhooks/${id}/enable`],
      ['GET', `/api/v1/webhooks/${id}/deliveries`],
      ['POST', `/api/v1/webhooks/${id}/deliveries/whd_${hex()}/redeliver`],
      ['DELETE', `/api/v1/webhooks/${id}`],
    ]
    for (const [method, path] of probes) {
      const answer = async (p: string, key: string) => {
        const res = await app.request(p, { method, headers: as(key) }, env)
        return { status: res.status, code: ((await res.json()) as { code?: string }).code }
      }
      const expected = await answer(path.replace(id, `we_${hex()}`), bKeys[0])
      for (const key of bKeys) expect(await answer(path, key), `${method} ${path}`).toEqual(expected)
    }
    const listed = await app.request('/api/v1/webhooks', { headers: as(a2) }, env)
    expect(JSON.stringify(await listed.json())).toContain(id)
  })
})

describe('migration 0011 on rows written before partners', () => {
  it('makes one partner per key, whose second key then sees the first key’s data', async () => {
    // The old shape: a key with no partner (account_id NULL) that owns a screening.
    const old = await issueTestKey(env.DB, 'screening', 'partner')
    await env.DB.prepare('DELETE FROM partners WHERE id = ?').bind(old.id).run()
    await env.DB.prepare('UPDATE api_keys SET account_id = NULL WHERE id = ?').bind(old.id).run()
    const made = await screenFor(old.rawKey, 'legacy@example.com')
    const stored = await env.DB.prepare('SELECT owner FROM properties WHERE external_id = ?')
      .bind(made.propertyId)
      .first<{ owner: string }>()
    expect(stored?.owner).toBe(`partner:${old.id}`)

    // The migration's data statements, as written in migrations/screening/0011_partners.sql.
    const migration = env.TEST_MIGRATIONS.find((m) => m.name.startsWith('0011_'))!
    const moves = migration.queries.filter((q) => /^\s*(INSERT INTO partners|UPDATE api_keys)/.test(q.replace(/^(--.*\n)+/, '')))
    expect(moves.length).toBe(2)
    for (const q of moves) await env.DB.prepare(q).run()

    const key = await env.DB.prepare('SELECT account_id FROM api_keys WHERE id = ?').bind(old.id).first<{ account_id: string }>()
    expect(key?.account_id).toBe(old.id)
    const partner = await env.DB.prepare('SELECT id, name FROM partners WHERE id = ?').bind(old.id).first<{ id: string; name: string }>()
    expect(partner?.id).toBe(old.id)
    const second = await keyOf(old.id)
    const read = await app.request(`/api/screenings/${made.screeningId}`, { headers: as(second) }, env)
    expect(read.status).toBe(200)
  })
})
