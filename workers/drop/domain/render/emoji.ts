import type Token from 'markdown-it/lib/token.mjs'
import EMOJI from 'markdown-it-emoji/lib/data/full.mjs'

const NAMES = new Map<string, string>(Object.entries(EMOJI as Record<string, string>))
const NAME_MAX = 40
const isNameChar = (c: number) => (c >= 97 && c <= 122) || (c >= 48 && c <= 57) || c === 95 || c === 43 || c === 45 // a-z 0-9 _ + -

/** `:name:` shortcodes in one text, replaced by a scan (each character read at most twice). */
export function replaceShortcodes(text: string): string {
  if (!text.includes(':')) return text
  let out = ''
  let copied = 0
  let i = text.indexOf(':')
  while (i >= 0 && i < text.length) {
    let j = i + 1
    while (j < text.length && j - i <= NAME_MAX && isNameChar(text.charCodeAt(j))) j++
    if (j < text.length && text[j] === ':' && j > i + 1) {
      const emoji = NAMES.get(text.slice(i + 1, j))
      if (emoji) {
        out += text.slice(copied, i) + emoji
        copied = j + 1
        i = text.indexOf(':', j + 1)
        continue
      }
      i = j // the closing colon may open the next shortcode
      continue
    }
    i = text.indexOf(':', j)
  }
  return copied === 0 ? text : out + text.slice(copied)
}

/** GitHub's `:emoji:` shortcodes (the gemoji names) in text, never inside code or links' URLs. */
export function emojiShortcodes(state: { tokens: Token[] }): void {
  for (const token of state.tokens) {
    if (token.type !== 'inline') continue
    for (const child of token.children ?? []) {
      if (child.type === 'text') child.content = replaceShortcodes(child.content)
    }
  }
}
