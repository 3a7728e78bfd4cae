import hljs from './hljs.mjs'

/**
 * Syntax highlighting at publish time with highlight.js (its core and ~36 common languages),
 * output as `hljs-*` classes the page's stylesheet colours for light and dark. Only fences
 * that name a known language are highlighted, each up to BLOCK_MAX bytes and together up to
 * DOCUMENT_MAX: whatever a grammar costs per byte, a document's highlighting work has a fixed
 * ceiling; the rest is shown as plain (escaped) code.
 */
const BLOCK_MAX = 64 * 1024
const DOCUMENT_MAX = 256 * 1024

export type Highlighter = (code: string, lang: string) => string

/** A highlighter with its own budget (one per document). '' means "escape it yourself". */
export function createHighlighter(): Highlighter {
  let budget = DOCUMENT_MAX
  return (code, lang) => {
    const language = lang.trim().toLowerCase()
    if (!language || !hljs.getLanguage(language) || code.length > BLOCK_MAX || code.length > budget) return ''
    budget -= code.length
    try {
      return hljs.highlight(code, { language, ignoreIllegals: true }).value
    } catch {
      return ''
    }
  }
}
