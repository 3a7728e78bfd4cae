import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { respondBy } from '../../workers/screening/domain/fair-chance/deadline'
import { federalHolidays } from '../../workers/screening/domain/fair-chance/holidays'
import { issueTestKey } from '../helpers/keys'
import { pathOf, postJson, screen, testApp, type SentMail } from './helpers'

// Issue 34 §1: two-step screening. The first provider request never asks for criminal records;
// after a conditional offer they are requested on their own (never where the law forbids it),
// the applicant is sent them with a deadline and a signed link, and a denial on them needs an
// individualized assessment first.

const PROVIDER = 'https://provider.test/v1/screenings'
const MAIL = 'https://mail.test/emails'

type Seen = { firstBodies: Record<string, unknown>[]; criminalCalls: { url: string; body: any }[]; mail: SentMail[] }

/**
 * A provider that, like a careless real one, puts a criminal flag in every first answer; its
 * criminal endpoint answers from the tag before "@" in the report id: `crim-hit` a misdemeanor
 * conviction 2 years back and an arrest; `crim-old` a conviction 6 years back; anything else clear.
 */
function world() {
  const seen: Seen = { firstBodies: [], criminalCalls: [], mail: [] }
  const fetcher = replayFetcher([
    [
      PROVIDER,
      async (req) => {
        const body = (await req.json()) as { applicant: { email: string } }
        seen.firstBodies.push(body as Record<string, unknown>)
        return {
          body: JSON.stringify({
            status: 'COMPLETE',
            reportId: `r-${body.applicant.email}`,
            sourceName: 'Fake Provider',
            credit: { score: 702, keyFactors: [] },
            eviction: 'clear',
            criminal: 'hit',
            riskScore: { value: 610 },
          }),
        }
      },
    ],
    [
      /^https:\/\/provider\.test\/v1\/screenings\/[^/]+\/criminal$/,
      async (req) => {
        const body = await req.json()
        seen.criminalCalls.push({ url: req.url, body })
        const id = decodeURIComponent(req.url.split('/').at(-2)!)
        const records = id.includes('crim-hit')
          ? [
              { offence: 'Petit larceny', level: 'misdemeanor', disposition: 'conviction', date: '2024-04-01' },
              { offence: 'Trespass', level: 'misdemeanor', disposition: 'arrest_no_conviction', date: '2025-01-10' },
            ]
          : id.includes('crim-old')
            ? [{ offence: 'Burglary', level: 'felony', disposition: 'conviction', date: '2020-03-01', releasedOn: '2020-06-01' }]
            : []
        return {
          body: JSON.stringify({
            status: 'COMPLETE',
            reportId: id,
            sourceName: 'Fake Provider',
            criminal: records.length ? 'hit' : 'clear',
            records,
          }),
        }
      },
    ],
    [
      MAIL,
      async (req) => {
        seen.mail.push((await req.json()) as SentMail)
        return { body: '{"id":"m"}' }
      },
    ],
  ])
  const bindings = {
    ...env,
    SCREENING_PROVIDER_URL: PROVIDER,
    SCREENING_PROVIDER_API_KEY: 'k',
    EMAIL_FROM: 'VetScore <results@vetscore.test>',
    EMAIL_API_URL: MAIL,
    EMAIL_API_KEY: 're_test',
  }
  const clock = { now: new Date('2026-05-01T12:00:00Z') } // a Friday
  const app = testApp({ fetcher, now: () => clock.now })
  return { seen, bindings, clock, app }
}

const consent = { consent: { given_at: '2026-05-01T11:00:00Z', method: 'electronic_signature', text_version: 'v1' } }
let seq = 0

async function screened(w: ReturnType<typeof world>, place: { city: string; state: string; zip: string }, tag = 'crim-hit') {
  const headers = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
  const applicantEmail = `${tag}-${++seq}@example.com`
  const res = await screen(
    w.app,
    { ...consent, applicantEmail, propertyCity: place.city, propertyState: place.state, propertyPostalCode: place.zip },
    headers,
    w.bindings
  )
  expect(res.status).toBe(200)
  const { screeningId } = (await res.json()) as { screeningId: string }
  return { headers, screeningId, applicantEmail }
}

const row = (id: string) =>
  env.DB.prepare('SELECT criminal_finding, report_json, conditional_offer_at FROM screenings WHERE id = ?')
    .bind(id)
    .first<{ criminal_finding: string | null; report_json: string; conditional_offer_at: string | null }>()
