import { Marked, type Tokens } from 'marked'

/**
 * The spec's title rule: when the Markdown has no top-level heading, `# <title>` goes
 * before it; when it already has one (typically it starts with an ATX `# ` or setext `===`
 * H1, after leading blank lines), the title is ignored. Headings are found by the Markdown
 * lexer, so `#hashtag`, a `#` inside a code block or an H2 never count as an H1.
 */
export function applyTitle(markdown: string, title: string | undefined): string {
  const clean = title?.replace(/[\r\n]+/g, ' ').trim()
  if (!clean) return markdown
  const tokens = new Marked({ gfm: true }).lexer(markdown)
  const hasH1 = tokens.some((t) => t.type === 'heading' && (t as Tokens.Heading).depth === 1)
  if (hasH1) return markdown
  // Escape characters that would turn the title into something other than heading text.
  const text = clean.replace(/([\\`*_[\]<>#|])/g, '\\$1')
  return `# ${text}\n\n${markdown.replace(/^(?:[ \t]*\r?\n)+/, '')}`
}
