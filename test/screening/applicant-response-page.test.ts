import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { replayFetcher } from '../../shared/http-fetcher'
import { issueTestKey } from '../helpers/keys'
import { pathOf, postJson, screen, testApp, type SentMail } from './helpers'

// Issue 34 §1/§3: the applicant's signed link opens an HTML page with the notice and a form
// (escaped, strict CSP, refusing cross-site posts) as well as the JSON API.
const PROVIDER = 'https://provider.test/v1/screenings'
const MAIL = 'https://mail.test/emails'
const mail: SentMail[] = []
const fetcher = replayFetcher([
  [
    PROVIDER,
    async (req) => {
      const body = (await req.json()) as { applicant: { email: string } }
      return {
        body: JSON.stringify({
          status: 'COMPLETE',
          reportId: `r-${body.applicant.email}`,
          sourceName: 'P',
          credit: { score: 702, keyFactors: [] },
          eviction: 'clear',
        }),
      }
    },
  ],
  [
    /^https:\/\/provider\.test\/v1\/screenings\/[^/]+\/criminal$/,
    async (req) => ({
      body: JSON.stringify({
        status: 'COMPLETE',
        reportId: decodeURIComponent(req.url.split('/').at(-2)!),
        sourceName: 'P',
        criminal: 'hit',
        records: [{ offence: 'Petit <b>larceny</b>', level: 'misdemeanor', disposition: 'conviction', date: '2024-04-01' }],
      }),
    }),
  ],
  [
    MAIL,
    async (req) => {
      mail.push((await req.json()) as SentMail)
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
const app = testApp({ fetcher, now: () => new Date('2026-05-01T12:00:00Z') })
const consent = { consent: { given_at: '2026-05-01T11:00:00Z', method: 'electronic_signature', text_version: 'v1' } }

async function noticeLink() {
  const headers = { 'x-api-key': (await issueTestKey(env.DB, 'screening', 'partner')).rawKey }
  const applicantEmail = `page-${crypto.randomUUID()}@example.com`
  const res = await screen(
    app,
    { ...consent, applicantEmail, propertyCity: 'Brooklyn', propertyState: 'NY', propertyPostalCode: '11201' },
    headers,
    bindings
  )
  const { screeningId } = (await res.json()) as { screeningId: string }
  const offer = await app.request(`/api/screenings/${screeningId}/conditional-offer`, { method: 'POST', headers }, bindings)
  expect(offer.status).toBeLessThan(300)
  const text = mail.find((m) => m.to === applicantEmail)!.text
  const page = /(\S+\/fair-chance\/respond\?token=\S+)/.exec(text)![1]
  return { headers, screeningId, page, token: new URL(page).searchParams.get('token')! }
}

function post(fields: Record<string, string>, site: string | null = 'same-origin') {
  return app.request(
    '/fair-chance/respond',
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...(site ? { 'sec-fetch-site': site } : {}) },
      body: new URLSearchParams(fields).toString(),
    },
    bindings
  )
}

describe('the applicant response page', () => {
  it('shows the notice escaped under a strict CSP, and a form whose answer the landlord then sees', async () => {
    const { headers, screeningId, page, token } = await noticeLink()
    const res = await app.request(pathOf(page), {}, bindings)
    expect(res.status).toBe(200)
    const html = await res.text()
    const csp = res.headers.get('content-security-policy')!
    expect(csp).toContain("default-src 'none'")
    expect(csp).toContain("form-action 'self'")
    expect(csp).toContain("frame-ancestors 'none'")
    expect(html).not.toContain('<script')
    expect(html).toContain('Petit &lt;b&gt;larceny&lt;/b&gt;')
    expect(html).toContain('<form method="post" action="/fair-chance/respond">')
    expect(html).toContain('2026-05-08')

    const sent = await post({ token, statement: 'I have <worked> two years.', kind: 'rehabilitation', description: 'Employer letter' })
    expect(sent.status).toBe(200)
    expect(await sent.text()).toContain('Answer sent')
    const state = (await (await app.request(`/api/screenings/${screeningId}/fair-chance`, { headers }, bindings)).json()) as {
      applicantResponses: { statement: string; evidence: { kind: string }[] }[]
    }
    expect(JSON.stringify(state)).toContain('I have <worked> two years.')
    expect(JSON.stringify(state)).toContain('rehabilitation')
  })

  it('refuses a cross-site post, a missing statement, and a bad or foreign token, with a page', async () => {
    const { token, screeningId, headers } = await noticeLink()
    expect((await post({ token, statement: 'x' }, 'cross-site')).status).toBe(403)
    expect((await post({ token, statement: 'x' }, 'same-site')).status).toBe(403)
    const empty = await post({ token, statement: '  ', description: '<img src=x>' })
    expect(empty.status).toBe(422)
    const emptyHtml = await empty.text()
    expect(emptyHtml).toContain('Write your statement')
    expect(emptyHtml).toContain('&lt;img src=x&gt;')
    expect((await post({ token, statement: 'x', kind: 'bribe', description: 'y' })).status).toBe(422)
    const bad = await post({ token: `${token.slice(0, -2)}xx`, statement: 'x' })
    expect(bad.status).toBe(401)
    expect(bad.headers.get('content-type')).toContain('text/html')
    expect((await app.request('/fair-chance/respond?token=nope', {}, bindings)).status).toBe(401)
    const state = (await (await app.request(`/api/screenings/${screeningId}/fair-chance`, { headers }, bindings)).json()) as {
      applicantResponses: unknown[]
    }
    expect(state.applicantResponses).toEqual([])
    // The JSON API answers the same link too.
    const api = await postJson(app, `/api/fair-chance/response?token=${token}`, { statement: 'By API.' }, {}, bindings)
    expect(api.status).toBe(201)
  })
})