const checkRow = (id: string) =>
  env.DB.prepare('SELECT * FROM criminal_checks WHERE screening_id = ?').bind(id).first<Record<string, any>>()

describe('step one: no criminal records are requested or stored before a conditional offer', () => {
  it.each([
    ['Brooklyn', 'NY', '11201'],
    ['Chicago', 'IL', '60601'],
    ['Newark', 'NJ', '07102'],
    ['Washington', 'DC', '20001'],
    ['Sacramento', 'CA', '95814'],
    ['Los Angeles', 'CA', '90012'],
    ['Seattle', 'WA', '98101'],
    ['Oakland', 'CA', '94612'],
    ['Austin', 'TX', '78704'],
  ])('%s, %s: the request asks for credit and eviction only, and D1 holds no criminal data', async (city, state, zip) => {
    const w = world()
    const { screeningId } = await screened(w, { city, state, zip })
    expect(w.seen.firstBodies).toHaveLength(1)
    expect(w.seen.firstBodies[0].sections).toEqual(['credit', 'eviction'])
    expect(w.seen.criminalCalls).toHaveLength(0)
    const stored = (await row(screeningId))!
    expect(stored.criminal_finding).toBeNull()
    expect(stored.report_json).not.toMatch(/criminal/i) // the provider's stray `criminal: "hit"` was dropped unread
    expect(await checkRow(screeningId)).toBeNull()
  })
})

