import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { issueTestKey } from '../helpers/keys'
import * as store from '../../workers/screening/store'
import { freshIp, linksIn, mailApi, pathOf, screen, testApp } from './helpers'

// Issue 12, section 1: every access rule tried the way an outsider would.

type Envelope = {
  ok: boolean
  existingRequest: boolean
  screeningId: string
  propertyId: string
  message: string
  result: Record<string, unknown> | null
}

const partnerKey = async () => ({ 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey })
const get = (app: ReturnType<typeof testApp>, path: string, headers: Record<string, string> = {}, bindings: object = env) =>
  app.request(path, { headers: { ...freshIp(), ...headers } }, bindings)

describe('the attack from the issue: a differently spelled address, then the ranking without a key', () => {
  it('gives the outsider only its own result and the ranking nothing', async () => {
    const mail = mailApi()
    const app = testApp({ fetcher: mail.fetcher })
    const landlord = {
      email: 'victim-landlord@example.com',
      propertyAddress: '1200 North Congress Avenue Apartment 5',
      propertyPostalCode: '78701',
    }
    const victim = (await (
      await screen(
        app,
        { ...landlord, applicantEmail: 'victim-applicant@example.com', applicantName: 'Victim Applicant' },
        freshIp(),
        mail.bindings
      )
    ).json()) as Envelope
    // The outsider knows the landlord's e-mail and the listing address, spelled its own way.
    const outsider = (await (
      await screen(
        app,
        {
          ...landlord,
          propertyAddress: '1200 N. Congress Ave #5',
          propertyPostalCode: '78701-1234',
          applicantEmail: 'outsider@example.com',
        },
        freshIp(),
        mail.bindings
      )
    ).json()) as Envelope
    expect(outsider.propertyId).toBe(victim.propertyId) // same owner (that e-mail), same normalised address
    expect(JSON.stringify(outsider)).not.toContain('victim-applicant')
    expect(JSON.stringify(outsider)).not.toContain('Victim Applicant')

    for (const headers of [{}, await partnerKey(), { 'x-api-key': 'scrn_live_' + 'A'.repeat(32) }]) {
      const ranking = await get(app, `/api/properties/${victim.propertyId}/applicants`, headers, mail.bindings)
      expect(ranking.status).toBe(404)
      const body = await ranking.json()
      expect(body).toMatchObject({ ok: false, code: 'PROPERTY_NOT_FOUND' })
      expect(JSON.stringify(body)).not.toContain('victim')
    }
    // Every result e-mail went to the landlord and nobody else.
    expect(mail.sent.map((m) => m.to)).toEqual(['victim-landlord@example.com', 'victim-landlord@example.com'])
  })

  it("never matches another owner's property, however the address is written", async () => {
    const app = testApp()
    const a = (await (
      await screen(
        app,
        { email: 'owner-a@example.com', applicantEmail: 'x1@example.com', propertyAddress: '9 Elm Street Unit 3' },
        freshIp()
      )
    ).json()) as Envelope
    const b = (await (
      await screen(app, { email: 'owner-b@example.com', applicantEmail: 'x2@example.com', propertyAddress: '9 Elm St #3' }, freshIp())
    ).json()) as Envelope
    const p = (await (
      await screen(
        app,
        { email: 'owner-a@example.com', applicantEmail: 'x3@example.com', propertyAddress: '9 Elm St Apt 3' },
        await partnerKey()
      )
    ).json()) as Envelope
    const again = (await (
      await screen(app, { email: 'OWNER-A@example.com', applicantEmail: 'x4@example.com', propertyAddress: '9 elm st. apt. 3' }, freshIp())
    ).json()) as Envelope
    expect(new Set([a.propertyId, b.propertyId, p.propertyId]).size).toBe(3)
    expect(again.propertyId).toBe(a.propertyId)
  })
})

