/**
 * Allowlist sanitizer for the HTML that `marked` produces (raw HTML in Markdown passes through
 * marked untouched, so everything a user types ends up here). Built on HTMLRewriter, the
 * HTML parser built into workerd: DOMPurify needs a DOM and fails open without one.
 *
 * Anything not on the lists goes: dangerous containers with their content, other tags keep
 * their text. Attributes are allowed per tag; URLs only with http(s)/mailto or relative,
 * judged after decoding entities and dropping the control characters and whitespace
 * browsers ignore (so `jav&#x09;ascript:`, `JaVaScRiPt:` and friends are all caught).
 * The page's CSP (no script sources at all) is the second line of defence.
 */

const ALLOWED_TAGS = new Set([
  'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'cite', 'code', 'dd', 'del', 'details', 'dfn',
  'div', 'dl', 'dt', 'em', 'figcaption', 'figure', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'hr', 'i',
  'img', 'input', 'ins', 'kbd', 'li', 'mark', 'ol', 'p', 'pre', 'q', 'rp', 'rt', 'ruby', 's',
  'samp', 'small', 'span', 'strong', 'sub', 'summary', 'sup', 'table', 'tbody', 'td', 'tfoot',
  'th', 'thead', 'tr', 'u', 'ul', 'var', 'wbr',
])

/** Removed together with everything inside them. */
const DROP_WITH_CONTENT = [
  'script', 'style', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'svg', 'math',
  'form', 'textarea', 'select', 'option', 'button', 'template', 'noscript', 'noembed', 'noframes',
  'xmp', 'plaintext', 'title', 'head', 'meta', 'link', 'base', 'video', 'audio', 'source',
  'track', 'canvas', 'portal', 'dialog', 'slot', 'param', 'marquee',
]

const GLOBAL_ATTRS = new Set(['title', 'lang', 'dir'])
const TAG_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href']),
  img: new Set(['src', 'alt', 'width', 'height']),
  code: new Set(['class']),
  th: new Set(['align', 'colspan', 'rowspan']),
  td: new Set(['align', 'colspan', 'rowspan']),
  ol: new Set(['start', 'reversed']),
  li: new Set(['value']),
  input: new Set(['type', 'checked', 'disabled']),
  details: new Set(['open']),
  h1: new Set(['id']), h2: new Set(['id']), h3: new Set(['id']),
  h4: new Set(['id']), h5: new Set(['id']), h6: new Set(['id']),
  q: new Set(['cite']),
  blockquote: new Set(['cite']),
  abbr: new Set(['title']),
}

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':', tab: '\t', newline: '\n', sol: '/', lpar: '(', rpar: ')', amp: '&', quot: '"',
  apos: "'", lt: '<', gt: '>', nbsp: ' ', period: '.', comma: ',', num: '#', excl: '!',
}

export function decodeEntities(value: string): string {
  return value.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);?/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const code = ref[1] === 'x' || ref[1] === 'X' ? parseInt(ref.slice(2), 16) : parseInt(ref.slice(1), 10)
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : ''
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole
  })
}

/**
 * A URL as the browser would see it, or null when it is not safe to keep.
 * `kind` img also accepts inline raster images; links never accept `data:`.
 */
export function safeUrl(raw: string, kind: 'link' | 'img'): string | null {
  // Browsers strip ASCII whitespace and control characters before reading the scheme.
  const url = decodeEntities(raw).replace(/[\u0000-\u0020\u007f-\u009f\u200b-\u200f\u2028\u2029\ufeff]+/g, '')
  if (!url) return null
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1]?.toLowerCase()
  if (scheme === undefined) {
    // Relative reference: no scheme before the first / ? or #.
    if (/^[^/?#]*:/.test(url) || url.startsWith('\\') || url.startsWith('/\\')) return null
  } else if (kind === 'link' && !['http', 'https', 'mailto'].includes(scheme)) {
    return null
  } else if (kind === 'img' && scheme !== 'https' && !/^data:image\/(png|gif|jpeg|webp|avif);base64,[a-z0-9+/=]+$/i.test(url)) {
    return null
  }
  // Keep the value inert inside a double-quoted attribute.
  return url.replace(/["<>`\s]/g, (ch) => encodeURIComponent(ch))
}

class Allowlist {
  element(el: Element): void {
    if (el.removed) return
    const tag = el.tagName.toLowerCase()
    if (!ALLOWED_TAGS.has(tag)) {
      el.removeAndKeepContent()
      return
    }
    const attributes = [...el.attributes]
    // Browsers use the first of two same-named attributes; other parsers (and our own
    // setAttribute) may act on the last. An element that repeats one is dropped, its text kept.
    const names = new Set(attributes.map(([name]) => name.toLowerCase()))
    if (names.size !== attributes.length) {
      el.removeAndKeepContent()
      return
    }
    const allowed = TAG_ATTRS[tag]
    for (const [name, value] of attributes) {
      const attr = name.toLowerCase()
      if (!GLOBAL_ATTRS.has(attr) && !allowed?.has(attr)) {
        el.removeAttribute(name)
        continue
      }
      if (attr === 'href' || attr === 'src' || attr === 'cite') {
        const safe = safeUrl(value, attr === 'src' ? 'img' : 'link')
        if (safe === null) el.removeAttribute(name)
        else el.setAttribute(attr, safe)
      } else if (attr === 'class' && !/^language-[\w+#.-]{1,40}$/.test(value)) {
        el.removeAttribute(name)
      } else if (attr === 'type' && value.toLowerCase() !== 'checkbox') {
        el.remove()
        return
      } else if (attr === 'id' && !/^[\p{L}\p{N}_-]{1,100}$/u.test(value)) {
        el.removeAttribute(name)
      } else if (/[<>"`]/.test(value)) {
        el.removeAttribute(name)
      }
    }
    if (tag === 'input') {
      if (el.getAttribute('type')?.toLowerCase() !== 'checkbox') {
        el.remove()
        return
      }
      el.setAttribute('disabled', '')
    }
    if (tag === 'a') el.setAttribute('rel', 'nofollow noopener ugc')
  }

  comments(comment: Comment): void {
    comment.remove()
  }
}

class DropAll {
  element(el: Element): void {
    el.remove()
  }
}

export async function sanitizeHtml(html: string): Promise<string> {
  let rewriter = new HTMLRewriter()
  rewriter = rewriter.on(DROP_WITH_CONTENT.join(', '), new DropAll())
  rewriter = rewriter.on('*', new Allowlist())
  rewriter = rewriter.onDocument({ comments: (c) => void c.remove() })
  return rewriter.transform(new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })).text()
}
