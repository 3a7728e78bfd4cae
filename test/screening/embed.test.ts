import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { parseEmbedConfig } from '../../workers/screening/domain/embed/config'
import published from '../../workers/screening/index'
import { saveEmbedPartner } from '../../workers/screening/store'
import { gradeOurPage } from '../helpers/audit-grade'
import { issueTestKey } from '../helpers/keys'
import { freshIp, listing, putJson, screen, testApp } from './helpers'

const app = testApp()

/** A partner key, its embed configuration and one property it owns (created through the API). */
async function partnerWithProperty(origins: string[], extra: { color?: string; logoUrl?: string; returnUrl?: string; name?: string } = {}) {
  const key = await issueTestKey(env.DB, 'screening', 'partner')
  const publicId = await saveEmbedPartner(env.DB, key.id, parseEmbedConfig({ origins, ...extra }), new Date())
  const propertyId = crypto.randomUUID()
  const res = await screen(app, { propertyId, applicantEmail: `seed-${propertyId}@example.com` }, { 'x-api-key': key.rawKey, ...freshIp() })
  expect(res.status).toBe(200)
  // The listing's rent: what the embed scores (issue 34 §5).
  const listed = await putJson(app, `/api/properties/${propertyId}`, { ...listing, monthlyRent: 1850 }, { 'x-api-key': key.rawKey })
  expect(listed.status).toBe(200)
  return { key, publicId, propertyId }
}

function embedUrl(publicId: string, propertyId: string) {
  return `/embed/screening?partner=${publicId}&property=${propertyId}`
}

async function openForm(publicId: string, propertyId: string) {
  const res = await app.request(embedUrl(publicId, propertyId), { headers: freshIp() }, env)
  const page = await res.text()
  const token = /name="token" value="([^"]+)"/.exec(page)?.[1] ?? ''
  return { res, page, token }
}

const applicant = {
  applicantName: 'Robin Embed',
  applicantEmail: 'robin.embed@example.com',
  applicantDob: '1991-02-03',
  applicantAddress: '12 Oak St',
  applicantCity: 'Austin',
  applicantState: 'TX',
  applicantPostalCode: '78701',
  monthlyIncome: '6400',
  consent: 'yes',
}

async function submit(fields: Record<string, string>, headers: Record<string, string> = { 'sec-fetch-site': 'same-origin' }) {
  return app.request(
    '/embed/screening',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...freshIp(), ...headers },
      body: new URLSearchParams(fields).toString(),
    },
    env
  )
}

async function applicants(rawKey: string, propertyId: string) {
  const res = await app.request(`/api/properties/${propertyId}/applicants`, { headers: { 'x-api-key': rawKey } }, env)
  return ((await res.json()) as { applicants: { applicantEmail: string; screeningId: string }[] }).applicants
}

