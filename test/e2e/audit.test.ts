import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wrangler } from '../../scripts/lib/wrangler.mjs'
import { startLocalWorker } from '../node/local-worker'
import { launch } from './browser'

// This machine has no outside network, so the page is shown for a report our own engine
// produced on replayed responses (test/e2e/fixtures), placed in the worker's KV cache the
// way a fresh check leaves it.
const report = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/audit-good-site.json'), 'utf8'))

let worker: { url: string; stop: () => void; persistTo: string }
let browser: Browser

beforeAll(async () => {
  worker = await startLocalWorker('audit', 18795)
  const now = new Date()
  const entry = { fresh_until: new Date(now.getTime() + 3600_000).toISOString(), report: { ...report, checked_at: now.toISOString() } }
  await wrangler([
    'kv',
    'key',
    'put',
    `audit:v${report.scoring_version}:${report.domain}`,
    JSON.stringify(entry),
    '--binding',
    'CACHE',
    '--env',
    'audit',
    '--local',
    '--persist-to',
    worker.persistTo,
  ])
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  worker?.stop()
})

describe('audit view in a real browser', () => {
  it('shows the grade, certificate, headers and redirect chain (screenshot in test-results/)', async () => {
    const page = await browser.newPage({ viewport: { width: 1000, height: 1300 } })
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(e.message))
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    const res = await page.goto(`${worker.url}/check/good-site.org`)
    expect(res?.status()).toBe(200)
    expect(res?.headers()['content-security-policy']).toContain("default-src 'none'")
    const text = await page.locator('main').innerText()
    expect(text).toContain('good-site.org')
    expect(text).toContain('A+')
    expect(text).toContain("Let's Encrypt (R11)")
    expect(text).toContain('http://good-site.org/ -> 301 -> https://good-site.org/')
    await page.screenshot({ path: 'test-results/audit-check.png', fullPage: true })
    expect(errors).toEqual([])
    await page.close()
  })

  it('the form checks another domain without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${worker.url}/check/good-site.org`)
    const input = page.locator('form input[name=domain]')
    await input.fill('localhost')
    await Promise.all([page.waitForNavigation(), page.locator('form button, form input[type=submit]').first().click()])
    // A refused target is explained on the page itself.
    const text = await page.locator('body').innerText()
    expect(page.url()).toBe(`${worker.url}/check?domain=localhost`)
    expect(text).toContain('Only public domains can be checked.')
    await context.close()
  })
})
