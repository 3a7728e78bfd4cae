import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { wrangler } from '../../scripts/lib/wrangler.mjs'
import { startLocalWorker } from '../node/local-worker'
import { launch } from './browser'

// No outside network here: the history is rows as monitor runs leave them, written into the
// worker's local D1, and the report is our engine's replayed report placed in its KV cache.
const report = JSON.parse(readFileSync(join(import.meta.dirname, 'fixtures/audit-good-site.json'), 'utf8'))
const DOMAIN = report.domain as string

let worker: { url: string; stop: () => void; persistTo: string }
let browser: Browser

beforeAll(async () => {
  worker = await startLocalWorker('audit', 18785)
  const now = Date.now()
  const rows = Array.from({ length: 24 }, (_, i) => {
    const at = new Date(now - (24 - i) * 3_600_000).toISOString()
    const [score, grade] = i < 12 ? [100, 'A+'] : [80, 'B+']
    return `('${DOMAIN}', '${at}', ${score}, '${grade}', 'A')`
  })
  await wrangler([
    'd1',
    'execute',
    'audit',
    '--local',
    '--env',
    'audit',
    '--persist-to',
    worker.persistTo,
    '--command',
    `INSERT INTO domain_grades (domain, checked_at, score, grade, ssl_grade) VALUES ${rows.join(', ')}`,
  ])
  const entry = { fresh_until: new Date(now + 3600_000).toISOString(), report: { ...report, checked_at: new Date(now).toISOString() } }
  await wrangler([
    'kv',
    'key',
    'put',
    `audit:v${report.scoring_version}:${DOMAIN}`,
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

describe('audit monitoring pages in a real browser', () => {
  it('the history page draws the chart without JavaScript (screenshot in test-results/)', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 1000, height: 900 } })
    const page = await context.newPage()
    const errors: string[] = []
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    const res = await page.goto(`${worker.url}/check/${DOMAIN}/history`)
    expect(res?.status()).toBe(200)
    const chart = page.locator('svg.chart')
    const box = await chart.boundingBox()
    expect(box!.width).toBeGreaterThan(300)
    expect(await page.locator('svg.chart circle').count()).toBe(24)
    expect(await page.locator('main').innerText()).toContain('24 checks')
    await page.screenshot({ path: 'test-results/audit-history.png', fullPage: true })
    expect(errors).toEqual([])
    await context.close()
  })

  it('the report view shows the badge image, loaded under the page CSP', async () => {
    const page = await browser.newPage()
    const errors: string[] = []
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
    await page.goto(`${worker.url}/check/${DOMAIN}`)
    const img = page.locator(`img[src="/badge/${DOMAIN}.svg"]`)
    await img.scrollIntoViewIfNeeded()
    expect(await img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth)).toBeGreaterThan(50)
    await page.locator('p', { has: img }).screenshot({ path: 'test-results/audit-badge.png' })
    expect(errors).toEqual([])
    await page.close()
  })
})
