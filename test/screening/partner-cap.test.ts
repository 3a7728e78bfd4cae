import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { issueTestKey } from '../helpers/keys'
import { screen, testApp } from './helpers'

// Issue 34 §5: a partner's daily cap on new screenings, set by the partner, exact under
// parallel requests; repeats are not new screenings and another partner is not affected.

const app = testApp({ now: () => new Date('2026-06-01T10:00:00Z') })

async function partner() {
  const key = await issueTestKey(env.DB, 'screening', 'partner')
  return { 'x-api-key': key.rawKey, id: key.id }
}

const setCap = (headers: Record<string, string>, dailyScreeningCap: unknown) =>
  app.request(
    '/api/partner/screening-cap',
    { method: 'PUT', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify({ dailyScreeningCap }) },
    env
  )

describe('per-partner daily screening cap', () => {
  it('admits exactly the cap of parallel new screenings, then 429 with Retry-After until 00:00 UTC', async () => {
    const headers = await partner()
    expect((await setCap(headers, 3)).status).toBe(200)
    const answers = await Promise.all(Array.from({ length: 8 }, (_, i) => screen(app, { applicantEmail: `cap-${i}@example.com` }, headers)))
    const statuses = answers.map((r) => r.status).sort()
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429, 429, 429])
    const refused = answers.find((r) => r.status === 429)!
    expect(refused.headers.get('retry-after')).toBe(String(14 * 3600))
    expect(await refused.json()).toMatchObject({ ok: false, code: 'PARTNER_DAILY_CAP_REACHED' })
    const rows = await env.DB.prepare(
      "SELECT count(*) AS n FROM screenings WHERE applicant_email LIKE 'cap-%@example.com' AND partner_key_id IS NOT NULL"
    ).first<number>('n')
    expect(rows).toBe(3)

    // A repeat of an admitted applicant is not a new screening: it still answers.
    const admitted = await env.DB.prepare('SELECT applicant_email FROM screenings WHERE partner_key_id = ? LIMIT 1')
      .bind(headers.id)
      .first<string>('applicant_email')
    const repeat = await screen(app, { applicantEmail: admitted }, headers)
    expect(repeat.status).toBe(200)
    expect(await repeat.json()).toMatchObject({ existingRequest: true })
    const state = (await (await app.request('/api/partner/screening-cap', { headers }, env)).json()) as Record<string, unknown>
    expect(state).toMatchObject({ dailyScreeningCap: 3, isDefault: false, screenedToday: 3 })

    // Another partner keeps its own (default) cap.
    const other = await partner()
    expect((await screen(app, { applicantEmail: 'cap-0@example.com' }, other)).status).toBe(200)
  })

  it('stops new screenings at 0, and refuses a cap that is not a whole number in range or without a key', async () => {
    const headers = await partner()
    expect((await setCap(headers, 0)).status).toBe(200)
    expect((await screen(app, { applicantEmail: 'zero@example.com' }, headers)).status).toBe(429)
    expect((await setCap(headers, -1)).status).toBe(422)
    expect((await setCap(headers, 1.5)).status).toBe(422)
    expect((await setCap(headers, 100_001)).status).toBe(422)
    expect((await setCap({}, 5)).status).toBe(401)
    expect((await setCap(headers, 1)).status).toBe(200)
    expect((await screen(app, { applicantEmail: 'zero@example.com' }, headers)).status).toBe(200)
  })
})