describe("a partner's properties and screenings", () => {
  it('are invisible to another partner, to no key and to a guessed id (404, no hint)', async () => {
    const app = testApp()
    const owner = await partnerKey()
    const other = await partnerKey()
    const s = (await (await screen(app, { applicantEmail: 'owned@example.com' }, owner)).json()) as Envelope
    expect((await get(app, `/api/properties/${s.propertyId}/applicants`, owner)).status).toBe(200)
    const one = await get(app, `/api/screenings/${s.screeningId}`, owner)
    expect(one.status).toBe(200)
    expect(await one.json()).toMatchObject({
      ok: true,
      screeningId: s.screeningId,
      propertyId: s.propertyId,
      applicantEmail: 'owned@example.com',
      result: s.result,
    })

    const unknown = crypto.randomUUID()
    const attempts: [string, Record<string, string>][] = [
      [`/api/properties/${s.propertyId}/applicants`, other],
      [`/api/properties/${s.propertyId}/applicants`, {}],
      [`/api/screenings/${s.screeningId}`, other],
      [`/api/screenings/${s.screeningId}`, {}],
      [`/api/screenings/${unknown}`, owner],
      [`/api/properties/${unknown}/applicants`, owner],
    ]
    const bodies: string[] = []
    for (const [path, headers] of attempts) {
      const res = await get(app, path, headers)
      expect(res.status, path).toBe(404)
      bodies.push(JSON.stringify(await res.json()))
    }
    // An existing and a missing id answer alike: the body is no oracle.
    expect(bodies[0]).toBe(bodies[5])
    expect(bodies[2]).toBe(bodies[4])
  })

  it('cannot be squatted: an id taken first by someone else stays the partner’s own', async () => {
    const app = testApp()
    const partner = await partnerKey()
    const id = crypto.randomUUID()
    // An anonymous caller and another partner use the id first.
    const squat = (await (
      await screen(app, { propertyId: id, applicantEmail: 'squatter@example.com', email: 'squatter@example.com' }, freshIp())
    ).json()) as Envelope
    const rival = (await (
      await screen(app, { propertyId: id, applicantEmail: 'rival@example.com' }, await partnerKey())
    ).json()) as Envelope
    expect([squat.propertyId, rival.propertyId]).toEqual([id, id])
    const mine = await screen(app, { propertyId: id, applicantEmail: 'real-applicant@example.com' }, partner)
    expect(mine.status).toBe(200)
    const ranking = (await (await get(app, `/api/properties/${id}/applicants`, partner)).json()) as {
      applicants: { applicantEmail: string }[]
    }
    expect(ranking.applicants.map((a) => a.applicantEmail)).toEqual(['real-applicant@example.com'])
  })

  it('returns the saved result of a repeat only to the owning key', async () => {
    const app = testApp()
    const owner = await partnerKey()
    const first = (await (await screen(app, { applicantEmail: 'rep@example.com' }, owner)).json()) as Envelope
    const stranger = (await (
      await screen(app, { applicantEmail: 'rep@example.com', propertyId: first.propertyId }, await partnerKey())
    ).json()) as Envelope
    // The stranger's request is its own new screening in its own namespace, not the saved one.
    expect(stranger.existingRequest).toBe(false)
    expect(stranger.screeningId).not.toBe(first.screeningId)
  })
})

