import type Token from 'markdown-it/lib/token.mjs'

const KINDS = { note: 'Note', tip: 'Tip', important: 'Important', warning: 'Warning', caution: 'Caution' } as const
type Kind = keyof typeof KINDS

/** `[!NOTE]` … at the very start of a quote's first paragraph, alone on its line (as GitHub). */
function alertKind(content: string): { kind: Kind; rest: string } | null {
  if (!content.startsWith('[!')) return null
  const end = content.indexOf(']')
  if (end < 3 || end > 12) return null
  const kind = content.slice(2, end).toLowerCase()
  if (!(kind in KINDS)) return null
  const after = content.slice(end + 1)
  const newline = after.indexOf('\n')
  const sameLine = newline < 0 ? after : after.slice(0, newline)
  if (sameLine.trim() !== '') return null
  return { kind: kind as Kind, rest: newline < 0 ? '' : after.slice(newline + 1) }
}

/**
 * GitHub alerts: a quote that starts with `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or
 * `[!CAUTION]` becomes `<div class="markdown-alert markdown-alert-note">` with a title line.
 * Runs on block tokens, before inline parsing; tokens are changed in place (no splicing, so
 * a document of many alerts stays linear). The title is written by `renderAlertOpen`.
 */
export function githubAlerts(state: { tokens: Token[] }): void {
  const tokens = state.tokens
  const open: (Token | null)[] = [] // the quote opened at each level, if it is an alert
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]
    if (token.type === 'blockquote_open') {
      const found = tokens[i + 1]?.type === 'paragraph_open' && tokens[i + 2]?.type === 'inline' ? alertKind(tokens[i + 2].content) : null
      open[token.level] = found ? token : null
      if (!found) continue
      token.type = 'alert_open'
      token.tag = 'div'
      token.attrs = [['class', `markdown-alert markdown-alert-${found.kind}`]]
      token.meta = { title: KINDS[found.kind] }
      tokens[i + 2].content = found.rest
      if (found.rest.trim() === '') {
        tokens[i + 1].hidden = true
        tokens[i + 2].content = ''
        if (tokens[i + 3]?.type === 'paragraph_close') tokens[i + 3].hidden = true
      }
    } else if (token.type === 'blockquote_close' && open[token.level]) {
      open[token.level] = null
      token.type = 'alert_close'
      token.tag = 'div'
    }
  }
}

export function renderAlertOpen(tokens: Token[], i: number): string {
  const token = tokens[i]
  return `<div class="${token.attrGet('class')}">\n<p class="markdown-alert-title">${token.meta.title}</p>\n`
}
