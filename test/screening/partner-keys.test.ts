import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { issueTestKey } from '../helpers/keys'
import { freshIp, postJson, screen, testApp } from './helpers'

const app = testApp()
const enforced = { ...env, REQUIRE_API_KEY: 'true' }

describe('x-api-key with REQUIRE_API_KEY=true', () => {
  it('refuses a missing, malformed, unknown or revoked key with 401 and ok: false', async () => {
    const revoked = await issueTestKey(env.DB, 'screening', 'partner')
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(new Date().toISOString(), revoked.id).run()
    for (const key of [undefined, '<API_KEY>', 'scrn_live_' + 'A'.repeat(32), revoked.rawKey]) {
      const res = await screen(app, { applicantEmail: 'keyless@example.com' }, key ? { 'x-api-key': key } : {}, enforced)
      expect(res.status, String(key)).toBe(401)
      expect(await res.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' })
    }
    const ranking = await app.request(`/api/properties/${crypto.randomUUID()}/applicants`, {}, enforced)
    expect(ranking.status).toBe(401)
    const scrape = await postJson(app, '/api/scrape', { city: 'Austin, TX', source: 'both' }, {}, enforced)
    expect(scrape.status).toBe(401)
    expect(await scrape.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' })
  })

  it('accepts a partner key issued by the admin CLI', async () => {
    const { rawKey } = await issueTestKey(env.DB, 'screening', 'partner')
    const res = await screen(app, { applicantEmail: 'keyed@example.com' }, { 'x-api-key': rawKey }, enforced)
    expect(res.status).toBe(200)
  })
})

describe('x-api-key while enforcement is off (the default)', () => {
  it('ignores a placeholder key, as the spec asks clients to send the header already', async () => {
    const res = await screen(app, { applicantEmail: 'placeholder@example.com' }, { 'x-api-key': '<API_KEY>', ...freshIp() })
    expect(res.status).toBe(200)
  })

  it('limits requests without a key per IP (429 with Retry-After) and does not limit partners', async () => {
    const ip = freshIp()
    let last: Response | undefined
    for (let i = 0; i < 31; i++) {
      last = await screen(app, { applicantEmail: `limited-${i}@example.com` }, ip)
      if (i < 30) {
        expect(last.status).toBe(200)
        expect(last.headers.get('RateLimit-Limit')).toBe('30')
      }
    }
    expect(last!.status).toBe(429)
    expect(Number(last!.headers.get('Retry-After'))).toBeGreaterThan(0)
    expect(await last!.json()).toMatchObject({ ok: false, code: 'RATE_LIMITED' })

    const { rawKey } = await issueTestKey(env.DB, 'screening', 'partner')
    const partner = await screen(app, { applicantEmail: 'partner-after-limit@example.com' }, { ...ip, 'x-api-key': rawKey })
    expect(partner.status).toBe(200)
    expect(partner.headers.get('RateLimit-Limit')).toBeNull()
  })

  it("keeps a partner's properties to that partner", async () => {
    const a = await issueTestKey(env.DB, 'screening', 'partner')
    const b = await issueTestKey(env.DB, 'screening', 'partner')
    const first = (await (
      await screen(app, { applicantEmail: 'scoped@example.com', email: 'scoped@example.com' }, { 'x-api-key': a.rawKey })
    ).json()) as {
      result: { propertyId: string }
    }
    const propertyId = first.result.propertyId
    const path = `/api/properties/${propertyId}/applicants`
    expect((await app.request(path, { headers: { 'x-api-key': a.rawKey } }, env)).status).toBe(200)
    expect((await app.request(path, { headers: { 'x-api-key': b.rawKey } }, env)).status).toBe(404)
    expect((await app.request(path, { headers: freshIp() }, env)).status).toBe(404)
    // Screening with A's id under B's key lands in a property of B's own: A's ranking is unchanged.
    const other = await screen(app, { applicantEmail: 'intruder@example.com', propertyId }, { 'x-api-key': b.rawKey })
    expect(other.status).toBe(200)
    const ranked = (await (await app.request(path, { headers: { 'x-api-key': a.rawKey } }, env)).json()) as { applicantEmail: string }[] & {
      applicants: { applicantEmail: string }[]
    }
    expect(ranked.applicants.map((x) => x.applicantEmail)).toEqual(['scoped@example.com'])
  })
})