describe('embed page framing', () => {
  it("frame-ancestors lists exactly each partner's configured origins, and no X-Frame-Options contradicts it", async () => {
    const a = await partnerWithProperty(['https://app.partner-a.example', 'http://localhost:5173'])
    const b = await partnerWithProperty(['https://rentals.partner-b.example'])
    const pa = await openForm(a.publicId, a.propertyId)
    const pb = await openForm(b.publicId, b.propertyId)
    expect(pa.res.status).toBe(200)
    expect(pa.res.headers.get('content-security-policy')).toContain('frame-ancestors https://app.partner-a.example http://localhost:5173;')
    expect(pb.res.headers.get('content-security-policy')).toContain('frame-ancestors https://rentals.partner-b.example;')
    expect(pa.res.headers.get('content-security-policy')).toContain("script-src 'self'")
    expect(pa.res.headers.get('x-frame-options')).toBeNull()
    expect(pa.page).not.toContain('<script>')
  })

  it('an unknown or missing partner id gets a 404 page that nobody can frame', async () => {
    for (const q of ['?partner=emb_nope&property=x&rent=1000', '?property=x', '']) {
      const res = await app.request(`/embed/screening${q}`, { headers: freshIp() }, env)
      expect(res.status, q).toBe(404)
      expect(res.headers.get('content-type')).toContain('text/html')
      expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(res.headers.get('x-frame-options')).toBe('DENY')
      expect(await res.text()).not.toContain('<form')
    }
  })

  it('a revoked partner key makes its embed unknown', async () => {
    const a = await partnerWithProperty(['https://revoked.example'])
    await env.DB.prepare('UPDATE api_keys SET revoked_at = ? WHERE id = ?').bind(new Date().toISOString(), a.key.id).run()
    expect((await openForm(a.publicId, a.propertyId)).res.status).toBe(404)
  })

  it('partner colour and logo reach the page escaped and validated; bad values are refused at configuration', async () => {
    expect(() => parseEmbedConfig({ origins: ['https://x.example'], color: 'red;}body{display:none' })).toThrow(/hex colour/)
    expect(() => parseEmbedConfig({ origins: ['https://x.example'], logoUrl: 'javascript:alert(1)' })).toThrow(/https/)
    expect(() => parseEmbedConfig({ origins: ['https://x.example'], logoUrl: 'http://cdn.example/logo.png' })).toThrow(/https/)
    expect(() => parseEmbedConfig({ origins: ['*'] })).toThrow(/origin/)
    expect(() => parseEmbedConfig({ origins: ['https://x.example/path'] })).toThrow(/origin only/)
    expect(() => parseEmbedConfig({ origins: ['http://partner.example'] })).toThrow(/https/)
    expect(() => parseEmbedConfig({ origins: [] })).toThrow(/at least one/)
    const a = await partnerWithProperty(['https://brand.example'], {
      color: '#1A7F37',
      logoUrl: 'https://cdn.brand.example/l.png?a=1&b="x"',
      name: 'Rent <Co>',
    })
    const { res, page } = await openForm(a.publicId, a.propertyId)
    expect(page).toContain('--brand:#1a7f37')
    expect(page).toContain('Rent &lt;Co&gt;')
    expect(page).toContain('src="https://cdn.brand.example/l.png?a=1&amp;b=%22x%22"')
    expect(res.headers.get('content-security-policy')).toContain('img-src https://cdn.brand.example;')
  })
})

