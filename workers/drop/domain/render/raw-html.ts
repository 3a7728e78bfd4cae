import type Token from 'markdown-it/lib/token.mjs'

/**
 * Elements the sanitizer removes together with their content, or that switch the HTML
 * parser into raw text. Left open in a document, each would take everything after it (a bare
 * `<style>` in prose used to delete the rest of the page). In every raw HTML token, an opening
 * tag of one of these whose closing tag is not in the same token is cut out, tag only, so the
 * text around it stays. `pre` too: left open, it would set the rest of the document as
 * preformatted text.
 */
const SWALLOWING = [
  'script',
  'style',
  'pre',
  'title',
  'textarea',
  'xmp',
  'plaintext',
  'noembed',
  'noframes',
  'noscript',
  'iframe',
  'svg',
  'math',
  'button',
  'select',
  'option',
  'template',
  'form',
  'object',
  'embed',
  'applet',
  'frameset',
  'frame',
  'video',
  'audio',
  'canvas',
  'dialog',
  'marquee',
  'head',
  'portal',
  'slot',
]

function isNameEnd(c: string | undefined): boolean {
  return c === undefined || c === '>' || c === '/' || c === ' ' || c === '\t' || c === '\n' || c === '\r' || c === '\f'
}

/**
 * The content with unclosed swallowing tags removed; one pass per tag name, each linear.
 * `closedLater(name)` says whether a later token of the same paragraph closes it.
 */
export function cutUnclosed(content: string, closedLater: (name: string) => boolean = () => false): string {
  if (!content.includes('<')) return content
  let out = content
  for (const name of SWALLOWING) {
    const lower = out.toLowerCase()
    if (!lower.includes('<' + name)) continue
    const lastClose = lower.lastIndexOf('</' + name)
    const lastGt = lower.lastIndexOf('>')
    let result = ''
    let copied = 0
    let from = 0
    for (;;) {
      const at = lower.indexOf('<' + name, from)
      if (at < 0) break
      from = at + 1 + name.length
      if (!isNameEnd(lower[from])) continue
      // lastIndexOf first: with no close after this tag, no forward search at all.
      const closeAt = lastClose >= from ? lower.indexOf('</' + name, from) : -1
      if (closeAt >= 0) {
        // Closed in this token: the sanitizer removes the element whole. Skip past it.
        from = closeAt + 2 + name.length
        continue
      }
      if (closedLater(name)) continue
      const end = lastGt >= from ? lower.indexOf('>', from) : -1
      result += out.slice(copied, at)
      // Without a `>` only the tag's name goes; the text after it stays.
      copied = end < 0 ? from : end + 1
      from = copied
    }
    out = result + out.slice(copied)
  }
  return out
}

export function containRawHtml(state: { tokens: Token[] }): void {
  for (const token of state.tokens) {
    if (token.type === 'html_block') token.content = cutUnclosed(token.content)
    const children = token.children ?? []
    // In a paragraph each tag is its own token: `<b>` and `</b>` are siblings. The last
    // sibling that closes each name, found in one pass, tells whether an opening is closed.
    const lastClose = new Map<string, number>()
    children.forEach((child, k) => {
      if (child.type !== 'html_inline' || !child.content.startsWith('</')) return
      let end = 2
      while (end < child.content.length && !isNameEnd(child.content[end])) end++
      lastClose.set(child.content.slice(2, end).toLowerCase(), k)
    })
    children.forEach((child, k) => {
      if (child.type === 'html_inline') child.content = cutUnclosed(child.content, (name) => (lastClose.get(name) ?? -1) > k)
    })
  }
}
