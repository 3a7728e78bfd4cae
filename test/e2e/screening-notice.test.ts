// The FCRA adverse-action notice page (GET /api/screenings/{id}/adverse-action-notice?format=html,
// docs/screening.md) as a landlord opens it: a landlord without a partner key screens an
// applicant with curl-like requests, gets the result e-mail, and opens the notice with the link's
// token in Chromium. The worker runs with a verified provider (a local server answering the
// documented protocol, docs/screening-provider.md) and the operator's agency settings
// (SCREENING_PROVIDER_NAME/_ADDRESS/_PHONE) passed as dev vars for this run only.
import { createServer, type IncomingMessage, type Server } from 'node:http'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startLocalWorker } from '../node/local-worker'
import { launch } from './browser'

const WORKER_PORT = 18875
const PROVIDER_PORT = 18877
const MAIL_PORT = 18878
const PROVIDER_KEY = 'e2e-provider-key'

// What the operator configures; markup in it must be shown as text.
const AGENCY = {
  name: 'Acme <Tenant> Data & Co',
  address: 'PO Box 105281, Atlanta, GA 30348-5281',
  phone: '1-800-555-0199',
}
// The applicant's name as the landlord typed it, and key factors as the provider sent them.
const APPLICANT = `Casey "O'Neil" <b>Rivera</b>`
const KEY_FACTORS = [
  'Serious delinquency',
  'Proportion of balances to credit limits is too high',
  'Balance <img src=x onerror="window.pwned=1"> & "limits"',
  'Number of recent inquiries',
]

let worker: { url: string; stop: () => void; persistTo: string }
let provider: Server
let mailbox: Server
let browser: Browser
const mails: Array<{ to: string; subject: string; text: string }> = []
const providerCalls: Array<{ auth: string | undefined; body: Record<string, unknown> }> = []

async function json(req: IncomingMessage): Promise<Record<string, unknown>> {
  let raw = ''
  for await (const chunk of req) raw += chunk
  return JSON.parse(raw || '{}')
}

function listen(server: Server, port: number): Promise<void> {
  return new Promise((resolve) => server.listen(port, '127.0.0.1', resolve))
}

beforeAll(async () => {
  // The verified provider, answering as docs/screening-provider.md documents.
  provider = createServer(async (req, res) => {
    providerCalls.push({ auth: req.headers.authorization, body: req.method === 'POST' ? await json(req) : {} })
    res.writeHead(req.headers.authorization === `Bearer ${PROVIDER_KEY}` ? 200 : 401, { 'content-type': 'application/json' })
    res.end(
      JSON.stringify({
        status: 'COMPLETE',
        reportId: 'rpt_e2e_1',
        sourceName: 'Acme Tenant Data',
        credit: { score: 540, keyFactors: KEY_FACTORS },
        eviction: 'clear',
        criminal: 'clear',
      })
    )
  })
  // The e-mail API (the Resend-style POST {from, to, subject, text} the worker speaks).
  mailbox = createServer(async (req, res) => {
    mails.push((await json(req)) as (typeof mails)[number])
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end('{"id":"m1"}')
  })
  await Promise.all([listen(provider, PROVIDER_PORT), listen(mailbox, MAIL_PORT)])
  worker = await startLocalWorker('screening', WORKER_PORT, {
    BASE_URL: `http://127.0.0.1:${WORKER_PORT}`,
    SCREENING_PROVIDER_URL: `http://127.0.0.1:${PROVIDER_PORT}/v1/screenings`,
    SCREENING_PROVIDER_API_KEY: PROVIDER_KEY,
    SCREENING_PROVIDER_NAME: AGENCY.name,
    SCREENING_PROVIDER_ADDRESS: AGENCY.address,
    SCREENING_PROVIDER_PHONE: AGENCY.phone,
    EMAIL_FROM: 'screening@example.com',
    EMAIL_API_URL: `http://127.0.0.1:${MAIL_PORT}/emails`,
    EMAIL_API_KEY: 'e2e-mail-key',
  })
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  provider?.close()
  mailbox?.close()
  worker?.stop()
})

