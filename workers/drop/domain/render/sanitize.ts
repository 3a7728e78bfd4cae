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
  'a',
  'abbr',
  'b',
  'blockquote',
  'br',
  'caption',
  'cite',
  'code',
  'dd',
  'del',
  'details',
  'dfn',
  'div',
  'dl',
  'dt',
  'em',
  'figcaption',
  'figure',
  'h1',
  'h2',
  'h3',
  'h4',
  'h5',
  'h6',
  'hr',
  'i',
  'img',
  'input',
  'ins',
  'kbd',
  'li',
  'mark',
  'ol',
  'p',
  'pre',
  'q',
  'rp',
  'rt',
  'ruby',
  's',
  'samp',
  'section',
  'small',
  'span',
  'strong',
  'sub',
  'summary',
  'sup',
  'table',
  'tbody',
  'td',
  'tfoot',
  'th',
  'thead',
  'tr',
  'u',
  'ul',
  'var',
  'wbr',
])

/** Removed together with everything inside them. */
const DROP_WITH_CONTENT = [
  'script',
  'style',
  'iframe',
  'frame',
  'frameset',
  'object',
  'embed',
  'applet',
  'svg',
  'math',
  'form',
  'textarea',
  'select',
  'option',
  'button',
  'template',
  'noscript',
  'noembed',
  'noframes',
  'xmp',
  'plaintext',
  'title',
  'head',
  'meta',
  'link',
  'base',
  'video',
  'audio',
  'source',
  'track',
  'canvas',
  'portal',
  'dialog',
  'slot',
  'param',
  'marquee',
]

// `id` anywhere (in-page anchors, footnotes): the page runs no script, so a clobbered global
// name harms nothing; values are held to letters, digits and `_ : . -`.
const GLOBAL_ATTRS = new Set(['title', 'lang', 'dir', 'id', 'class'])
const ALIGNABLE = new Set(['p', 'div', 'img', 'td', 'th', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
const TAG_ATTRS: Record<string, Set<string>> = {
  a: new Set(['href', 'name', 'aria-hidden']),
  img: new Set(['src', 'alt', 'width', 'height', 'align']),
  th: new Set(['align', 'colspan', 'rowspan']),
  td: new Set(['align', 'colspan', 'rowspan']),
  ol: new Set(['start', 'reversed']),
  li: new Set(['value']),
  input: new Set(['type', 'checked', 'disabled']),
  details: new Set(['open']),
  p: new Set(['align']),
  div: new Set(['align']),
  h1: new Set(['align']),
  h2: new Set(['align']),
  h3: new Set(['align']),
  h4: new Set(['align']),
  h5: new Set(['align']),
  h6: new Set(['align']),
  q: new Set(['cite']),
  blockquote: new Set(['cite']),
  abbr: new Set(['title']),
}

/**
 * Classes we produce ourselves (highlighting, alerts, footnotes, heading anchors) and the
 * only ones kept: the stylesheet gives them meaning, nothing else on the page reads them.
 */
const CLASS_TOKEN =
  /^(?:language-[\w+#.-]{1,40}|hljs(?:-[a-z]{1,30}(?:-[a-z]{1,30})?)?|[a-z]{1,20}_{1,2}|markdown-alert(?:-(?:note|tip|important|warning|caution|title))?|footnote-(?:ref|item|backref)|footnotes(?:-list|-sep)?|anchor|diagram|drop-math-\d{1,6})$/

function safeClass(value: string): string | null {
  const tokens = value.split(' ').filter((t) => t !== '')
  if (tokens.length === 0 || tokens.length > 4) return null
  return tokens.every((t) => CLASS_TOKEN.test(t)) ? tokens.join(' ') : null
}

const NAMED_ENTITIES: Record<string, string> = {
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  lpar: '(',
  rpar: ')',
  amp: '&',
  quot: '"',
  apos: "'",
  lt: '<',
  gt: '>',
  nbsp: ' ',
  period: '.',
  comma: ',',
  num: '#',
  excl: '!',
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

/** A reference that depends on the page it sits on (not `#fragment`, not `//host`, no scheme). */
function isRelative(url: string): boolean {
  return !url.startsWith('#') && !url.startsWith('//') && !/^[a-z][a-z0-9+.-]*:/i.test(url)
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')

class Allowlist {
  constructor(private readonly baseUrl: string | undefined) {}

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
        const kind = attr === 'src' ? 'img' : 'link'
        let safe = safeUrl(value, kind)
        if (safe !== null && isRelative(safe)) {
          // Relative to the document's own home (e.g. a repository), never to this site.
          if (this.baseUrl) safe = safeUrl(new URL(safe, this.baseUrl).href, kind)
          else if (tag === 'img') {
            const alt = el.getAttribute('alt')
            el.replace(alt ? escapeText(alt) : '', { html: true })
            return
          } else safe = null
        }
        if (safe === null) el.removeAttribute(name)
        else el.setAttribute(attr, safe)
      } else if (attr === 'class') {
        const safe = value.length <= 200 ? safeClass(value) : null
        if (safe === null) el.removeAttribute(name)
      } else if (attr === 'align') {
        const a = value.toLowerCase()
        if (!ALIGNABLE.has(tag) || !['left', 'center', 'right', 'justify'].includes(a)) el.removeAttribute(name)
      } else if (attr === 'aria-hidden') {
        if (value !== 'true') el.removeAttribute(name)
      } else if (attr === 'type' && value.toLowerCase() !== 'checkbox') {
        el.remove()
        return
      } else if ((attr === 'id' || attr === 'name') && !/^[\p{L}\p{M}\p{N}_:.-]{1,256}$/u.test(value)) {
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

/**
 * `baseUrl` (an absolute http(s) URL) resolves relative links and images; without it they
 * would point into this site, so links lose their target and images become their alt text.
 */
export async function sanitizeHtml(html: string, options: { baseUrl?: string } = {}): Promise<string> {
  let rewriter = new HTMLRewriter()
  rewriter = rewriter.on(DROP_WITH_CONTENT.join(', '), new DropAll())
  rewriter = rewriter.on('*', new Allowlist(options.baseUrl))
  rewriter = rewriter.onDocument({ comments: (c) => void c.remove() })
  return rewriter.transform(new Response(html, { headers: { 'content-type': 'text/html; charset=utf-8' } })).text()
}
