import { mkdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startLocalWorker } from '../node/local-worker'
import { launch } from './browser'

const RESULTS = 'test-results'
const fixtures = join(import.meta.dirname, '../drop/fixtures')
const listPayloads = readFileSync(join(fixtures, 'xss-payloads.txt'), 'utf8')
  .split('\n')
  .filter((l) => l.trim())
const markdownPayloads = readFileSync(join(fixtures, 'markdown-xss.txt'), 'utf8')
  .split('\n-----\n')
  .map((p) => p.trim())
// Every 20th payload of the public list (330) plus all of ours, spread over 8 drops
// (the free plan allows 10 publishes an hour from one address).
const PAYLOADS = [...listPayloads.filter((_, i) => i % 20 === 0), ...markdownPayloads]
const GROUPS = Array.from({ length: 8 }, (_, g) => PAYLOADS.filter((_, i) => i % 8 === g))

const SHOWCASE = `# Field notes: a week in the Alps

A short trip report to show how a **drop** reads. It has *emphasis*, \`inline code\`, a [link](https://example.com) and a footnote-style aside.

## Route

| Day | From | To | km | Ascent |
|:----|:-----|:---|---:|-------:|
| 1 | Grindelwald | Kleine Scheidegg | 12.4 | 1,050 m |
| 2 | Kleine Scheidegg | Wengen | 9.8 | 240 m |
| 3 | Wengen | Mürren | 15.1 | 890 m |

## Packing list

- [x] Boots, broken in
- [x] Rain shell
- [ ] Spare batteries

> The mountains are calling and I must go. — John Muir

\`\`\`bash
# sync photos after each day
rsync -av ~/DCIM/ nas:/photos/alps-2026/
\`\`\`

### Notes

1. Trains run every 30 minutes.
2. ~~Book huts in advance~~ Huts were open.

---

Written on the train back.`

let worker: { url: string; stop: () => void }
let browser: Browser

async function publish(markdown: string): Promise<string> {
  const res = await fetch(`${worker.url}/api/drop`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ markdown }),
  })
  expect(res.status).toBe(201)
  return ((await res.json()) as { slug: string }).slug
}

type Watch = { dialogs: string[]; errors: string[] }
function watch(page: Page): Watch {
  const w: Watch = { dialogs: [], errors: [] }
  page.on('dialog', (d) => {
    w.dialogs.push(`${d.type()}: ${d.message()}`)
    void d.dismiss()
  })
  page.on('pageerror', (e) => w.errors.push(e.message))
  return w
}

/** Fires every event an inline handler could listen to, on every element. */
async function provoke(page: Page): Promise<void> {
  await page.evaluate(() => {
    const events = [
      'mouseover',
      'mouseenter',
      'focus',
      'click',
      'load',
      'error',
      'toggle',
      'animationstart',
      'pointerdown',
      'input',
      'change',
      'scroll',
    ]
    for (const el of Array.from(document.querySelectorAll('*'))) for (const type of events) el.dispatchEvent(new Event(type))
  })
}

/** Links and sources as the browser resolved them. */
async function dangerousUrls(page: Page): Promise<string[]> {
  return page.evaluate(() =>
    Array.from(document.querySelectorAll('[href],[src],[action],[formaction],[srcdoc]')).flatMap((el) =>
      ['href', 'src', 'action', 'formaction']
        .flatMap((attr) => {
          const raw = el.getAttribute(attr)
          if (raw === null) return []
          let url: URL
          try {
            url = new URL(raw, document.baseURI)
          } catch {
            return [] // a relative URL on about:blank resolves to nothing a browser could open
          }
          const inlineImage = el.tagName === 'IMG' && /^data:image\/(png|gif|jpeg|webp|avif);base64,/.test(url.href)
          return ['javascript:', 'vbscript:', 'data:'].includes(url.protocol) && !inlineImage ? [`${el.tagName} ${attr}=${raw}`] : []
        })
        .concat(el.hasAttribute('srcdoc') ? [`${el.tagName} srcdoc`] : [])
    )
  )
}

beforeAll(async () => {
  mkdirSync(RESULTS, { recursive: true })
  worker = await startLocalWorker('drop', 18793)
  browser = await launch()
})
afterAll(async () => {
  await browser?.close()
  worker?.stop()
})

describe('drop pages in a real browser', () => {
  it(`runs no script from ${PAYLOADS.length} XSS payloads, with and without the CSP`, async () => {
    const results: { slug: string; dialogs: string[]; errors: string[]; urls: string[] }[] = []
    for (const group of GROUPS) {
      const slug = await publish(group.join('\n\n'))
      // 1. The real page, CSP and all.
      const page = await browser.newPage()
      const w = watch(page)
      await page.goto(`${worker.url}/v/${slug}`)
      await provoke(page)
      await page.waitForTimeout(200)
      const urls = await dangerousUrls(page)
      // 2. The same sanitized article with no CSP at all: the sanitizer alone must hold.
      const article = await page.locator('article').innerHTML()
      const bare = await browser.newPage()
      const wb = watch(bare)
      await bare.setContent(`<!doctype html><body>${article}</body>`)
      await provoke(bare)
      await bare.waitForTimeout(200)
      results.push({
        slug,
        dialogs: [...w.dialogs, ...wb.dialogs],
        errors: [...w.errors, ...wb.errors],
        urls: [...urls, ...(await dangerousUrls(bare))],
      })
      await page.close()
      await bare.close()
    }
    expect(results.filter((r) => r.dialogs.length || r.errors.length || r.urls.length)).toEqual([])
  })

  it('the check above can fail: an unsanitized payload does open a dialog', async () => {
    const page = await browser.newPage()
    const w = watch(page)
    await page.setContent('<!doctype html><body><img src=x onerror="alert(1)"></body>')
    await page.waitForTimeout(300)
    expect(w.dialogs).toEqual(['alert: 1'])
    await page.close()
  })

  it('renders a normal drop well in light and dark mode (screenshots in test-results/)', async () => {
    const slug = await publish(SHOWCASE)
    for (const scheme of ['light', 'dark'] as const) {
      const page = await browser.newPage({ viewport: { width: 900, height: 1100 }, colorScheme: scheme })
      const w = watch(page)
      const res = await page.goto(`${worker.url}/v/${slug}`)
      expect(res?.status()).toBe(200)
      expect(await page.title()).toBe('Field notes: a week in the Alps')
      // The inline stylesheet applied (allowed by its CSP hash): the page is not unstyled.
      const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor)
      expect(bg).toBe(scheme === 'dark' ? 'rgb(13, 17, 23)' : 'rgb(255, 255, 255)')
      expect(await page.locator('table').count()).toBe(1)
      expect(await page.locator('input[type=checkbox]').count()).toBe(3)
      await page.screenshot({ path: join(RESULTS, `drop-${scheme}.png`), fullPage: true })
      expect(w.errors).toEqual([])
      await page.close()
    }
  })

  it('shows the 404 and 410 pages', async () => {
    const page = await browser.newPage()
    const res = await page.goto(`${worker.url}/v/Zz9Zz9Zz`)
    expect(res?.status()).toBe(404)
    expect(await page.locator('h2').textContent()).toBe('No drop here')
    await page.close()
  })
})
