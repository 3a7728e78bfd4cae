/**
 * Closes what sanitized HTML left open and drops end tags that close nothing, so the article
 * cannot swallow the page's footer or close the page's own elements (`</article></main>`).
 *
 * Runs on the sanitizer's output, where every tag is an allowlisted one and no attribute
 * value holds `<` or `>` (the sanitizer removes or encodes them), so a tag is exactly `<`,
 * an optional `/`, a name, and everything up to the next `>`. One pass; each open element
 * is pushed once and popped once.
 */
const VOID = new Set(['br', 'hr', 'img', 'input', 'wbr', 'col', 'area', 'source', 'track'])

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90)
}

export function balanceHtml(html: string): string {
  const stack: string[] = []
  const open = new Map<string, number>()
  let out = ''
  let copied = 0
  let i = html.indexOf('<')
  while (i >= 0) {
    const closing = html[i + 1] === '/'
    let j = i + (closing ? 2 : 1)
    const nameStart = j
    while (j < html.length && (isLetter(html.charCodeAt(j)) || (j > nameStart && /[0-9]/.test(html[j])))) j++
    const end = html.indexOf('>', j)
    if (j === nameStart || end < 0) {
      i = html.indexOf('<', i + 1)
      continue
    }
    const name = html.slice(nameStart, j).toLowerCase()
    if (!closing) {
      if (!VOID.has(name) && html[end - 1] !== '/') {
        stack.push(name)
        open.set(name, (open.get(name) ?? 0) + 1)
      }
    } else if (!open.get(name)) {
      out += html.slice(copied, i) // a stray end tag: dropped
      copied = end + 1
    } else {
      let closes = ''
      for (let top = stack.pop(); top !== undefined; top = stack.pop()) {
        open.set(top, open.get(top)! - 1)
        if (top === name) break
        closes += `</${top}>`
      }
      out += html.slice(copied, i) + closes
      copied = i
    }
    i = html.indexOf('<', end + 1)
  }
  out += html.slice(copied)
  while (stack.length) out += `</${stack.pop()}>`
  return out
}
