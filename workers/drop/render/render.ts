import { escapeHtml } from '../../../shared/html'
import { markdownToHtml } from './markdown'
import { sanitizeHtml } from './sanitize'

/**
 * Markdown to safe HTML, failing closed. HTMLRewriter's streaming parser refuses some
 * non-conforming markup outright (a `<style>` inside `<svg>`, a `<plaintext>` in a table…);
 * such a document is rendered again with its raw HTML shown as text, and should even that
 * fail, as preformatted text. A hostile document never becomes a 500 or an unsafe page.
 */
export async function renderSafely(markdown: string): Promise<string> {
  try {
    return await sanitizeHtml(markdownToHtml(markdown))
  } catch {
    try {
      return await sanitizeHtml(markdownToHtml(markdown, { rawHtml: 'escape' }))
    } catch {
      return `<pre>${escapeHtml(markdown)}</pre>`
    }
  }
}
