import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalWorker } from '../node/local-worker'
import { launch } from './browser'

// The paste page and burn after reading as a person meets them: real Chromium, JavaScript off.
let worker: { url: string; stop: () => void }
let browser: Browser

beforeAll(async () => {
  worker = await startLocalWorker('drop', 18797)
  browser = await launch()
}, 120_000)
afterAll(async () => {
  await browser?.close()
  worker?.stop()
})

describe('paste page in a real browser', () => {
  it('publishes from the form without JavaScript, then burns after one confirmed reading', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${worker.url}/`)
    await page.fill('#title', 'Pasted notes')
    await page.fill('#markdown', 'The door code is **4711**.\n\n```js\nconst a = 1\n```')
    await page.selectOption('#expires_in', '1d')
    await page.check('input[name="burn_after_reading"]')
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
    const body = await page.textContent('main')
    expect(body).toContain('Published')
    const url = await page.getAttribute('main a[href*="/v/"]', 'href')
    expect(url).toMatch(/\/v\/[0-9A-Za-z]{8}$/)
    expect(body).toMatch(/drop_edit_[0-9A-Za-z]{32}/)

    // A link preview sees only the confirmation; opening it twice does not burn it.
    const path = new URL(url!).pathname
    for (let i = 0; i < 2; i++) {
      await page.goto(`${worker.url}${path}`)
      expect(await page.textContent('main')).not.toContain('4711')
    }
    await Promise.all([page.waitForNavigation(), page.click('button:has-text("Read and delete it")')])
    expect(await page.textContent('article')).toContain('The door code is 4711.')
    expect(await page.locator('article .hljs-keyword').count()).toBeGreaterThan(0)
    const again = await page.goto(`${worker.url}${path}`)
    expect(again?.status()).toBe(404)
    await context.close()
  }, 60_000)

  it('publishes an uploaded file and shows a readable error for an empty paste', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${worker.url}/`)
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
    expect(await page.textContent('[role="alert"]')).toContain('The Markdown is empty')
    await page.setInputFiles('#file', {
      name: 'notes.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# From a file\n\n> [!TIP]\n> Works.'),
    })
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
    const url = await page.getAttribute('main a[href*="/v/"]', 'href')
    await page.goto(`${worker.url}${new URL(url!).pathname}`)
    expect(await page.title()).toBe('From a file')
    expect(await page.textContent('.markdown-alert-tip')).toContain('Works.')
    await context.close()
  }, 60_000)

  it('a drop page links its source, a download and itself; after an edit or delete a reload shows no old copy', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    await page.goto(`${worker.url}/`)
    expect(await page.locator('#expires_in option[value="never"]').count()).toBe(1)
    await page.fill('#markdown', '# Shared\n\nfirst version')
    await Promise.all([page.waitForNavigation(), page.click('button[type="submit"]')])
    const url = (await page.getAttribute('main a[href*="/v/"]', 'href'))!
    const token = (await page.textContent('main'))!.match(/drop_edit_[0-9A-Za-z]{32}/)![0]
    const path = new URL(url).pathname
    await page.goto(`${worker.url}${path}`)
    expect(await page.textContent('article')).toContain('first version')
    expect(await page.getAttribute('a:has-text("Download .md")', 'href')).toBe(`${path}/raw?download=1`)
    expect(await page.getAttribute('a:has-text("Link to this page")', 'href')).toMatch(new RegExp(`${path}$`))
    await Promise.all([page.waitForNavigation(), page.click('a:has-text("Markdown source")')])
    expect(await page.textContent('body')).toContain('first version')

    const api = `${worker.url}/api/drop${path.slice(2)}`
    const edited = await fetch(api, {
      method: 'PUT',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ markdown: '# Shared\n\nsecond version' }),
    })
    expect(edited.status).toBe(200)
    await page.goto(`${worker.url}${path}`)
    expect(await page.textContent('article')).toContain('second version')
    await page.reload()
    expect(await page.textContent('article')).not.toContain('first version')
    expect((await fetch(api, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } })).status).toBe(200)
    const gone = await page.reload()
    expect(gone?.status()).toBe(404)
    expect(await page.textContent('main')).not.toContain('second version')
    await context.close()
  }, 60_000)
})
