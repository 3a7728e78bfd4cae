import { DomainError } from '../../../../shared/errors'
import { escapeHtml } from '../../../../shared/html'
import { excerpt, firstH1, parseMarkdown, type ParsedMarkdown } from './markdown'
import { balanceHtml } from './balance'
import { insertMath } from './math'
import { checkRenderedLength } from './page-limits'
import { sanitizeHtml } from './sanitize'

export type Rendered = { html: string; h1: string | null; description: string }

function parse(markdown: string, rawHtml: 'keep' | 'escape', baseUrl?: string): ParsedMarkdown {
  return parseMarkdown(markdown, { rawHtml, baseUrl })
}

/**
 * Markdown to safe HTML, failing closed. HTMLRewriter's streaming parser refuses some
 * non-conforming markup outright (a `<style>` inside `<svg>`, a `<plaintext>` in a table…);
 * such a document is rendered again with its raw HTML shown as text, and should even that
 * fail, as preformatted text. A hostile document never becomes a 500 or an unsafe page;
 * input we refuse on purpose (a DomainError: nesting too deep, a page too large) is a 4xx.
 * An article already over the page limit is refused before the sanitizer reads it.
 */
export async function renderDrop(markdown: string, options: { baseUrl?: string } = {}): Promise<Rendered> {
  const markdownBytes = new TextEncoder().encode(markdown).byteLength
  const parsed = parse(markdown, 'keep', options.baseUrl)
  checkRenderedLength(parsed.html.length, markdownBytes)
  const meta = { h1: firstH1(parsed.tokens), description: excerpt(parsed.tokens) }
  const safe = async (html: string) => balanceHtml(await sanitizeHtml(html, options))
  try {
    // KaTeX's MathML goes in after the sanitizer, in place of placeholders the sanitizer kept.
    return { html: insertMath(await safe(parsed.html), parsed.math), ...meta }
  } catch (error) {
    if (refused(error)) throw error
    try {
      return { html: await safe(parse(markdown, 'escape', options.baseUrl).html), ...meta }
    } catch (again) {
      if (refused(again)) throw again
      return { html: `<pre>${escapeHtml(markdown)}</pre>`, ...meta }
    }
  }
}

const refused = (error: unknown) => error instanceof DomainError

export async function renderSafely(markdown: string): Promise<string> {
  return (await renderDrop(markdown)).html
}
