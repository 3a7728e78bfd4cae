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

/**
 * Start tags before which a browser closes an open `<p>` (WHATWG HTML, "in body" insertion
 * mode: "if the stack of open elements has a p element in button scope, close a p element").
 * Doing the same here keeps a paragraph whose `</p>` got lost (an unknown tag the sanitizer
 * unwrapped can take it along) from wrapping the blocks after it, footnotes included.
 */
const CLOSES_P = new Set([
  'address',
  'article',
  'aside',
  'blockquote',
  'center',
  'details',
  'dialog',
  'dir',
  'div',
  'dl',
  'fieldset',
  'figcaption',
  'figure',
  'footer',
  'header',
  'hgroup',
  'main',
  'menu',
  'nav',
  'ol',
  'p',
  'section',
  'summary',
  'ul',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'pre',
  'listing',
  'table',
  'hr',
  'xmp',
])
/** Elements that end "button scope": a `<p>` below one of them is not closed from inside it. */
const SCOPE_BOUNDARY = new Set(['applet', 'caption', 'html', 'table', 'td', 'th', 'marquee', 'object', 'template', 'button'])

function isLetter(c: number): boolean {
  return (c >= 97 && c <= 122) || (c >= 65 && c <= 90)
}

export function balanceHtml(html: string): string {
  const stack: string[] = []
  const open = new Map<string, number>()
  // Positions in `stack` of each open p and scope boundary, innermost last: whether a p is in
  // button scope is then one look at the top, whatever the depth (no walk down the stack).
  const marks: number[] = []
  const push = (name: string) => {
    stack.push(name)
    open.set(name, (open.get(name) ?? 0) + 1)
    if (name === 'p' || SCOPE_BOUNDARY.has(name)) marks.push(stack.length - 1)
  }
  const pop = (): string | undefined => {
    const top = stack.pop()
    if (top === undefined) return undefined
    open.set(top, open.get(top)! - 1)
    if (marks[marks.length - 1] === stack.length) marks.pop()
    return top
  }
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
      if (CLOSES_P.has(name) && marks.length > 0 && stack[marks[marks.length - 1]] === 'p') {
        let closes = ''
        for (let top = pop(); top !== undefined; top = pop()) {
          closes += `</${top}>`
          if (top === 'p') break
        }
        out += html.slice(copied, i) + closes
        copied = i
      }
      if (!VOID.has(name) && html[end - 1] !== '/') push(name)
    } else if (!open.get(name)) {
      out += html.slice(copied, i) // a stray end tag: dropped
      copied = end + 1
    } else {
      let closes = ''
      for (let top = pop(); top !== undefined; top = pop()) {
        if (top === name) break
        closes += `</${top}>`
      }
      out += html.slice(copied, i) + closes
      copied = i
    }
    i = html.indexOf('<', end + 1)
  }
  out += html.slice(copied)
  for (let top = pop(); top !== undefined; top = pop()) out += `</${top}>`
  return out
}
