import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalWorker } from '../node/local-worker'
import { launch } from './browser'

// Issue 35 §3 as a reader meets it: an edited drop links to its history, and the history to a
// diff drawn on the server. Real Chromium with JavaScript off, under the page's own CSP.
// DROP_HISTORY_E2E_PORT / _INSPECTOR let a run stay inside the ports it was given.
const PORT = Number(process.env.DROP_HISTORY_E2E_PORT ?? 18799)
const INSPECTOR = Number(process.env.DROP_HISTORY_E2E_INSPECTOR ?? PORT + 1000)

let worker: { url: string; stop: () => void }
let browser: Browser

beforeAll(async () => {
  worker = await startLocalWorker('drop', PORT, {}, INSPECTOR)
  browser = await launch()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  worker?.stop()
})

async function api(path: string, init: RequestInit): Promise<Response> {
  return fetch(`${worker.url}${path}`, { ...init, headers: { 'content-type': 'application/json', ...init.headers } })
}

describe('drop history in a real browser', () => {
  it('follows the history link from the page to a diff of the edit, with no script and no CSP violation', async () => {
    const published = await api('/api/drop', {
      method: 'POST',
      body: JSON.stringify({ markdown: '# Packing list\n\n- boots\n- rain shell <script>alert(1)</script>\n- map\n' }),
    })
    expect(published.status).toBe(201)
    const { slug, edit_token } = (await published.json()) as { slug: string; edit_token: string }
    const edited = await api(`/api/drop/${slug}`, {
      method: 'PUT',
      headers: { authorization: `Bearer ${edit_token}` },
      body: JSON.stringify({ markdown: '# Packing list\n\n- boots\n- down jacket\n- map\n' }),
    })
    expect(edited.status).toBe(200)

    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const violations: string[] = []
    page.on('console', (m) => {
      if (/Content Security Policy/i.test(m.text())) violations.push(m.text())
    })
    page.on('dialog', (d) => {
      violations.push(`dialog: ${d.message()}`)
      void d.dismiss()
    })
    await page.goto(`${worker.url}/v/${slug}`)
    expect(await page.textContent('article')).toContain('down jacket')
    await Promise.all([page.waitForNavigation(), page.click('footer a:has-text("history")')])
    expect(new URL(page.url()).pathname).toBe(`/v/${slug}/history`)
    expect(await page.textContent('main')).toContain('Version 1')
    await Promise.all([page.waitForNavigation(), page.click('a:has-text("What changed")')])
    expect(new URL(page.url()).pathname).toBe(`/v/${slug}/revisions/1/diff`)

    expect(await page.locator('table.diff del').allTextContents()).toEqual(['- - rain shell <script>alert(1)</script>'])
    expect(await page.locator('table.diff ins').allTextContents()).toEqual(['+ - down jacket'])
    // The stylesheet applied (its hash is in the CSP): removed lines are tinted.
    const tint = await page.locator('table.diff tr.removed td.text').evaluate((td) => getComputedStyle(td).backgroundColor)
    expect(tint).not.toBe('rgba(0, 0, 0, 0)')
    expect(await page.locator('script').count()).toBe(0)
    expect(violations).toEqual([])
    await context.close()
  }, 60_000)
})