describe('embed screening flow', () => {
  it('screens the applicant onto the partner property; the partner (landlord app) sees it; no personal data on the outcome element', async () => {
    const a = await partnerWithProperty(['https://flow.example'], { returnUrl: 'https://flow.example/done' })
    const { token } = await openForm(a.publicId, a.propertyId)
    const res = await submit({ ...applicant, partner: a.publicId, property: a.propertyId, rent: '1850', token })
    const page = await res.text()
    expect(res.status).toBe(200)
    const outcome = /<main id="embed-outcome"[^>]*>/.exec(page)?.[0] ?? ''
    const screeningId = /data-screening-id="([^"]+)"/.exec(outcome)?.[1]
    expect(outcome).toContain('data-status="completed"')
    expect(outcome).toContain('data-origins="[&quot;https://flow.example&quot;]"')
    expect(outcome).not.toMatch(/robin|6400|78701|1991/i)
    expect(page).toContain('<script src="/embed/embed.js" defer></script>')
    expect(page).toContain(`href="https://flow.example/done?screening=${screeningId}&amp;status=completed"`)
    const listed = await applicants(a.key.rawKey, a.propertyId)
    expect(listed.find((x) => x.applicantEmail === 'robin.embed@example.com')?.screeningId).toBe(screeningId)
  })

  it('without consent nothing is screened and the error sits next to the checkbox', async () => {
    const a = await partnerWithProperty(['https://consent.example'])
    const { token } = await openForm(a.publicId, a.propertyId)
    const { consent: _omit, ...noConsent } = applicant
    const res = await submit({
      ...noConsent,
      applicantEmail: 'no-consent@example.com',
      partner: a.publicId,
      property: a.propertyId,
      rent: '1850',
      token,
    })
    expect(res.status).toBe(422)
    const page = await res.text()
    expect(page).toMatch(/id="f-consent"[^>]*aria-invalid="true" aria-describedby="f-consent-error"/)
    expect(page).toContain('<p class="error" id="f-consent-error">')
    expect(page).toContain('value="no-consent@example.com"')
    expect((await applicants(a.key.rawKey, a.propertyId)).some((x) => x.applicantEmail === 'no-consent@example.com')).toBe(false)
  })

  it('field errors are shown next to their fields', async () => {
    const a = await partnerWithProperty(['https://fields.example'])
    const { token } = await openForm(a.publicId, a.propertyId)
    const res = await submit({
      ...applicant,
      applicantEmail: 'not-an-email',
      monthlyIncome: 'lots',
      partner: a.publicId,
      property: a.propertyId,
      rent: '1850',
      token,
    })
    expect(res.status).toBe(422)
    const page = await res.text()
    expect(page).toMatch(/id="f-applicantEmail"[^>]*aria-describedby="f-applicantEmail-error" aria-invalid="true" autofocus/)
    expect(page).toContain('id="f-monthlyIncome-error"')
    expect(page).not.toContain('id="f-applicantName-error"')
  })

  it("a partner's page opens only that partner's own properties", async () => {
    const a = await partnerWithProperty(['https://owner-a.example'])
    const b = await partnerWithProperty(['https://owner-b.example'])
    // An anonymous (e-mail owned) property with a known id.
    const anon = crypto.randomUUID()
    expect((await screen(app, { propertyId: anon, applicantEmail: 'anon-seed@example.com' }, freshIp())).status).toBe(200)
    for (const property of [b.propertyId, anon, crypto.randomUUID()]) {
      const { res, page } = await openForm(a.publicId, property)
      expect(res.status).toBe(404)
      expect(page).not.toContain('<form')
    }
    // Nor can a form of A's page be pointed at B's property.
    const { token } = await openForm(a.publicId, a.propertyId)
    const res = await submit({
      ...applicant,
      applicantEmail: 'cross@example.com',
      partner: a.publicId,
      property: b.propertyId,
      rent: '1850',
      token,
    })
    expect(res.status).toBe(404)
    expect((await applicants(b.key.rawKey, b.propertyId)).some((x) => x.applicantEmail === 'cross@example.com')).toBe(false)
  })

  it('refuses a POST from another site (Fetch Metadata), with a tampered rent, or without our token', async () => {
    const a = await partnerWithProperty(['https://csrf.example'])
    const { token } = await openForm(a.publicId, a.propertyId)
    const fields = { ...applicant, applicantEmail: 'csrf@example.com', partner: a.publicId, property: a.propertyId, rent: '1850', token }
    expect((await submit(fields, { 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await submit(fields, { 'sec-fetch-site': 'same-site' })).status).toBe(403)
    expect((await submit({ ...fields, rent: '300' })).status).toBe(403)
    expect((await submit({ ...fields, token: '' })).status).toBe(403)
    expect((await submit({ ...fields, token: `${Date.now()}.AAAA` })).status).toBe(403)
    expect((await applicants(a.key.rawKey, a.propertyId)).some((x) => x.applicantEmail === 'csrf@example.com')).toBe(false)
  })

  it('the embed script is served from our origin as JavaScript', async () => {
    const res = await app.request('/embed/embed.js', {}, env)
    expect(res.headers.get('content-type')).toContain('text/javascript')
    expect(await res.text()).toContain('postMessage(message, origins[i])')
  })
})

it('the embed page passes our own audit rules with A+', async () => {
  const a = await partnerWithProperty(['https://graded-partner.example'], { color: '#1a7f37' })
  const report = await gradeOurPage(published, env as never, embedUrl(a.publicId, a.propertyId))
  expect(report.findings.filter((f) => !f.pass)).toEqual([])
  expect(report.score).toBe('A+')
})
