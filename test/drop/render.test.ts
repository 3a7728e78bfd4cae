import { describe, expect, it } from 'vitest'
import { excerpt, firstH1, markdownToHtml, parseMarkdown } from '../../workers/drop/domain/render/markdown'
import { safeUrl, sanitizeHtml } from '../../workers/drop/domain/render/sanitize'

const render = async (md: string) => sanitizeHtml(markdownToHtml(md))

describe('rendering GitHub Flavored Markdown', () => {
  it('renders tables', async () => {
    const html = await render('| a | b |\n|:--|--:|\n| 1 | 2 |')
    expect(html).toContain('<table>')
    expect(html).toMatch(/<th align="left">a<\/th>/)
    expect(html).toMatch(/<td align="right">2<\/td>/)
  })

  it('renders task lists as disabled checkboxes', async () => {
    const html = await render('- [x] done\n- [ ] todo')
    expect(html).toMatch(/<input checked="" disabled="" type="checkbox"> done/)
    expect(html).toMatch(/<input disabled="" type="checkbox"> todo/)
  })

  it('renders strikethrough and autolinks', async () => {
    const html = await render('~~gone~~ see https://example.com/x')
    expect(html).toContain('<del>gone</del>')
    expect(html).toContain('<a href="https://example.com/x" rel="nofollow noopener ugc">https://example.com/x</a>')
  })

  it('keeps the language class on fenced code and escapes its content', async () => {
    const html = await render('```ts\nconst a = "<b>"\n```')
    expect(html).toContain(
      '<pre><code class="language-ts"><span class="hljs-keyword">const</span> a = <span class="hljs-string">&quot;&lt;b&gt;&quot;</span>'
    )
  })

  it('gives headings GitHub-style ids, numbered when repeated', async () => {
    const html = await render('# Hello, World!\n## Hello, World!\n### Ünïcode ok')
    expect(html).toContain('<h1 id="hello-world">')
    expect(html).toContain('<h2 id="hello-world-1">')
    expect(html).toContain('<h3 id="ünïcode-ok">')
    expect(html).toContain('<a class="anchor" aria-hidden="true" href="#hello-world-1" rel="nofollow noopener ugc">#</a></h2>')
  })

  it('does not share heading ids between renders', async () => {
    await render('# Same')
    expect(await render('# Same')).toContain('<h1 id="same">')
  })

  it('marks every link nofollow noopener ugc', async () => {
    const html = await render('[a](https://a.example) <a href="https://b.example" rel="opener">b</a>')
    expect(html.match(/rel="nofollow noopener ugc"/g)).toHaveLength(2)
    expect(html).not.toContain('rel="opener"')
  })

  it('keeps safe raw HTML and images', async () => {
    const html = await render('<details><summary>More</summary>\n\nhidden\n\n</details>\n\n![alt](https://example.com/a.png "t")')
    expect(html).toContain('<details><summary>More</summary>')
    expect(html).toContain('<img src="https://example.com/a.png" alt="alt" title="t">')
  })

  it('describes the page from its first paragraph and titles it from its H1', () => {
    const md = '# The *Title*\n\nFirst **para** with [a link](https://x.example).\n\nSecond.'
    const tokens = (text: string) => parseMarkdown(text).tokens
    expect(firstH1(tokens(md))).toBe('The Title')
    expect(excerpt(tokens(md))).toBe('First para with a link.')
    expect(excerpt(tokens('x'.repeat(300))).length).toBe(200)
  })
})

describe('safeUrl', () => {
  it.each([
    ['https://example.com/a?b=1#c', 'link', 'https://example.com/a?b=1#c'],
    ['mailto:someone@example.com', 'link', 'mailto:someone@example.com'],
    ['/relative/path', 'link', '/relative/path'],
    ['#anchor', 'link', '#anchor'],
    ['page.html', 'link', 'page.html'],
    ['javascript:alert(1)', 'link', null],
    [' JaVaScRiPt:alert(1)', 'link', null],
    ['jav&#x09;ascript:alert(1)', 'link', null],
    ['&#106;avascript:alert(1)', 'link', null],
    ['javascript&colon;alert(1)', 'link', null],
    ['vbscript:x', 'link', null],
    ['data:text/html,<script>', 'link', null],
    ['data:image/png;base64,iVBORw0KGgo=', 'link', null],
    ['data:image/png;base64,iVBORw0KGgo=', 'img', 'data:image/png;base64,iVBORw0KGgo='],
    ['data:image/svg+xml;base64,PHN2Zz4=', 'img', null],
    ['http://example.com/a.png', 'img', null],
    ['https://example.com/a.png', 'img', 'https://example.com/a.png'],
    ['x:y', 'link', null],
    ['\\\\evil.example', 'link', null],
    ['https://e.example/"onmouseover="x', 'link', 'https://e.example/%22onmouseover=%22x'],
  ] as const)('%s (%s) → %s', (url, kind, expected) => {
    expect(safeUrl(url, kind)).toBe(expected)
  })
})