describe('step two, per jurisdiction', () => {
  // respondBy from a notice sent Friday 2026-05-01: business days skip weekends and federal holidays.
  it.each([
    ['Brooklyn', 'NY', '11201', 'nyc', 5, 'business', '2026-05-08'],
    ['Chicago', 'IL', '60601', 'cook-county', 5, 'business', '2026-05-08'],
    ['Newark', 'NJ', '07102', 'nj', 10, 'calendar', '2026-05-11'],
    ['Washington', 'DC', '20001', 'dc', 10, 'business', '2026-05-15'],
    ['San Francisco', 'CA', '94103', 'san-francisco', 14, 'calendar', '2026-05-15'],
    ['Sacramento', 'CA', '95814', 'california', 10, 'business', '2026-05-15'],
    ['Los Angeles', 'CA', '90012', 'california', 10, 'business', '2026-05-15'],
    ['Detroit', 'MI', '48226', 'detroit', 10, 'business', '2026-05-15'],
    ['Portland', 'OR', '97204', 'portland-or', 10, 'business', '2026-05-15'],
    ['Minneapolis', 'MN', '55401', 'minneapolis', 10, 'business', '2026-05-15'],
    ['Austin', 'TX', '78704', null, 10, 'business', '2026-05-15'],
  ])('%s, %s (%s): rule %s, %i %s days to answer (until %s)', async (city, state, zip, ruleId, days, unit, until) => {
    const w = world()
    const { headers, screeningId, applicantEmail } = await screened(w, { city, state, zip })
    const res = await w.app.request(`/api/screenings/${screeningId}/conditional-offer`, { method: 'POST', headers }, w.bindings)
    expect(res.status).toBe(200)
    const step = ((await res.json()) as { criminalScreening: any }).criminalScreening
    expect(step.status).toBe('completed')
    expect(step.rule?.id ?? null).toBe(ruleId)
    if (step.rule) expect(['verified', 'secondary', 'uncertain']).toContain(step.rule.confidence)
    expect(step.applicantNotice).toMatchObject({ respondBy: until, response: { days, unit } })
    if (ruleId === null || !['nyc', 'cook-county', 'nj', 'san-francisco'].includes(ruleId)) {
      expect(step.applicantNotice.response.confidence).toBe('service_policy')
    }
    expect(step.assessmentFactors.length).toBeGreaterThanOrEqual(6)
    expect(step.neverConsider.join(' ')).toMatch(/arrest/i)
    // One separate request, carrying the rule, to the report made in step one.
    expect(w.seen.criminalCalls).toHaveLength(1)
    expect(w.seen.criminalCalls[0].url).toBe(`${PROVIDER}/${encodeURIComponent(`r-${applicantEmail}`)}/criminal`)
    expect(w.seen.criminalCalls[0].body).toMatchObject({
      permissiblePurpose: 'tenant_screening',
      jurisdiction: ruleId ? { id: ruleId } : null,
    })
    // The arrest is never considered anywhere.
    expect(step.records.find((r: any) => r.disposition === 'arrest_no_conviction')).toMatchObject({ mayConsider: false })
    // The applicant got the notice, with a signed link, at their own address.
    const notice = w.seen.mail.find((m) => m.to === applicantEmail)!
    expect(notice.subject).toMatch(/criminal-history records/)
    expect(notice.text).toContain(`until ${until}`)
    expect(notice.text).toMatch(/Petit larceny/)
    if (city === 'Los Angeles') {
      expect(step.noRuleFound).toMatchObject([{ id: 'los-angeles' }])
      expect(step.noRuleFound[0].sourcesChecked.length).toBeGreaterThan(0)
    }
  })

  it.each([
    ['Seattle', 'WA', '98101', 'seattle'],
    ['Oakland', 'CA', '94612', 'oakland'],
    ['Berkeley', 'CA', '94704', 'berkeley'],
    ['Ann Arbor', 'MI', '48104', 'ann-arbor'],
  ])('%s, %s: criminal history is never requested, even after an offer (rule %s)', async (city, state, zip, ruleId) => {
    const w = world()
    const { headers, screeningId } = await screened(w, { city, state, zip })
    for (let i = 0; i < 2; i++) {
      const res = await w.app.request(`/api/screenings/${screeningId}/conditional-offer`, { method: 'POST', headers }, w.bindings)
      expect(res.status).toBe(200)
      expect(((await res.json()) as any).criminalScreening).toMatchObject({
        status: 'not_permitted',
        finding: null,
        records: [],
        applicantNotice: null,
        rule: { id: ruleId },
      })
    }
    expect(w.seen.criminalCalls).toHaveLength(0)
    expect(await checkRow(screeningId)).toMatchObject({ status: 'not_permitted', finding: null, records_json: null, notice_json: null })
    expect((await row(screeningId))!.criminal_finding).toBeNull()
    // Nothing to assess; a decision after the offer is not held up by a check that never happens.
    const assess = await postJson(
      w.app,
      `/api/screenings/${screeningId}/individualized-assessment`,
      { factors: {}, conclusion: 'withdraw_offer', explanation: 'x' },
      headers,
      w.bindings
    )
    expect(assess.status).toBe(409)
    expect(((await assess.json()) as any).code).toBe('CRIMINAL_HISTORY_NOT_PERMITTED')
  })

  it('marks records by the lookback of their class, counted from release where the rule says so', async () => {
    const w = world()
    const { headers, screeningId } = await screened(w, { city: 'Brooklyn', state: 'NY', zip: '11201' }, 'crim-old')
    const res = await w.app.request(`/api/screenings/${screeningId}/conditional-offer`, { method: 'POST', headers }, w.bindings)
    const step = ((await res.json()) as any).criminalScreening
    // A felony released 2020-06-01 is 5.9 years back on 2026-05-01: outside NYC's 5 years.
    expect(step.records).toMatchObject([{ offence: 'Burglary', mayConsider: false }])
    expect(step.records[0].why).toMatch(/5-year lookback.*since release/)
  })

  it('sends one criminal request however many offers arrive in parallel', async () => {
    const w = world()
    const { headers, screeningId } = await screened(w, { city: 'Chicago', state: 'IL', zip: '60601' })
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        w.app.request(`/api/screenings/${screeningId}/conditional-offer`, { method: 'POST', headers }, w.bindings)
      )
    )
    const statuses = answers.map((r) => r.status)
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true)
    expect(statuses).toContain(200)
    expect(w.seen.criminalCalls).toHaveLength(1)
    const again = await w.app.request(`/api/screenings/${screeningId}/conditional-offer`, { method: 'POST', headers }, w.bindings)
    expect(again.status).toBe(200)
    expect(w.seen.criminalCalls).toHaveLength(1)
  })
})

