import { execFile } from 'node:child_process'
import { createServer, type Server } from 'node:http'
import { promisify } from 'node:util'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { startLocalWorker } from '../node/local-worker'
import { launch } from './browser'

const WORKER_PORT = 18871
const PARENT_PORT = 18873
const run = promisify(execFile)

let worker: { url: string; stop: () => void; persistTo: string }
let parent: Server
let browser: Browser
let embedSrc = ''

/** The operator's CLI against the worker's own state, as an operator would configure a partner. */
async function admin(args: string[]): Promise<string> {
  const { stdout } = await run('npx', ['tsx', 'scripts/admin.ts', ...args], {
    env: { ...process.env, WORKERS_STATE_DIR: worker.persistTo },
  })
  return stdout.trim().split('\n').at(-1)!
}

beforeAll(async () => {
  worker = await startLocalWorker('screening', WORKER_PORT)
  const rawKey = await admin(['keys', 'create', '--service', 'screening', '--plan', 'partner'])
  const publicId = await admin([
    'partners',
    'embed',
    '--key',
    rawKey.slice(0, 14),
    '--origin',
    `http://localhost:${PARENT_PORT}`,
    '--name',
    'Partner <Rentals>',
  ])
  const propertyId = crypto.randomUUID()
  const seeded = await fetch(`${worker.url}/api/free-screening`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': rawKey },
    body: JSON.stringify({
      email: 'landlord@example.com',
      applicantEmail: 'seed@example.com',
      applicantDob: '1980-01-01',
      applicantAddress: '1 Main St',
      applicantCity: 'Austin',
      applicantState: 'TX',
      applicantPostalCode: '78701',
      propertyAddress: '1100 S Lamar Blvd Unit 2',
      propertyCity: 'Austin',
      propertyState: 'TX',
      propertyPostalCode: '78704',
      monthlyRent: 1850,
      monthlyIncome: 6200,
      propertyId,
      consent: { given_at: '2026-01-15T10:00:00Z', method: 'electronic_signature', text_version: 'auth-2026-01' },
    }),
  })
  expect(seeded.status).toBe(200)
  // The listing's rent, which the embed scores (issue 34 §5: never a rent from the URL).
  const listed = await fetch(`${worker.url}/api/properties/${propertyId}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', 'x-api-key': rawKey },
    body: JSON.stringify({
      email: 'landlord@example.com',
      propertyAddress: '1100 S Lamar Blvd Unit 2',
      propertyCity: 'Austin',
      propertyState: 'TX',
      propertyPostalCode: '78704',
      monthlyRent: 1850,
    }),
  })
  expect(listed.status).toBe(200)
  embedSrc = `${worker.url}/embed/screening?partner=${publicId}&property=${propertyId}`
  // The partner's site: a second local origin that frames our page and records what it is told.
  parent = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(`<!doctype html><title>Partner</title><script>window.received=[];addEventListener('message',function(e){window.received.push({origin:e.origin,data:e.data})})</script>
<iframe id="embed" title="Screening" src="${embedSrc}" style="width:100%;height:1400px"></iframe>`)
  })
  await new Promise<void>((resolve) => parent.listen(PARENT_PORT, '127.0.0.1', resolve))
  browser = await launch()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  parent?.close()
  worker?.stop()
})

it('an applicant completes the embed inside the partner iframe; the parent gets the screening id and status, nothing personal', async () => {
  const page = await browser.newPage({ viewport: { width: 390, height: 844 } })
  page.setDefaultTimeout(8000)
  const violations: string[] = []
  page.on('console', (m) => {
    if (/Content Security Policy|Refused/i.test(m.text())) violations.push(m.text())
  })
  await page.goto(`http://localhost:${PARENT_PORT}/`)
  const frame = page.frameLocator('#embed')
  await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toContain('1100 S Lamar')
  // Labels are real: every field is found by its label.
  await frame.getByLabel('Full name').fill('Casey Private')
  await frame.getByLabel('E-mail').fill('casey.private@example.com')
  await frame.getByLabel('Date of birth').fill('1992-06-30')
  await frame.getByLabel('Current street address').fill('77 Hidden Ln')
  await frame.getByLabel('City').fill('Austin')
  await frame.getByLabel('State (2 letters)').fill('TX')
  await frame.getByLabel('ZIP code').fill('78702')
  await frame.getByLabel('Gross monthly income (USD)').fill('7100')
  // Submitting without consent: the error sits next to the checkbox and is tied to it.
  await frame.getByRole('button', { name: 'Submit application' }).click()
  await expect.poll(() => frame.locator('#f-consent-error').textContent(), { timeout: 15_000 }).toContain('authorise')
  expect(await frame.locator('#f-consent').getAttribute('aria-describedby')).toBe('f-consent-error')
  expect(await frame.getByLabel('Full name').inputValue()).toBe('Casey Private')
  // Keyboard only: Space ticks the focused checkbox, Enter on the button submits.
  // (Chromium ignores autofocus inside a cross-origin frame, so the test moves focus itself.)
  await frame.locator('#f-consent').focus()
  await page.keyboard.press('Space')
  await frame.getByRole('button', { name: 'Submit application' }).focus()
  await page.keyboard.press('Enter')
  await expect.poll(() => frame.getByRole('heading', { level: 1 }).textContent(), { timeout: 15_000 }).toBe('Application sent')
  await expect.poll(() => page.evaluate(() => (window as unknown as { received: unknown[] }).received.length), { timeout: 10_000 }).toBe(1)
  const [msg] = await page.evaluate(() => (window as unknown as { received: { origin: string; data: Record<string, unknown> }[] }).received)
  expect(msg.origin).toBe(worker.url)
  expect(Object.keys(msg.data).sort()).toEqual(['screeningId', 'status', 'type'])
  expect(msg.data).toMatchObject({ type: 'screening.completed', status: 'completed' })
  expect(msg.data.screeningId).toMatch(/^[0-9a-f-]{36}$/)
  expect(JSON.stringify(msg.data)).not.toMatch(/casey|private|7100|78702|1992|hidden/i)
  expect(violations).toEqual([])
  await page.close()
}, 60_000)

it('a page of another origin cannot frame the embed', async () => {
  const page = await browser.newPage()
  const other = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html' })
    res.end(`<!doctype html><title>Other</title><iframe id="embed" title="x" src="${embedSrc}"></iframe>`)
  })
  await new Promise<void>((resolve) => other.listen(PARENT_PORT + 1, '127.0.0.1', resolve))
  await page.goto(`http://localhost:${PARENT_PORT + 1}/`)
  // The parent's load event waits for its iframe, blocked or not.
  await page.waitForLoadState('load')
  const frame = page.frame({ url: /embed\/screening/ })
  // Chromium blocks the navigation: the frame never shows our form.
  const hasForm = frame
    ? await frame
        .locator('form')
        .count()
        .catch(() => 0)
    : 0
  expect(hasForm).toBe(0)
  other.close()
  await page.close()
}, 30_000)
