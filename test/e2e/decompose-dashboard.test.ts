import { createHash, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wrangler } from '../../scripts/lib/wrangler.mjs'
import { startLocalWorker } from '../node/local-worker'
import { launch } from './browser'

// Issue 18 §5: the key dashboard as a customer meets it, in Chromium, with no header set by
// hand. Our pages send no referrer, so Chromium posts their forms with `Origin: null`; the
// CSRF tokens are what let them through.
let worker: { url: string; stop: () => void; persistTo: string }
let browser: Browser
const token = `dcmp_acct_${randomUUID().replaceAll('-', '')}`.slice(0, 42)

beforeAll(async () => {
  worker = await startLocalWorker('decompose', 18788)
  const hash = createHash('sha256').update(token).digest('hex')
  // The account as `npm run admin -- accounts create` leaves it: only the token's hash stored.
  await wrangler([
    'd1',
    'execute',
    'DB',
    '--env',
    'decompose',
    '--local',
    '--persist-to',
    worker.persistTo,
    '--command',
    `INSERT INTO accounts (id, email, plan, token_hash, created_at) VALUES ('${randomUUID()}', 'coach@example.com', 'paid', '${hash}', '${new Date().toISOString()}')`,
  ])
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  worker?.stop()
})

const plan = (key: string) =>
  fetch(`${worker.url}/api/v1/decompose`, {
    method: 'POST',
    headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' },
    body: JSON.stringify({ goal: 'Run my first 5K' }),
  })

describe('decompose dashboard in a real browser', () => {
  it('signs in, creates a named key, lists it, revokes it after confirming, and signs out', async () => {
    expect(token).toMatch(/^dcmp_acct_[0-9a-f]{32}$/)
    const page = await browser.newPage({ viewport: { width: 1000, height: 900 } })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))

    await page.goto(`${worker.url}/dashboard`)
    await page.getByLabel('Account token').fill(token)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // The sign-in form lives at /dashboard too, so wait for the signed-in page, not the URL.
    await page.getByRole('heading', { name: 'Your API keys' }).waitFor()
    await expect.poll(() => page.locator('h1').innerText()).toBe('Your API keys')
    expect(await page.locator('main').innerText()).toContain('coach@example.com')

    await page.getByLabel('Name of the new key').fill('production app')
    await page.getByRole('button', { name: 'Create a new API key' }).click()
    await page.waitForLoadState()
    expect(await page.locator('h1').innerText()).toBe('Your new API key “production app”')
    const key = (await page.locator('.key').innerText()).trim()
    expect(key).toMatch(/^dcmp_[0-9A-Za-z]{32}$/)
    expect((await plan(key)).status).toBe(200)

    await page.getByRole('link', { name: 'Back to your keys' }).click()
    const row = page.locator('table.keys tbody tr', { hasText: 'production app' })
    expect(await row.innerText()).toContain(`${key.slice(0, 9)}…`)

    // Revoking asks first; cancelling keeps the key.
    await row.getByRole('link', { name: 'Revoke…' }).click()
    expect(await page.locator('h1').innerText()).toBe('Revoke this key?')
    await page.getByRole('link', { name: 'Cancel' }).click()
    expect((await plan(key)).status).toBe(200)
    await page.locator('table.keys tbody tr', { hasText: 'production app' }).getByRole('link', { name: 'Revoke…' }).click()
    await page.getByRole('button', { name: 'Yes, revoke it' }).click()
    await page.waitForLoadState()
    expect(await page.locator('[role=status]').innerText()).toContain('The key was revoked')
    expect((await plan(key)).status).toBe(401)

    await page.getByRole('button', { name: 'Sign out' }).click()
    await page.waitForLoadState()
    expect(await page.getByRole('button', { name: 'Sign in' }).count()).toBe(1)
    // The old session is gone: the dashboard shows the sign-in form again.
    await page.goto(`${worker.url}/dashboard`)
    expect(await page.getByLabel('Account token').count()).toBe(1)
    expect(errors).toEqual([])
    await page.close()
  })

  it('the key table fits a phone screen without sideways scrolling', async () => {
    const context = await browser.newContext({ viewport: { width: 375, height: 740 }, isMobile: true })
    const page = await context.newPage()
    await page.goto(`${worker.url}/dashboard`)
    await page.getByLabel('Account token').fill(token)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // The sign-in form lives at /dashboard too, so wait for the signed-in page, not the URL.
    await page.getByRole('heading', { name: 'Your API keys' }).waitFor()
    await page.getByLabel('Name of the new key').fill('phone key with a fairly long name')
    await page.getByRole('button', { name: 'Create a new API key' }).click()
    await page.getByRole('link', { name: 'Back to your keys' }).click()
    await page.locator('table.keys').waitFor()
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth)
    expect(overflow).toBeLessThanOrEqual(0)
    // The rows become cards, and each cell says what it is once the header row is hidden.
    const cell = page.locator('table.keys tbody tr').first().locator('td').first()
    expect(await cell.evaluate((td) => getComputedStyle(td).display)).toBe('block')
    expect(await cell.evaluate((td) => getComputedStyle(td, '::before').content)).toBe('"Name: "')
    expect(await cell.innerText()).toContain('phone key')
    await page.screenshot({ path: 'test-results/decompose-dashboard-phone.png', fullPage: true })
    await context.close()
  })

  it('a form on another site cannot create a key for a signed-in customer', async () => {
    const context = await browser.newContext()
    const page = await context.newPage()
    await page.goto(`${worker.url}/dashboard`)
    await page.getByLabel('Account token').fill(token)
    await page.getByRole('button', { name: 'Sign in' }).click()
    // The sign-in form lives at /dashboard too, so wait for the signed-in page, not the URL.
    await page.getByRole('heading', { name: 'Your API keys' }).waitFor()
    const before = await page.locator('table.keys tbody tr').count()
    // Another origin serves a form aimed at our dashboard (it cannot know the CSRF token).
    const server = createServer((_, res) => {
      res.writeHead(200, { 'content-type': 'text/html' })
      res.end(
        `<form method="post" action="${worker.url}/dashboard/keys"><input name="name" value="planted"><button>Win a prize</button></form>`
      )
    })
    await new Promise<void>((resolve) => server.listen(18790, '127.0.0.1', resolve))
    try {
      await page.goto('http://127.0.0.1:18790/')
      await page.getByRole('button', { name: 'Win a prize' }).click()
      await page.waitForLoadState()
      expect(await page.locator('main').innerText()).toMatch(/another site|out of date|sign in/i)
    } finally {
      server.close()
    }
    await page.goto(`${worker.url}/dashboard`)
    expect(await page.locator('table.keys tbody tr').count()).toBe(before)
    expect(await page.locator('main').innerText()).not.toContain('planted')
    await context.close()
  })
})
