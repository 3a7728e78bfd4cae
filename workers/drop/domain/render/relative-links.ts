import type StateCore from 'markdown-it/lib/rules_core/state_core.mjs'
import type Token from 'markdown-it/lib/token.mjs'

/** A reference that depends on the page it sits on (not `#fragment`, not `//host`, no scheme). */
export function isRelative(url: string): boolean {
  return url !== '' && !url.startsWith('#') && !url.startsWith('//') && !/^[a-z][a-z0-9+.-]*:/i.test(url)
}

/**
 * Without `base_url`, a relative link (`[guide](docs/guide.md)`) would point into this site
 * and lead nowhere: it becomes its text followed by its target, `guide (docs/guide.md)`, so a
 * reader still sees where it pointed. With `base_url` the sanitizer resolves it instead.
 */
export function relativeLinksAsText(state: StateCore): void {
  if ((state.env as { baseUrl?: string }).baseUrl) return
  for (const block of state.tokens) {
    const children = block.children
    if (block.type !== 'inline' || !children) continue
    let changed = false
    const kept: Token[] = []
    let open: { href: string; text: string } | null = null
    for (const token of children) {
      if (token.type === 'link_open' && !open && isRelative(token.attrGet('href') ?? '')) {
        open = { href: token.attrGet('href') ?? '', text: '' }
        changed = true
        continue
      }
      if (token.type === 'link_close' && open) {
        let shown = open.href
        try {
          shown = decodeURI(open.href)
        } catch {
          // shown as written
        }
        if (open.text.trim() !== shown) {
          const target = new state.Token('text', '', 0)
          target.content = ` (${shown})`
          kept.push(target)
        }
        open = null
        continue
      }
      if (open && (token.type === 'text' || token.type === 'code_inline')) open.text += token.content
      kept.push(token)
    }
    if (changed) block.children = kept
  }
}