describe('the applicant notice, the assessment and the decision', () => {
  it('refuses a denial on the records until the applicant was heard and an assessment is recorded, and audits every step', async () => {
    const w = world()
    const { headers, screeningId, applicantEmail } = await screened(w, { city: 'Brooklyn', state: 'NY', zip: '11201' })
    const offer = await w.app.request(`/api/screenings/${screeningId}/conditional-offer`, { method: 'POST', headers }, w.bindings)
    const step = ((await offer.json()) as any).criminalScreening
    const deny = () => postJson(w.app, `/api/screenings/${screeningId}/decision`, { action: 'denied' }, headers, w.bindings)
    const factors = Object.fromEntries(step.assessmentFactors.map((f: { id: string }) => [f.id, 'Weighed: see explanation.']))
    const assess = (body: Record<string, unknown>) =>
      postJson(w.app, `/api/screenings/${screeningId}/individualized-assessment`, body, headers, w.bindings)
    const full = { factors, recordsRelied: [0], conclusion: 'withdraw_offer', explanation: 'A recent theft conviction.' }

    let res = await deny()
    expect(res.status).toBe(409)
    expect(((await res.json()) as any).code).toBe('ASSESSMENT_REQUIRED')
    res = await postJson(
      w.app,
      `/api/screenings/${screeningId}/decision`,
      { action: 'approved_with_conditions', conditions: { deposit: 3000 } },
      headers,
      w.bindings
    )
    expect(((await res.json()) as any).code).toBe('ASSESSMENT_REQUIRED')

    // Before the applicant answered and before the 5 business days ran out.
    res = await assess(full)
    expect(res.status).toBe(409)
    expect(await res.json()).toMatchObject({ code: 'RESPONSE_WINDOW_OPEN', respondBy: '2026-05-08' })

    // The applicant answers through the link in the notice (and only there).
    const mail = w.seen.mail.find((m) => m.to === applicantEmail)!
    const link = /(\S+\/api\/fair-chance\/notice\?token=\S+)/.exec(mail.text)![1]
    const token = new URL(link).searchParams.get('token')!
    const view = await w.app.request(pathOf(link), {}, w.bindings)
    expect(view.status).toBe(200)
    expect(await view.json()).toMatchObject({
      windowOpen: true,
      notice: { respondBy: '2026-05-08', records: [{ offence: 'Petit larceny' }, {}] },
    })
    const answer = {
      statement: 'I have worked at the same job for two years.',
      evidence: [{ kind: 'rehabilitation', description: 'Letter from my employer.' }],
    }
    res = await postJson(w.app, `/api/fair-chance/response?token=${token}`, answer, {}, w.bindings)
    expect(res.status).toBe(201)
    // The landlord's key cannot answer for the applicant; the applicant's link cannot decide.
    res = await postJson(w.app, '/api/fair-chance/response', answer, headers, w.bindings)
    expect(res.status).toBe(422)
    res = await postJson(w.app, `/api/screenings/${screeningId}/decision?token=${token}`, { action: 'approved' }, {}, w.bindings)
    expect(res.status).toBe(404)

    // The assessment must address every factor of the rule and rely only on considerable records.
    const { legitimate_business_interest: _, ...lacking } = factors
    res = await assess({ ...full, factors: lacking })
    expect(res.status).toBe(422)
    expect(await res.json()).toMatchObject({ code: 'ASSESSMENT_INCOMPLETE', issues: [{ path: 'factors.legitimate_business_interest' }] })
    res = await assess({ ...full, recordsRelied: [1] })
    expect(res.status).toBe(422)
    expect(((await res.json()) as any).code).toBe('RECORD_NOT_CONSIDERABLE')
    res = await assess(full)
    expect(res.status).toBe(201)
    expect((await assess(full)).status).toBe(409)

    res = await deny()
    expect(res.status).toBe(201)
    expect(await res.json()).toMatchObject({ action: 'denied', criminalHistoryAssessed: true })
    expect((await deny()).status).toBe(409)
    // After the decision the applicant can no longer answer.
    res = await postJson(w.app, `/api/fair-chance/response?token=${token}`, answer, {}, w.bindings)
    expect(((await res.json()) as any).code).toBe('RESPONSE_WINDOW_CLOSED')

    const state = (await (await w.app.request(`/api/screenings/${screeningId}/fair-chance`, { headers }, w.bindings)).json()) as any
    expect(state.applicantResponses).toMatchObject([{ response: answer }])
    expect(state.assessment.assessment).toMatchObject({ conclusion: 'withdraw_offer', applicantResponsesConsidered: [expect.any(String)] })
    expect(state.decision).toMatchObject({ action: 'denied' })

    const trail = (await (await w.app.request(`/api/screenings/${screeningId}/audit`, { headers }, w.bindings)).json()) as {
      entries?: { action: string }[]
      audit?: { action: string }[]
    }
    const actions = (trail.entries ?? trail.audit ?? []).map((e) => e.action)
    expect(actions).toEqual(
      expect.arrayContaining([
        'conditional_offer',
        'criminal_check_requested',
        'criminal_records_received',
        'applicant_notice',
        'applicant_response',
        'individualized_assessment',
        'decision_denied',
      ])
    )
  })

  it('lets the landlord assess once the window closed without an answer', async () => {
    const w = world()
    const { headers, screeningId } = await screened(w, { city: 'Chicago', state: 'IL', zip: '60601' })
    const step = (
      (await (
        await w.app.request(`/api/screenings/${screeningId}/conditional-offer`, { method: 'POST', headers }, w.bindings)
      ).json()) as any
    ).criminalScreening
    const factors = Object.fromEntries(step.assessmentFactors.map((f: { id: string }) => [f.id, 'Weighed.']))
    const body = { factors, recordsRelied: [], conclusion: 'offer_stands', explanation: 'Old and unrelated.' }
    w.clock.now = new Date('2026-05-09T11:59:00Z') // the last day (May 8) has not ended everywhere in the US
    let res = await postJson(w.app, `/api/screenings/${screeningId}/individualized-assessment`, body, headers, w.bindings)
    expect(res.status).toBe(409)
    w.clock.now = new Date('2026-05-09T12:00:00Z')
    res = await postJson(w.app, `/api/screenings/${screeningId}/individualized-assessment`, body, headers, w.bindings)
    expect(res.status).toBe(201)
    // The assessment said the offer stands: a denial now contradicts it.
    res = await postJson(w.app, `/api/screenings/${screeningId}/decision`, { action: 'denied' }, headers, w.bindings)
    expect(((await res.json()) as any).code).toBe('CONTRADICTS_ASSESSMENT')
    res = await postJson(w.app, `/api/screenings/${screeningId}/decision`, { action: 'approved' }, headers, w.bindings)
    expect(res.status).toBe(201)
  })

  it('keeps every step to the owner: another partner gets the same 404 as for a screening that does not exist', async () => {
    const w = world()
    const { screeningId } = await screened(w, { city: 'Brooklyn', state: 'NY', zip: '11201' })
    const other = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
    for (const id of [screeningId, crypto.randomUUID()]) {
      const answers = [
        await w.app.request(`/api/screenings/${id}/conditional-offer`, { method: 'POST', headers: other }, w.bindings),
        await postJson(w.app, `/api/screenings/${id}/decision`, { action: 'denied' }, other, w.bindings),
        await postJson(
          w.app,
          `/api/screenings/${id}/individualized-assessment`,
          { factors: {}, conclusion: 'offer_stands', explanation: 'x' },
          other,
          w.bindings
        ),
        await w.app.request(`/api/screenings/${id}/fair-chance`, { headers: other }, w.bindings),
      ]
      for (const r of answers) expect(await r.json()).toMatchObject({ ok: false, code: 'SCREENING_NOT_FOUND' })
    }
    expect(w.seen.criminalCalls).toHaveLength(0)
  })

  it('checks decisions: conditions only with approved_with_conditions, and at least one', async () => {
    const w = world()
    const { headers, screeningId } = await screened(w, { city: 'Austin', state: 'TX', zip: '78704' })
    const post = (body: unknown) => postJson(w.app, `/api/screenings/${screeningId}/decision`, body, headers, w.bindings)
    expect(((await (await post({ action: 'approved_with_conditions' })).json()) as any).code).toBe('INVALID_CONDITIONS')
    expect(((await (await post({ action: 'denied', conditions: { cosigner: true } })).json()) as any).code).toBe('INVALID_CONDITIONS')
    expect((await post({ action: 'maybe' })).status).toBe(422)
    expect((await post({ action: 'approved_with_conditions', conditions: { cosigner: true, rent: 2100 } })).status).toBe(201)
  })
})

describe('deadlines', () => {
  it('counts business days past weekends and observed federal holidays (5 U.S.C. 6103)', () => {
    expect(respondBy('2026-11-20', { days: 5, unit: 'business' })).toBe('2026-11-30') // Thanksgiving 11-26
    expect(respondBy('2026-12-31', { days: 1, unit: 'business' })).toBe('2027-01-04') // New Year's Day, then a weekend
    expect(respondBy('2026-07-01', { days: 10, unit: 'calendar' })).toBe('2026-07-13') // 07-11 is a Saturday
    expect(federalHolidays(2026)).toContain('2026-07-03') // July 4 on a Saturday
    expect(federalHolidays(2027)).toContain('2027-12-31') // New Year's Day 2028 on a Saturday
    expect(federalHolidays(2027)).toContain('2027-06-18')
    expect(federalHolidays(2026).size).toBe(11)
  })
})
