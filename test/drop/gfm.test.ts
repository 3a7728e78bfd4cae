import { describe, expect, it } from 'vitest'
import { balanceHtml } from '../../workers/drop/domain/render/balance'
import { renderDrop } from '../../workers/drop/domain/render/render'

const html = async (md: string, baseUrl?: string) => (await renderDrop(md, { baseUrl })).html

describe('GitHub-grade rendering', () => {
  it('highlights fenced code with classes, and leaves unknown languages plain', async () => {
    const out = await html('```js\nconst a = 1 // one\n```\n\n```nosuchlang\nx < y\n```')
    expect(out).toContain('<pre><code class="language-js"><span class="hljs-keyword">const</span>')
    expect(out).toContain('<span class="hljs-comment">// one</span>')
    expect(out).toContain('<code class="language-nosuchlang">x &lt; y')
  })

  it('shows mermaid as its source, labelled as a diagram', async () => {
    const out = await html('```mermaid\ngraph TD; A-->B\n```')
    expect(out).toContain(
      '<figure class="diagram"><figcaption>Mermaid diagram: shown as its source (this site does not draw diagrams)</figcaption><pre><code class="language-mermaid">graph TD; A--&gt;B'
    )
  })

  it.each(['NOTE', 'TIP', 'IMPORTANT', 'WARNING', 'CAUTION'])('renders > [!%s] as an alert', async (kind) => {
    const out = await html(`> [!${kind}]\n> Read **this**.`)
    const k = kind.toLowerCase()
    expect(out).toContain(`<div class="markdown-alert markdown-alert-${k}">`)
    expect(out).toContain(`<p class="markdown-alert-title">${kind[0]}${k.slice(1)}</p>`)
    expect(out).toContain('<p>Read <strong>this</strong>.</p>')
    expect(out).not.toContain('[!')
  })

  it('keeps a quote that only mentions [!NOTE] later as a quote', async () => {
    expect(await html('> see [!NOTE] here')).toContain('<blockquote>')
  })

  it('renders footnotes with working in-page links', async () => {
    const out = await html('Claim.[^1]\n\n[^1]: Source.')
    expect(out).toContain('<sup class="footnote-ref"><a href="#fn1" id="fnref1"')
    expect(out).toContain('<li id="fn1" class="footnote-item">')
    expect(out).toContain('href="#fnref1" class="footnote-backref"')
  })

  it('turns :emoji: shortcodes into emoji, but not in code or unknown names', async () => {
    const out = await html(':tada: done :not_an_emoji: `:tada:` at 10:30:00 :+1:')
    expect(out).toContain('🎉 done :not_an_emoji: <code>:tada:</code> at 10:30:00 👍')
  })

  it('gives headings GitHub ids and a visible anchor link', async () => {
    const out = await html('## picomatch(list, options)\n\n## `code` & more!')
    expect(out).toContain(
      '<h2 id="picomatchlist-options">picomatch(list, options)<a class="anchor" aria-hidden="true" href="#picomatchlist-options" rel="nofollow noopener ugc">#</a></h2>'
    )
    expect(out).toContain('<h2 id="code--more">')
  })

  it('keeps <a name> and id anchors, align on p/div/img/td/th and details/summary', async () => {
    const out = await html(
      '<a name="top"></a>\n\n<p align="center"><img src="https://x.example/logo.png" align="right" width="80"></p>\n\n<div align="CENTER" id="intro">hi</div>\n\n<details><summary>More</summary>\n\nhidden\n\n</details>'
    )
    expect(out).toContain('<a name="top" rel="nofollow noopener ugc"></a>')
    expect(out).toContain('<p align="center"><img src="https://x.example/logo.png" align="right" width="80"></p>')
    expect(out).toContain('<div align="CENTER" id="intro">hi</div>')
    expect(out).toContain('<details><summary>More</summary>')
    expect((await html('<p align="javascript:x" class="evil">t</p>')).trim()).toBe('<p>t</p>')
  })

  it.each(['style', 'title', 'button', 'svg', 'textarea', 'script', 'template'])(
    'a stray <%s> in prose is removed without the text after it',
    async (tag) => {
      const out = await html(`Use the <${tag}> element carefully.\n\n## Next section\n\nMore text.`)
      expect(out).toContain('element carefully.')
      expect(out).toContain('More text.')
      expect(out).not.toContain(`<${tag}`)
    }
  )

  it.each(['style', 'script', 'pre', 'textarea', 'STYLE'])(
    'an unclosed <%s> starting a line ends with its paragraph: the Markdown after it still renders',
    async (tag) => {
      const out = await html(
        `Intro.\n\n<${tag}>body{display:none}\nText in the same paragraph.\n\n## Next section\n\nA [link](https://example.com/) and a note[^1].\n\n[^1]: The note.`
      )
      expect(out).toContain('Text in the same paragraph.')
      expect(out).not.toContain(`<${tag.toLowerCase()}`)
      expect(out).toContain('<h2 id="next-section">Next section')
      expect(out).toContain('<a href="https://example.com/"')
      expect(out).toContain('The note.')
      expect(out).not.toContain('[^1]')
    }
  )

  it('a <pre> block closed further down is kept whole, as CommonMark says', async () => {
    const out = await html('<pre>\nline one\n\nline two\n</pre>\n\nAfter.')
    expect(out).toContain('<pre>\nline one\n\nline two\n</pre>')
    expect(out).toContain('<p>After.</p>')
  })

  it('a paragraph an unknown tag left open does not wrap the blocks after it', async () => {
    const out = await html('x <circle r=5> y[^1]\n\nNext para.\n\n[^1]: The note.')
    expect(out).toContain('<p>Next para.</p>')
    expect(out).not.toMatch(/<p>(?:(?!<\/p>).)*<p>/s)
    expect(out).not.toMatch(/<\/section>\s*<\/p>/)
  })

  it('closes an open <p> before a block, as browsers do, except from inside a table cell or button', () => {
    expect(balanceHtml('<p>a<p>b</p>')).toBe('<p>a</p><p>b</p>')
    expect(balanceHtml('<p><b>x<div>y</div>')).toBe('<p><b>x</b></p><div>y</div>')
    expect(balanceHtml('<table><tr><td><p>x<div>y</div></td></tr></table>')).toBe('<table><tr><td><p>x</p><div>y</div></td></tr></table>')
    expect(balanceHtml('<p>a<table><tr><td><div>y</div></td></tr></table>')).toBe('<p>a</p><table><tr><td><div>y</div></td></tr></table>')
    expect(balanceHtml('<p><button>a<div>b</div></button></p>')).toBe('<p><button>a<div>b</div></button></p>')
  })

  it('a closed <style> block goes whole; text after it stays', async () => {
    const out = await html('<style>p { color: red }</style>\n\nVisible.')
    expect(out).not.toContain('color: red')
    expect(out).toContain('Visible.')
  })

  it('unbalanced HTML is closed inside the article and stray end tags are dropped', async () => {
    const out = await html('<details><summary>x</summary>\n\n<table><tr><td>cell\n\ntext </article></main></body> end')
    expect(out).not.toMatch(/<\/(article|main|body)>/)
    expect(out.endsWith('</td></tr></table></details>')).toBe(true)
  })

  it('resolves relative links and images against base_url, or shows them as text without it', async () => {
    const md = '![logo](docs/logo.png) see [the guide](docs/GUIDE.md) and [top](#top)'
    const based = await html(md, 'https://raw.githubusercontent.com/o/r/main/')
    expect(based).toContain('<img src="https://raw.githubusercontent.com/o/r/main/docs/logo.png" alt="logo">')
    expect(based).toContain('<a href="https://raw.githubusercontent.com/o/r/main/docs/GUIDE.md"')
    const bare = await html(md)
    expect(bare).not.toContain('<img')
    expect(bare).toContain('logo see the guide (docs/GUIDE.md)')
    expect(bare).toContain('<a href="#top"')
  })

  it('titles from the first heading and describes from plain text, badges left out', async () => {
    const r = await renderDrop(
      '[![npm](https://img.shields.io/npm/v/x.svg)](https://npm.im/x) [![ci](https://x/ci.svg)](https://x)\n\n## my_project_notes\n\nA *fast*, small `glob` matcher. Second sentence.'
    )
    expect(r.h1).toBe('my_project_notes')
    expect(r.description).toBe('A fast, small glob matcher. Second sentence.')
  })
})

