import { Marked, type Tokens } from 'marked'

/** GitHub-style heading ids: lower-case, punctuation dropped, spaces to hyphens, repeats numbered. */
export function headingSlugger(): (text: string) => string {
  const seen = new Map<string, number>()
  return (text) => {
    const base =
      text
        .toLowerCase()
        .trim()
        .replace(/<[^>]*>/g, '')
        .replace(/&[a-z0-9#]+;/gi, '')
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s+/g, '-')
        .slice(0, 80) || 'section'
    const n = seen.get(base) ?? 0
    seen.set(base, n + 1)
    return n === 0 ? base : `${base}-${n}`
  }
}

/**
 * Markdown to (unsanitized) HTML with GitHub Flavored Markdown: tables, task lists,
 * strikethrough, autolinks, fenced code with a `language-*` class, and heading ids.
 * A fresh parser per call, so no state (heading ids) leaks between requests.
 */
export function markdownToHtml(markdown: string, options: { rawHtml: 'keep' | 'escape' } = { rawHtml: 'keep' }): string {
  const slug = headingSlugger()
  const marked = new Marked({ gfm: true, breaks: false, async: false })
  marked.use({
    renderer: {
      ...(options.rawHtml === 'escape' ? { html: (token: Tokens.HTML | Tokens.Tag) => escapeText(token.text) } : {}),
      heading(this: { parser: { parseInline(t: Tokens.Generic[]): string } }, token: Tokens.Heading) {
        const inner = this.parser.parseInline(token.tokens)
        return `<h${token.depth} id="${slug(token.text)}">${inner}</h${token.depth}>\n`
      },
    },
  })
  return marked.parse(markdown) as string
}

function escapeText(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')
}

/** Plain text of the first paragraph, for the page description and Open Graph. */
export function excerpt(markdown: string, max = 200): string {
  const tokens = new Marked({ gfm: true }).lexer(markdown)
  const para = tokens.find((t) => t.type === 'paragraph') as Tokens.Paragraph | undefined
  const text = (para?.text ?? '')
    .replace(/!\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[*_`~#>]/g, '')
    .replace(/<[^>]*>/g, '')
    .replace(/\s+/g, ' ')
    .trim()
  return text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text
}

/** Text of the first top-level H1, if any (becomes the page title). */
export function firstH1(markdown: string): string | null {
  const tokens = new Marked({ gfm: true }).lexer(markdown)
  const h1 = tokens.find((t) => t.type === 'heading' && (t as Tokens.Heading).depth === 1) as Tokens.Heading | undefined
  return h1 ? h1.text.replace(/[*_`~]/g, '').replace(/<[^>]*>/g, '').trim() : null
}
