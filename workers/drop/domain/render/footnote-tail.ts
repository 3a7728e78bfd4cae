import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs'
import type Token from 'markdown-it/lib/token.mjs'

// Inline notes (`^[…]`) have no count: they are referenced once.
type FootnoteEntry = { label?: string; count?: number; tokens?: Token[]; content?: string }
type FootnoteEnv = { footnotes?: { list?: FootnoteEntry[] } }

/**
 * markdown-it-footnote's `footnote_tail`, made linear: the plugin appends each footnote with
 * `state.tokens = state.tokens.concat(…)`, a copy of the whole token list per footnote, so
 * 20,000 footnotes cost 11 s of CPU (issue 35). This builds the same tokens (the section of
 * footnotes, each with one back-reference per reference) pushing onto one array, so each token
 * is touched a constant number of times. Installed in place of the plugin's rule.
 */
export function footnoteTail(state: StateCore): void {
  const env = state.env as FootnoteEnv
  if (!env.footnotes) return
  // Reference-style definitions were parsed in place: lift their tokens out of the document.
  const kept: Token[] = []
  const definitions = new Map<string, Token[]>()
  let current: Token[] | null = null
  let label = ''
  for (const token of state.tokens) {
    if (token.type === 'footnote_reference_open') {
      current = []
      label = token.meta.label
    } else if (token.type === 'footnote_reference_close') {
      definitions.set(label, current ?? [])
      current = null
    } else if (current) current.push(token)
    else kept.push(token)
  }
  state.tokens = kept
  const list = env.footnotes.list
  if (!list) return

  const push = (type: string, tag: string, nesting: -1 | 0 | 1, meta?: unknown) => {
    const token = new state.Token(type, tag, nesting)
    if (meta !== undefined) token.meta = meta
    kept.push(token)
    return token
  }
  push('footnote_block_open', '', 1)
  for (let id = 0; id < list.length; id++) {
    const note = list[id]
    push('footnote_open', '', 1, { id, label: note.label })
    if (note.tokens) {
      push('paragraph_open', 'p', 1).block = true
      const inline = push('inline', '', 0)
      inline.children = note.tokens
      inline.content = note.content ?? ''
      push('paragraph_close', 'p', -1).block = true
    } else if (note.label) {
      for (const token of definitions.get(note.label) ?? []) kept.push(token)
    }
    // The back-references go inside the note's last paragraph, as the plugin puts them.
    const last = kept[kept.length - 1].type === 'paragraph_close' ? kept.pop() : undefined
    const refs = note.count && note.count > 0 ? note.count : 1
    for (let subId = 0; subId < refs; subId++) push('footnote_anchor', '', 0, { id, subId, label: note.label })
    if (last) kept.push(last)
    push('footnote_close', '', -1)
  }
  push('footnote_block_close', '', -1)
}
