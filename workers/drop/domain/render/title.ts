import { blockTokens } from './markdown'

/**
 * The spec's title rule: when the Markdown has no top-level heading, `# <title>` goes
 * before it; when it already has one (typically it starts with an ATX `# ` or setext `===`
 * H1, after leading blank lines), the title is ignored. Headings are found by the Markdown
 * parser, so `#hashtag`, a `#` inside a code block or an H2 never count as an H1.
 */
export function applyTitle(markdown: string, title: string | undefined): string {
  const clean = title?.replace(/[\r\n]+/g, ' ').trim()
  if (!clean) return markdown
  if (hasH1(markdown)) return markdown
  // Escape characters that would turn the title into something other than heading text;
  // the page title is read back from the parsed heading, so the reader never sees the backslashes.
  const text = clean.replace(/[\\`*_[\]<>#|&!~$:]/g, '\\$&')
  return `# ${text}\n\n${withoutLeadingBlankLines(markdown)}`
}

/** The Markdown from its first line that has something on it (a scan, not a pattern). */
function withoutLeadingBlankLines(markdown: string): string {
  let start = 0
  for (let i = 0; i < markdown.length; i++) {
    const ch = markdown[i]
    if (ch === '\n') start = i + 1
    else if (ch !== ' ' && ch !== '\t' && ch !== '\r') break
  }
  return markdown.slice(start)
}

export function hasH1(markdown: string): boolean {
  return blockTokens(markdown).some((t) => t.type === 'heading_open' && t.tag === 'h1')
}
