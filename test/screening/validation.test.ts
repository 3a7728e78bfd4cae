import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { isAdult, isRealDate } from '../../workers/screening/domain/screening/dates'
import { freshIp, postJson, screen, screeningBody, testApp } from './helpers'

const app = testApp()

function isoDaysFromToday(years: number, days: number): string {
  const now = new Date()
  const d = new Date(Date.UTC(now.getUTCFullYear() - years, now.getUTCMonth(), now.getUTCDate() + days))
  return d.toISOString().slice(0, 10)
}

type Case = [field: string, value: unknown, message: RegExp]

const BAD: Case[] = [
  ['email', undefined, /is required/],
  ['email', 'landlord-at-example.com', /valid e-mail/],
  ['email', 42, /must be a string/],
  ['applicantEmail', 'jordan@', /valid e-mail/],
  ['applicantEmail', '', /valid e-mail/],
  ['applicantDob', '12/04/1990', /YYYY-MM-DD/],
  ['applicantDob', '1990-02-30', /real calendar date/],
  ['applicantDob', '2023-13-01', /real calendar date/],
  ['applicantDob', '1899-12-31', /real calendar date/],
  ['applicantDob', '2999-01-01', /real calendar date/],
  ['applicantDob', isoDaysFromToday(18, 1), /at least 18/],
  ['applicantDob', isoDaysFromToday(10, 0), /at least 18/],
  ['applicantAddress', '   ', /must not be empty/],
  ['applicantAddress', 'x'.repeat(201), /at most 200/],
  ['applicantCity', undefined, /is required/],
  ['applicantState', 'ZZ', /two-letter USPS code/],
  ['applicantState', 'Texas', /two-letter USPS code/],
  ['applicantState', 'AE', /two-letter USPS code/],
  ['applicantPostalCode', '7870', /12345 or 12345-6789/],
  ['applicantPostalCode', '78701-12', /12345 or 12345-6789/],
  ['applicantPostalCode', 78701, /must be a string/],
  ['propertyAddress', undefined, /is required/],
  ['propertyCity', 'Austin\u0000', /control characters/],
  ['propertyPostalCode', 'ABCDE', /12345 or 12345-6789/],
  ['monthlyRent', 299, /at least 300/],
  ['monthlyRent', 1850.5, /whole number/],
  ['monthlyRent', '1850', /number of US dollars/],
  ['monthlyRent', undefined, /is required/],
  ['monthlyIncome', 999, /at least 1000/],
  ['monthlyIncome', -5000, /at least 1000/],
  ['monthlyIncome', 6200.25, /whole number/],
  ['propertyId', 'not-a-uuid', /must be a UUID/],
  ['propertyId', 12345, /must be a string/],
  ['applicantName', 'x'.repeat(121), /at most 120/],
]

describe('POST /api/free-screening validation', () => {
  for (const [field, value, message] of BAD) {
    it(`refuses ${field} = ${JSON.stringify(value)?.slice(0, 40)}`, async () => {
      const res = await screen(app, { [field]: value }, freshIp())
      expect(res.status).toBe(422)
      const body = (await res.json()) as { ok: boolean; code: string; error: string; issues: { path: string; message: string }[] }
      expect(body.ok).toBe(false)
      expect(body.code).toBe('VALIDATION_ERROR')
      // Exactly one clear issue, on that field.
      expect(body.issues).toHaveLength(1)
      expect(body.issues[0].path).toBe(field)
      expect(body.issues[0].message).toMatch(message)
      expect(body.error).toContain(field)
    })
  }

  it('reports one issue per bad field when several are bad', async () => {
    const res = await screen(app, { monthlyRent: 10, monthlyIncome: 10, applicantState: 'XX', propertyPostalCode: '1' }, freshIp())
    const body = (await res.json()) as { issues: { path: string }[] }
    expect(body.issues.map((i) => i.path).sort()).toEqual(['applicantState', 'monthlyIncome', 'monthlyRent', 'propertyPostalCode'])
  })

  it('accepts the edge values: minimums, ZIP+4, lower-case state codes, DC and territories, exactly 18 today', async () => {
    for (const [i, overrides] of [
      { monthlyRent: 300, monthlyIncome: 1000 },
      { applicantPostalCode: '78701-1234', propertyState: 'tx' },
      { applicantState: 'DC', propertyState: 'PR', propertyPostalCode: '00901' },
      { applicantState: 'GU', propertyState: 'VI' },
      { applicantDob: isoDaysFromToday(18, 0) },
      { applicantName: null, propertyId: null },
    ].entries()) {
      const res = await screen(app, { applicantEmail: `edge-${i}@example.com`, ...overrides }, freshIp())
      expect(res.status, JSON.stringify(overrides)).toBe(200)
    }
  })

  it('answers 400 INVALID_JSON with ok: false for a body that is not JSON', async () => {
    const res = await app.request(
      '/api/free-screening',
      { method: 'POST', headers: { 'content-type': 'application/json', ...freshIp() }, body: '{"email": ' },
      env
    )
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ ok: false, code: 'INVALID_JSON' })
  })

  it('answers 415 for another media type and 413 past 16 KiB', async () => {
    const form = await app.request(
      '/api/free-screening',
      { method: 'POST', headers: { 'content-type': 'text/plain', ...freshIp() }, body: JSON.stringify(screeningBody()) },
      env
    )
    expect(form.status).toBe(415)
    expect(await form.json()).toMatchObject({ ok: false, code: 'UNSUPPORTED_MEDIA_TYPE' })
    const big = await postJson(app, '/api/free-screening', screeningBody({ applicantName: 'x'.repeat(20_000) }), freshIp())
    expect(big.status).toBe(413)
    expect(await big.json()).toMatchObject({ ok: false, code: 'PAYLOAD_TOO_LARGE' })
  })

  it('answers 422 for a JSON body that is not an object', async () => {
    for (const body of [[], 'text', null, 7]) {
      const res = await postJson(app, '/api/free-screening', body, freshIp())
      expect(res.status).toBe(422)
      expect(await res.json()).toMatchObject({ ok: false, code: 'VALIDATION_ERROR' })
    }
  })
})

describe('date rules', () => {
  const now = new Date('2026-03-01T12:00:00Z')
  it('knows real dates', () => {
    expect(isRealDate('2024-02-29', now)).toBe(true)
    expect(isRealDate('2023-02-29', now)).toBe(false)
    expect(isRealDate('2026-03-02', now)).toBe(false)
  })
  it('turns 18 on the birthday; a 29 February child on 1 March of common years', () => {
    expect(isAdult('2008-03-01', now)).toBe(true)
    expect(isAdult('2008-03-02', now)).toBe(false)
    expect(isAdult('2008-02-29', new Date('2026-02-28T23:59:59Z'))).toBe(false)
    expect(isAdult('2008-02-29', now)).toBe(true)
  })
})