it('the landlord opens the adverse-action notice from the e-mailed link: agency, rights and key factors shown, all escaped, CSP intact', async () => {
  // The landlord's request, as curl would send it: no key, only the JSON body.
  const created = await fetch(`${worker.url}/api/free-screening`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      email: 'landlord@example.com',
      applicantName: APPLICANT,
      applicantEmail: 'casey.rivera@example.com',
      applicantDob: '1990-04-12',
      applicantAddress: '500 W 2nd St Apt 1204',
      applicantCity: 'Austin',
      applicantState: 'TX',
      applicantPostalCode: '78701',
      propertyAddress: '1100 S Lamar Blvd Unit 2',
      propertyCity: 'Austin',
      propertyState: 'TX',
      propertyPostalCode: '78704',
      monthlyRent: 1850,
      monthlyIncome: 6200,
      consent: { given_at: '2026-05-01T09:58:00Z', method: 'electronic_signature', text_version: 'auth-2026-01' },
    }),
  })
  const body = (await created.json()) as { ok: boolean; screeningId: string; result: { verificationStatus: string } }
  expect(created.status, JSON.stringify(body)).toBe(200)
  expect(body.result.verificationStatus).toBe('verified')
  expect(providerCalls.length).toBe(1)

  // The result e-mail carries the landlord's own link to this screening.
  await expect.poll(() => mails.length, { timeout: 20_000 }).toBeGreaterThan(0)
  const mail = mails.find((m) => m.to === 'landlord@example.com')!
  expect(mail.subject).toBe('Your VetScore screening result')
  const link = /This result: (\S+)/.exec(mail.text)?.[1]
  expect(link, mail.text).toBeTruthy()
  const resultUrl = new URL(link!)
  expect(resultUrl.origin).toBe(worker.url)
  expect(resultUrl.pathname).toBe(`/api/screenings/${body.screeningId}`)
  // The notice states the action the landlord took (issue 34 §3), so the decision comes first,
  // through the same link's token.
  const decisionUrl = new URL(`${resultUrl.pathname}/decision`, worker.url)
  decisionUrl.searchParams.set('token', resultUrl.searchParams.get('token')!)
  const decided = await fetch(decisionUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{"action":"denied"}' })
  expect(decided.status, await decided.clone().text()).toBe(201)
  const noticeUrl = new URL(`${resultUrl.pathname}/adverse-action-notice`, worker.url)
  noticeUrl.searchParams.set('token', resultUrl.searchParams.get('token')!)
  noticeUrl.searchParams.set('format', 'html')

  const page = await browser.newPage()
  page.setDefaultTimeout(8000)
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy|Refused/i.test(m.text())) violations.push(m.text())
  })
  page.on('pageerror', (e) => violations.push(`pageerror: ${e.message}`))
  const res = await page.goto(noticeUrl.toString())
  expect(res?.status()).toBe(200)
  expect(res?.headers()['content-type']).toContain('text/html')
  expect(res?.headers()['content-security-policy']).toContain("default-src 'none'")

  await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Notice of adverse action')
  const text = (await page.locator('main').innerText()).replace(/\s+/g, ' ')
  expect(text).not.toContain('SIMULATED')

  // Who the applicant is and where, exactly as typed.
  expect(text).toContain(`To: ${APPLICANT}`)
  expect(text).toContain('Property: 1100 S Lamar Blvd Unit 2, Austin, TX 78704')

  // The consumer reporting agency, from the operator's settings (FCRA § 615(a)(3)).
  const agency = page.getByRole('heading', { name: 'The consumer reporting agency' }).locator('xpath=following-sibling::p[1]')
  expect((await agency.innerText()).split('\n')).toEqual([AGENCY.name, AGENCY.address, `Toll-free: ${AGENCY.phone}`])
  expect(text).toContain(`${AGENCY.name} did not make this decision and is unable to provide you the specific reasons why it was made.`)

  // The applicant's rights (§ 615(a)(3)(A), (B)).
  expect(await page.getByRole('heading', { name: 'Your rights' }).count()).toBe(1)
  expect(text).toContain(
    `You have the right to obtain a free copy of your consumer report from ${AGENCY.name} if you request it within 60 days of receiving this notice`
  )
  expect(text).toContain(`You have the right to dispute directly with ${AGENCY.name} the accuracy or completeness of any information`)

  // The credit score disclosure with the key factors in the provider's order (§ 609(f)).
  expect(text).toContain(`Your credit score: 540 (scores range from 300 to 850)`)
  expect(text).toContain(`provided by ${AGENCY.name}`)
  expect(await page.locator('main ol > li').allInnerTexts()).toEqual(KEY_FACTORS)
  expect(text).toContain('The number of inquiries was a key factor.')

  // Nothing the applicant, the provider or the operator sent became markup.
  expect(await page.locator('main b, main img, script').count()).toBe(0)
  expect(await page.evaluate(() => (window as unknown as { pwned?: number }).pwned)).toBeUndefined()
  // The page's own style ran under its CSP (BASE_CSS: main is 46rem wide at most).
  expect(await page.locator('main').evaluate((m) => getComputedStyle(m).maxWidth)).toBe('736px')
  expect(violations).toEqual([])
  await page.close()

  // Without the token the same URL is no one's: the same 404 as for a screening that does not exist.
  noticeUrl.searchParams.delete('token')
  expect((await fetch(noticeUrl)).status).toBe(404)
}, 90_000)
