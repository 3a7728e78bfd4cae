import { describe, expect, it } from 'vitest'
import { renderDrop } from '../../workers/drop/domain/render/render'

// ≥ 30 real READMEs from node_modules (fixtures/readmes/SOURCES.md lists package, version and
// licence; each licence file sits beside its README), rendered as a publish renders them.
const READMES = import.meta.glob('./fixtures/readmes/*/README.md', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>
const LICENCES = import.meta.glob('./fixtures/readmes/*/LICENSE', { query: '?raw', import: 'default', eager: true }) as Record<
  string,
  string
>
const docs = Object.entries(READMES).map(([path, markdown]) => [path.split('/')[3], markdown] as const)

/** Languages highlight.js's common set knows (the ones a README fence names most). */
// (Shell fences are left out: `npm install x` has nothing for a highlighter to mark.)
const KNOWN = new Set([
  'js',
  'javascript',
  'ts',
  'typescript',
  'json',
  'jsx',
  'tsx',
  'css',
  'html',
  'python',
  'rust',
  'go',
  'c',
  'cpp',
  'java',
  'yaml',
  'toml',
])

// Links that point at no heading of their own README (renamed headings): broken on github.com too.
const BROKEN_IN_SOURCE = [
  'hdr-histogram-js#boosting-performances-with-webassembly-since-hdrhistogramjs-v2',
  'picomatch#brace-expansion',
  'smol-toml#benchmarks',
  'smol-toml#parse-5mb-randomly-generated',
]

const textOutsideCode = (html: string) => html.replace(/<pre[\s\S]*?<\/pre>/g, '').replace(/<code>[\s\S]*?<\/code>/g, '')

describe(`${docs.length} real READMEs`, () => {
  it('are at least 30, each with its licence', () => {
    expect(docs.length).toBeGreaterThanOrEqual(30)
    for (const [name] of docs) expect(LICENCES[`./fixtures/readmes/${name}/LICENSE`]?.length ?? 0).toBeGreaterThan(100)
  })

  it.each(docs)('%s renders as GitHub would', async (name, markdown) => {
    const { html, h1, description } = await renderDrop(markdown)
    // Every fence that names a common language is highlighted.
    const fences = [...html.matchAll(/<pre><code class="language-([\w+#.-]+)">([\s\S]*?)<\/code><\/pre>/g)]
    for (const [, lang, body] of fences) {
      if (KNOWN.has(lang.toLowerCase()) && body.trim().length > 20 && /[a-z]{3}/.test(body)) {
        expect({ name, lang, highlighted: body.includes('<span class="hljs-') }).toEqual({ name, lang, highlighted: true })
      }
    }
    // In-page links land on an id or name that exists in the document.
    const targets = new Set([...html.matchAll(/\s(?:id|name)="([^"]+)"/g)].map((m) => m[1]))
    const broken = [...html.matchAll(/href="#([^"]+)"/g)]
      .map((m) => decodeURIComponent(m[1]))
      .filter((id) => !targets.has(id) && !BROKEN_IN_SOURCE.includes(`${name}#${id}`))
    expect({ name, broken }).toEqual({ name, broken: [] })
    // Heading ids are GitHub slugs (no Markdown or punctuation left in them).
    for (const [, id] of html.matchAll(/<h[1-6] id="([^"]+)"/g)) expect(id).toMatch(/^[\p{L}\p{M}\p{N}_-]+$/u)
    // Nothing GitHub renders is left literal, and nothing swallowed the end.
    const prose = textOutsideCode(html)
    expect(prose).not.toMatch(/\[!(NOTE|TIP|IMPORTANT|WARNING|CAUTION)\]/)
    expect(prose).not.toMatch(/<(style|title|button|svg|script)\b/)
    // Titles and descriptions are plain text.
    expect(h1 ?? description).toBeTruthy()
    expect(description).not.toMatch(/!\[|\]\(|<[a-z]|\*\*|`/)
  })

  it('the set exercises the features (fences, in-page links, alerts or footnotes, align, emoji…)', async () => {
    const all = (await Promise.all(docs.map(async ([, md]) => (await renderDrop(md)).html))).join('\n')
    expect(all.match(/<span class="hljs-/g)?.length ?? 0).toBeGreaterThan(1000)
    expect(all.match(/href="#/g)?.length ?? 0).toBeGreaterThan(50)
    expect(all).toMatch(/align="center"/)
  }, 60_000)
})
