import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs'
import type Token from 'markdown-it/lib/token.mjs'

/**
 * Autolinks as GitHub makes them (GFM spec, "Autolinks (extension)"): text starting with
 * `www.`, `http://` or `https://`, and e-mail addresses. linkify-it also links bare host-like
 * words (`setup.py`, `README.md`, `install.sh` became `http://setup.py`); those go back to text.
 */
const GFM_AUTOLINK = /^(?:https?:\/\/|www\.)/i

export function gfmAutolinks(state: StateCore): void {
  for (const block of state.tokens) {
    const children = block.children
    if (block.type !== 'inline' || !children) continue
    let changed = false
    const kept: Token[] = []
    for (let i = 0; i < children.length; i++) {
      const open = children[i]
      if (open.type === 'link_open' && open.markup === 'linkify' && children[i + 2]?.type === 'link_close') {
        const text = children[i + 1]
        const href = open.attrGet('href') ?? ''
        if (!GFM_AUTOLINK.test(text.content) && !href.startsWith('mailto:')) {
          kept.push(text)
          i += 2
          changed = true
          continue
        }
      }
      kept.push(open)
    }
    if (changed) block.children = kept
  }
}
