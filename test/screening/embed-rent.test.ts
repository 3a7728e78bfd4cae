import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { parseEmbedConfig } from '../../workers/screening/domain/embed/config'
import { signLink } from '../../workers/screening/domain/embed/link'
import { saveEmbedPartner } from '../../workers/screening/store'
import { issueTestKey } from '../helpers/keys'
import { freshIp, listing, putJson, testApp } from './helpers'

// Issue 34 §5: the rent an embed application is scored at comes from the partner's listing
// or from a link the partner's server signed; the applicant can change neither.
const app = testApp()

async function partner(rent: number | null) {
  const key = await issueTestKey(env.DB, 'screening', 'partner')
  const publicId = await saveEmbedPartner(env.DB, key.id, parseEmbedConfig({ origins: ['https://rent.example'] }), new Date())
  const propertyId = crypto.randomUUID()
  if (rent !== null) {
    const res = await putJson(app, `/api/properties/${propertyId}`, { ...listing, monthlyRent: rent }, { 'x-api-key': key.rawKey })
    expect(res.status).toBe(200)
  }
  return { key, publicId, propertyId }
}

async function open(query: string) {
  const res = await app.request(`/embed/screening?${query}`, { headers: freshIp() }, env)
  const page = await res.text()
  return {
    status: res.status,
    page,
    token: /name="token" value="([^"]+)"/.exec(page)?.[1] ?? '',
    rent: /name="rent" value="([^"]+)"/.exec(page)?.[1] ?? null,
  }
}

const applicant = {
  applicantName: 'Sam Rent',
  applicantDob: '1988-06-01',
  applicantAddress: '9 Elm St',
  applicantCity: 'Austin',
  applicantState: 'TX',
  applicantPostalCode: '78701',
  monthlyIncome: '4000',
  consent: 'yes',
}

function submit(fields: Record<string, string>) {
  return app.request(
    '/embed/screening',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'sec-fetch-site': 'same-origin', ...freshIp() },
      body: new URLSearchParams(fields).toString(),
    },
    env
  )
}

async function storedRent(applicantEmail: string): Promise<number | null> {
  const row = await env.DB.prepare('SELECT report_json FROM screenings WHERE applicant_email = ?').bind(applicantEmail).first<{
    report_json: string
  }>()
  return row ? (JSON.parse(row.report_json) as { inputs: { monthlyRent: number } }).inputs.monthlyRent : null
}

async function signingSecret(rawKey: string) {
  const res = await app.request('/api/partner/embed/signing-secret', { method: 'POST', headers: { 'x-api-key': rawKey } }, env)
  return { status: res.status, body: (await res.json()) as { signingSecret: string; embedId: string; generation: number; code?: string } }
}

const inAnHour = () => Math.floor(Date.now() / 1000) + 3600

describe('the rent comes from the listing', () => {
  it("the issue's attack: rent=300 in the URL or the form cannot change the rent scored; the row keeps the listing's rent", async () => {
    const p = await partner(2000)
    const form = await open(`partner=${p.publicId}&property=${p.propertyId}&rent=300`)
    expect(form.status).toBe(200)
    expect(form.rent).toBe('2000')
    expect(form.page).toContain('Rent: $2000 per month')
    const base = { ...applicant, partner: p.publicId, property: p.propertyId, token: form.token }
    const tampered = await submit({ ...base, applicantEmail: 'tamper-300@example.com', rent: '300' })
    expect(tampered.status).toBe(403)
    expect(await storedRent('tamper-300@example.com')).toBeNull()
    const honest = await submit({ ...base, applicantEmail: 'honest-2000@example.com', rent: form.rent! })
    expect(honest.status).toBe(200)
    expect(await storedRent('honest-2000@example.com')).toBe(2000)
  })

  it('a property without a listing rent and without a signed link shows no form (400), whatever rent= says', async () => {
    const p = await partner(null)
    const key = p.key.rawKey
    // The property exists (created by a screening) but has no rent set.
    const seeded = await putJson(app, `/api/properties/${p.propertyId}`, { ...listing, monthlyRent: 1200 }, { 'x-api-key': key })
    expect(seeded.status).toBe(200)
    const other = crypto.randomUUID()
    await env.DB.prepare('UPDATE properties SET monthly_rent = NULL WHERE external_id = ?').bind(p.propertyId).run()
    const form = await open(`partner=${p.publicId}&property=${p.propertyId}&rent=1500`)
    expect(form.status).toBe(400)
    expect(form.page).not.toContain('<form')
    expect(form.page).toContain('no monthly rent on file')
    expect((await open(`partner=${p.publicId}&property=${other}`)).status).toBe(404)
  })

  it("the listing is the partner's own: another partner's PUT on the same id does not touch it; no key is 401", async () => {
    const a = await partner(2000)
    const b = await issueTestKey(env.DB, 'screening', 'partner')
    const res = await putJson(app, `/api/properties/${a.propertyId}`, { ...listing, monthlyRent: 300 }, { 'x-api-key': b.rawKey })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { created: boolean }).created).toBe(true)
    expect((await open(`partner=${a.publicId}&property=${a.propertyId}`)).rent).toBe('2000')
    const anon = await putJson(app, `/api/properties/${a.propertyId}`, { ...listing, monthlyRent: 300 }, freshIp())
    expect(anon.status).toBe(401)
    expect(await anon.json()).toMatchObject({ ok: false, code: 'UNAUTHORIZED' })
    const bad = await putJson(app, `/api/properties/${a.propertyId}`, { ...listing, monthlyRent: 299 }, { 'x-api-key': a.key.rawKey })
    expect(bad.status).toBe(422)
  })
})