describe('math', () => {
  it('renders $…$ and $$…$$ to MathML with KaTeX, and leaves prices alone', async () => {
    const out = await html('Energy $E = mc^2$ costs $5 and $10.\n\n$$\n\\frac{a}{b}\n$$')
    expect(out).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML"><semantics><mrow><mi>E</mi>')
    expect(out).toContain('<msup><mi>c</mi><mn>2</mn></msup>')
    expect(out).toContain('costs $5 and $10.')
    expect(out).toContain('<math xmlns="http://www.w3.org/1998/Math/MathML" display="block">')
    expect(out).toContain('<mfrac><mi>a</mi><mi>b</mi></mfrac>')
  })

  it('brings no MathML from user HTML and no links from TeX', async () => {
    const raw = await html('<math><mi>x</mi></math> and <span class="drop-math-0"></span>')
    expect(raw).not.toContain('<math')
    const href = await html('$\\href{javascript:alert(1)}{x}$')
    expect(href).not.toContain('javascript:alert(1)"')
    expect(href).not.toMatch(/<a /)
  })
})

describe('base_url through the API', () => {
  it('a publish with base_url resolves relative images; a bad base_url is a 400', async () => {
    const { env } = await import('cloudflare:workers')
    const { publishJson, published } = await import('./helpers')
    const { slug } = await published(
      await publishJson({ markdown: '![logo](img/logo.png)', base_url: 'https://raw.githubusercontent.com/o/r/main/' })
    )
    const stored = await env.DROPS.get<{ html: string }>(`drop:${slug}`, 'json')
    expect(stored?.html).toContain('<img src="https://raw.githubusercontent.com/o/r/main/img/logo.png" alt="logo">')
    expect((await publishJson({ markdown: 'x', base_url: 'javascript:alert(1)' })).status).toBe(400)
  })
})
