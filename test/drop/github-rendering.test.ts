import { env } from 'cloudflare:workers'
import { describe, expect, it } from 'vitest'
import { app, publishJson, published } from './helpers'

// Issue 35 §2: autolinks, math and relative links as GitHub renders them.
async function article(markdown: string, extra: Record<string, unknown> = {}): Promise<string> {
  const { slug } = await published(await publishJson({ markdown, ...extra }))
  const html = await (await app.request(`/v/${slug}`, {}, env)).text()
  return html.slice(html.indexOf('<article'), html.indexOf('</article>'))
}

describe('autolinks: www., http(s):// and e-mail only', () => {
  it.each(['setup.py', 'README.md', 'install.sh', 'package.json', 'index.html', 'docs.rs', 'example.com', 'v1.2.3'])(
    'a bare name like %s stays text',
    async (name) => {
      const html = await article(`Run ${name} first.`)
      expect(html).toContain(`Run ${name} first.`)
      expect(html).not.toContain('<a ')
    }
  )

  it('www., http(s):// and e-mail addresses are links', async () => {
    const html = await article('See www.example.com, https://example.org/a?b=1 and http://x.test, or write to me@example.com.')
    expect(html).toContain('<a href="http://www.example.com" rel="nofollow noopener ugc">www.example.com</a>')
    expect(html).toContain('<a href="https://example.org/a?b=1" rel="nofollow noopener ugc">https://example.org/a?b=1</a>')
    expect(html).toContain('<a href="http://x.test" rel="nofollow noopener ugc">http://x.test</a>')
    expect(html).toContain('<a href="mailto:me@example.com" rel="nofollow noopener ugc">me@example.com</a>')
  })
})

describe('math', () => {
  it('a ```math fence is display math, not code', async () => {
    const html = await article('```math\n\\frac{a}{b}\n```')
    expect(html).toMatch(/<math[^>]*display="block"/)
    expect(html).toContain('<mfrac>')
    expect(html).not.toContain('language-math')
  })

  it('$`…`$ is inline math without stray quote marks', async () => {
    const html = await article('Inline $`\\sqrt{2}`$ and $``x_1 + y``$ here.')
    expect(html.match(/<math/g)).toHaveLength(2)
    expect(html).toContain('<msqrt>')
    expect(html).not.toMatch(/[`‘’“”]/)
    expect(html).not.toContain('$')
  })

  it('an unclosed $` stays text', async () => {
    const html = await article('Price $`5 and more')
    expect(html).toContain('Price $`5 and more')
    expect(html).not.toContain('<math')
  })
})

describe('mermaid', () => {
  it('is shown as its source, labelled, with a note that it is not drawn', async () => {
    const html = await article('```mermaid\ngraph TD; A-->B\n```')
    expect(html).toContain('<figcaption>Mermaid diagram: shown as its source (this site does not draw diagrams)</figcaption>')
    expect(html).toContain('<code class="language-mermaid">graph TD; A--&gt;B')
    expect(html).not.toContain('<svg')
  })
})

describe('relative links', () => {
  it('without base_url: plain text with the target shown', async () => {
    const html = await article('See [the guide](docs/guide.md), [docs/x.md](docs/x.md), [up](../README.md#use) and [top](#see).')
    expect(html).toContain('See the guide (docs/guide.md), docs/x.md, up (../README.md#use) and <a href="#see"')
    expect(html).not.toContain('href="docs/')
    expect(html).not.toContain('href="../')
  })

  it('with base_url: links resolved against it', async () => {
    const html = await article('See [the guide](docs/guide.md).', { base_url: 'https://raw.example.org/o/r/main/' })
    expect(html).toContain('<a href="https://raw.example.org/o/r/main/docs/guide.md" rel="nofollow noopener ugc">the guide</a>')
  })
})