describe('capability links (anonymous properties)', () => {
  async function screenedWithLink() {
    const mail = mailApi()
    const app = testApp({ fetcher: mail.fetcher })
    const email = `link-${crypto.randomUUID()}@example.com`
    const s = (await (
      await screen(app, { email, applicantEmail: 'link-applicant@example.com' }, freshIp(), mail.bindings)
    ).json()) as Envelope
    expect(mail.sent).toHaveLength(1)
    expect(mail.sent[0].to).toBe(email)
    return { app, mail, s, links: linksIn(mail.sent[0]) }
  }

  it('opens the ranking and the result for the landlord who received it', async () => {
    const { app, mail, s, links } = await screenedWithLink()
    expect(links.property.startsWith(`${env.BASE_URL}/api/properties/${s.propertyId}/applicants?token=`)).toBe(true)
    const ranking = await get(app, pathOf(links.property), {}, mail.bindings)
    expect(ranking.status).toBe(200)
    expect(await ranking.json()).toMatchObject({
      ok: true,
      count: 1,
      applicants: [{ screeningId: s.screeningId, applicantEmail: 'link-applicant@example.com' }],
    })
    const one = await get(app, pathOf(links.screening), {}, mail.bindings)
    expect(one.status).toBe(200)
    expect(await one.json()).toMatchObject({ screeningId: s.screeningId, result: s.result })
  })

  it('opens nothing else: another property, another screening, a changed or foreign token', async () => {
    const first = await screenedWithLink()
    const second = await screenedWithLink()
    const { app, mail } = first
    const token = first.links.token
    const foreign = [
      `/api/properties/${second.s.propertyId}/applicants?token=${token}`,
      `/api/screenings/${second.s.screeningId}?token=${token}`,
    ]
    for (const path of foreign) expect((await get(app, path, {}, mail.bindings)).status, path).toBe(404)

    const [id, sig] = token.split('.')
    const flipped = sig[0] === 'A' ? 'B' + sig.slice(1) : 'A' + sig.slice(1)
    for (const bad of [`${id}.${flipped}`, `${second.links.token.split('.')[0]}.${sig}`, 'x', `${'0'.repeat(32)}.${sig}`]) {
      const res = await get(app, `/api/properties/${first.s.propertyId}/applicants?token=${encodeURIComponent(bad)}`, {}, mail.bindings)
      expect(res.status, bad).toBe(401)
      expect(await res.json()).toMatchObject({ ok: false, code: 'LINK_INVALID' })
    }
  })

  it('expires, and can be revoked by its holder', async () => {
    const { mail, s, links } = await screenedWithLink()
    const later = testApp({ fetcher: mail.fetcher, now: () => new Date(Date.now() + 31 * 86_400_000) })
    const expired = await get(later, pathOf(links.property), {}, mail.bindings)
    expect(expired.status).toBe(410)
    expect(await expired.json()).toMatchObject({ ok: false, code: 'LINK_EXPIRED' })

    const app = testApp({ fetcher: mail.fetcher })
    const revoke = () =>
      app.request(
        '/api/links/revoke',
        { method: 'POST', headers: { 'content-type': 'application/json', ...freshIp() }, body: JSON.stringify({ token: links.token }) },
        mail.bindings
      )
    expect((await revoke()).status).toBe(200)
    expect((await revoke()).status).toBe(200)
    const revoked = await get(app, pathOf(links.screening), {}, mail.bindings)
    expect(revoked.status).toBe(410)
    expect(await revoked.json()).toMatchObject({ ok: false, code: 'LINK_REVOKED' })
    expect(s.screeningId).toMatch(/^[0-9a-f-]{36}$/)
  })

  it('is refused by a service without LINK_SIGNING_SECRET, which then screens nobody without a key', async () => {
    const app = testApp()
    const res = await screen(app, { applicantEmail: 'nosecret@example.com' }, freshIp(), { ...env, LINK_SIGNING_SECRET: '' })
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ ok: false, code: 'NOT_CONFIGURED' })
  })
})

describe('mock mode', () => {
  it('is used only with SCREENING_MODE=mock; otherwise nothing is scored or saved (503)', async () => {
    const app = testApp()
    const key = await issueTestKey(env.DB, 'screening', 'partner')
    const propertyId = crypto.randomUUID()
    const res = await screen(
      app,
      { applicantEmail: 'nomode@example.com', propertyId },
      { 'x-api-key': key.rawKey },
      { ...env, SCREENING_MODE: undefined }
    )
    expect(res.status).toBe(503)
    expect(await res.json()).toMatchObject({ ok: false, code: 'PROVIDER_NOT_CONFIGURED' })
    const property = await store.findOwnedProperty(env.DB, `partner:${key.id}`, propertyId)
    expect(property ? await store.rankApplicants(env.DB, property.id) : []).toEqual([])
  })
})