describe('a link signed by the partner server', () => {
  it('fixes the rent; changing rent, property or expiry in the URL, or an old generation, is refused', async () => {
    const p = await partner(null)
    await putJson(app, `/api/properties/${p.propertyId}`, { ...listing, monthlyRent: 2400 }, { 'x-api-key': p.key.rawKey })
    const first = await signingSecret(p.key.rawKey)
    expect(first.status).toBe(200)
    expect(first.body.embedId).toBe(p.publicId)
    expect(first.body.signingSecret).toMatch(/^scrn_sig_/)
    const exp = inAnHour()
    const subject = { partner: p.publicId, property: p.propertyId, rent: 2000 }
    const sig = await signLink(first.body.signingSecret, subject, exp)
    const q = (rent: number, e = exp, s = sig, property = p.propertyId) =>
      `partner=${p.publicId}&property=${property}&rent=${rent}&exp=${e}&sig=${s}`

    const ok = await open(q(2000))
    expect(ok.status).toBe(200)
    expect(ok.rent).toBe('2000')
    const done = await submit({
      ...applicant,
      applicantEmail: 'signed-2000@example.com',
      partner: p.publicId,
      property: p.propertyId,
      rent: '2000',
      token: ok.token,
    })
    expect(done.status).toBe(200)
    expect(await storedRent('signed-2000@example.com')).toBe(2000)

    expect((await open(q(300))).status).toBe(403)
    expect((await open(q(2000, exp + 1))).status).toBe(403)
    expect((await open(`${q(2000)}x`)).status).toBe(403)
    const past = Math.floor(Date.now() / 1000) - 10
    const expired = await open(q(2000, past, await signLink(first.body.signingSecret, subject, past)))
    expect(expired.status).toBe(403)
    expect(expired.page).toContain('expired')
    const far = Math.floor(Date.now() / 1000) + 40 * 24 * 3600
    expect((await open(q(2000, far, await signLink(first.body.signingSecret, subject, far)))).status).toBe(403)

    // Rotation retires the previous secret; the new one works.
    const second = await signingSecret(p.key.rawKey)
    expect(second.body.generation).toBe(first.body.generation + 1)
    expect(second.body.signingSecret).not.toBe(first.body.signingSecret)
    expect((await open(q(2000))).status).toBe(403)
    expect((await open(q(2000, exp, await signLink(second.body.signingSecret, subject, exp)))).status).toBe(200)
  })

  it("one partner's secret does not sign another partner's links; the secret is not stored", async () => {
    const a = await partner(1500)
    const b = await partner(1500)
    const secretA = (await signingSecret(a.key.rawKey)).body.signingSecret
    await signingSecret(b.key.rawKey)
    const exp = inAnHour()
    const sig = await signLink(secretA, { partner: b.publicId, property: b.propertyId, rent: 300 }, exp)
    expect((await open(`partner=${b.publicId}&property=${b.propertyId}&rent=300&exp=${exp}&sig=${sig}`)).status).toBe(403)
    const row = await env.DB.prepare('SELECT * FROM embed_partners WHERE public_id = ?').bind(a.publicId).first()
    expect(JSON.stringify(row)).not.toContain(secretA.slice('scrn_sig_'.length, 20))
  })

  it('the secret needs a partner key (401) and a configured embed (404)', async () => {
    expect((await app.request('/api/partner/embed/signing-secret', { method: 'POST', headers: freshIp() }, env)).status).toBe(401)
    const lone = await issueTestKey(env.DB, 'screening', 'partner')
    const res = await signingSecret(lone.rawKey)
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('EMBED_NOT_CONFIGURED')
  })
})
