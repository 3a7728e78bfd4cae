import { describe, expect, it } from 'vitest'
import { markdownToHtml } from '../../workers/drop/domain/render/markdown'
import { renderSafely } from '../../workers/drop/domain/render/render'
import { sanitizeHtml } from '../../workers/drop/domain/render/sanitize'
import payloadList from './fixtures/xss-payloads.txt?raw'
import markdownPayloads from './fixtures/markdown-xss.txt?raw'

const LIST = payloadList.split('\n').filter((l) => l.trim() !== '')
const MARKDOWN = markdownPayloads.split('\n-----\n').map((p) => p.trim())

// Tags that must never reach a drop page, whatever the spelling of the input.
const FORBIDDEN_TAGS = new Set([
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'button',
  'textarea',
  'select',
  'base',
  'meta',
  'link',
  'template',
  'noscript',
  'video',
  'audio',
  'source',
  'body',
  'html',
  'head',
  'title',
  'isindex',
  'image',
  'marquee',
])
const URL_ATTRS = new Set(['href', 'src', 'cite', 'action', 'formaction', 'background', 'poster', 'srcset', 'xlink:href', 'data'])

/** A decoder independent of the sanitizer's: every numeric entity and the named ones browsers honour in URLs. */
function browserDecode(value: string): string {
  const named: Record<string, string> = {
    colon: ':',
    tab: '\t',
    newline: '\n',
    sol: '/',
    lpar: '(',
    rpar: ')',
    amp: '&',
    quot: '"',
    apos: "'",
    lt: '<',
    gt: '>',
  }
  return value
    .replace(/&#x([0-9a-f]+);?/gi, (_, h) => String.fromCodePoint(parseInt(h, 16) || 0xfffd))
    .replace(/&#(\d+);?/g, (_, d) => String.fromCodePoint(Math.min(Number(d), 0x10ffff) || 0xfffd))
    .replace(/&([a-z]+);/gi, (w, n: string) => named[n.toLowerCase()] ?? w)
}

type Finding = { tag: string; attr?: string; value?: string }

/** Parses the output like a browser's tokenizer would and lists anything dangerous in it. */
async function dangers(html: string): Promise<Finding[]> {
  const found: Finding[] = []
  await new HTMLRewriter()
    .on('*', {
      element(el) {
        const tag = el.tagName.toLowerCase()
        if (FORBIDDEN_TAGS.has(tag)) found.push({ tag })
        if (tag === 'input' && el.getAttribute('type') !== 'checkbox') found.push({ tag, attr: 'type' })
        for (const [name, value] of el.attributes) {
          const attr = name.toLowerCase()
          if (attr.startsWith('on') || attr === 'style' || attr === 'srcdoc' || attr === 'formaction' || attr === 'srcset') {
            found.push({ tag, attr, value })
          }
          if (URL_ATTRS.has(attr)) {
            const url = browserDecode(value)
              .replace(/[\u0000-\u0020\u007f-\u009f]/g, '')
              .toLowerCase()
            const inlineImage = tag === 'img' && attr === 'src' && /^data:image\/(png|gif|jpeg|webp|avif);base64,/.test(url)
            if (/^(javascript|vbscript|livescript|data):/.test(url) && !inlineImage) found.push({ tag, attr, value })
            // Anything else must be relative: no ':' before the first '/', '?' or '#'.
            if (!/^(https?:|mailto:|data:image\/|[^/?#:]*([/?#]|$))/.test(url)) found.push({ tag, attr, value })
          }
        }
      },
    })
    .transform(new Response(html))
    .text()
  return found
}

async function pipeline(input: string): Promise<string> {
  return sanitizeHtml(markdownToHtml(input))
}

describe('sanitizer against XSS corpora', () => {
  it(`leaves nothing dangerous in ${LIST.length} payloads from the public XSS list`, async () => {
    expect(LIST.length).toBeGreaterThan(6000)
    const failures: { payload: string; findings: Finding[] }[] = []
    for (const payload of LIST) {
      const findings = await dangers(await pipeline(payload))
      if (findings.length) failures.push({ payload, findings })
    }
    expect(failures.slice(0, 5)).toEqual([])
  }, 60_000)

  it(`leaves nothing dangerous in ${MARKDOWN.length} Markdown-specific payloads`, async () => {
    expect(MARKDOWN.length).toBeGreaterThanOrEqual(70)
    for (const payload of MARKDOWN) {
      expect({ payload, findings: await dangers(await pipeline(payload)) }).toEqual({ payload, findings: [] })
    }
  })

  it('the oracle itself catches what it should (it can fail)', async () => {
    expect(await dangers('<img src=x onerror=alert(1)>')).not.toEqual([])
    expect(await dangers('<a href="jav&#x09;ascript:alert(1)">x</a>')).not.toEqual([])
    expect(await dangers('<svg><a>x</a></svg>')).not.toEqual([])
    expect(await dangers('<p>fine</p><a href="https://ok.example">ok</a>')).toEqual([])
  })

  it('keeps the text of harmless unknown tags and drops dangerous containers whole', async () => {
    expect(await pipeline('<x-note>kept text</x-note>')).toContain('kept text')
    const html = await pipeline('before <script>alert("gone")</script> after')
    expect(html).not.toContain('gone')
    expect(html).toContain('before')
    expect(html).toContain('after')
  })

  it('removes event handlers but keeps the element', async () => {
    expect(await pipeline('<div onclick="alert(1)">click me</div>')).toBe('<div>click me</div>')
  })

  it('shows a Markdown javascript: link as text, and drops the target of an HTML one but keeps its text', async () => {
    expect(await pipeline('[click](javascript:alert(1))')).toBe('<p>[click](javascript:alert(1))</p>\n')
    expect(await pipeline('<a href="javascript:alert(1)">click</a>')).toBe('<p><a rel="nofollow noopener ugc">click</a></p>\n')
  })

  it.each([
    ['<a href="https://ok.example" href="javascript:alert(1)">x</a>'],
    ['<a href="https://ok.example" HREF="javascript:alert(1)">x</a>'],
    ['<img src="https://ok.example/a.png" src="javascript:alert(1)" alt="x">'],
    ['<a title="t" href="https://ok.example" title="u" href="javascript:alert(1)">x</a>'],
  ])('drops an element whose attributes repeat, keeping its text: %s', async (input) => {
    const html = await pipeline(input)
    expect(html).not.toContain('javascript')
    expect(html).not.toMatch(/<a |<img /)
    if (input.startsWith('<a')) expect(html).toContain('>x<')
  })

  it('shows code about scripts as text', async () => {
    const html = await pipeline('```html\n<script>alert(1)</script>\n```')
    expect(html).not.toContain('<script')
    expect(html.replace(/<[^>]*>/g, '')).toContain('&lt;script&gt;alert(1)&lt;/script&gt;')
  })
})

describe('hostile documents as a whole', () => {
  it('renders every chunk of 40 payloads without throwing and without danger', async () => {
    const all = [...LIST, ...MARKDOWN]
    for (let i = 0; i < all.length; i += 40) {
      const html = await renderSafely(all.slice(i, i + 40).join('\n\n'))
      expect({ chunk: i, findings: await dangers(html) }).toEqual({ chunk: i, findings: [] })
    }
  })

  it.each([['<style> in <select>', 'before\n\n<select><style>x</style></select>\n\nafter']])(
    'falls back to escaped raw HTML where the streaming parser gives up (%s)',
    async (_name, md) => {
      await expect(sanitizeHtml(markdownToHtml(md))).rejects.toThrow(/Parser error/)
      const html = await renderSafely(md)
      expect(html).toContain('<p>before</p>')
      expect(html).toContain('&lt;select&gt;')
      expect(html).toContain('<p>after</p>')
      expect(await dangers(html)).toEqual([])
    }
  )

  it('an unclosed <plaintext> in <select> is cut out (tags only): the parser no longer gives up', async () => {
    const md = 'before\n\n<select><plaintext>x\n\nafter'
    const html = await renderSafely(md)
    expect(html).toBe('<p>before</p>\n<p>x</p>\n<p>after</p>\n')
  })
})
