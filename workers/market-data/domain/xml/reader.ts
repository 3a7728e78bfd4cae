/**
 * A small, strict XML reader for the market documents we ingest (ENTSO-E IEC 62325 XML).
 * Those documents use elements, text, attributes and namespaces, nothing else; a DOM is not
 * available in workerd and a general library would bring features we must not accept
 * (DTDs, external entities). This reader builds a plain element tree, resolves namespaces,
 * decodes the five predefined entities and character references, reads CDATA, skips
 * comments and processing instructions, and refuses anything else (DOCTYPE, unknown
 * entities, mismatched tags) with an XmlError naming the offset.
 */
export type XmlElement = {
  /** Local name, without prefix: `Publication_MarketDocument`, `period.timeInterval`. */
  name: string
  /** Namespace URI in force for the element ('' when none). */
  ns: string
  attrs: Record<string, string>
  children: XmlElement[]
  /** Concatenated character data directly inside the element, entities decoded. */
  text: string
}

export class XmlError extends Error {
  constructor(
    message: string,
    readonly offset: number
  ) {
    super(`${message} (at character ${offset})`)
    this.name = 'XmlError'
  }
}

const MAX_DEPTH = 64
const NAME = /^[A-Za-z_][\w.-]*(?::[A-Za-z_][\w.-]*)?/
const ATTR = /\s*([A-Za-z_][\w.\-:]*)\s*=\s*("([^"<]*)"|'([^'<]*)')/y
const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" }

type Frame = { el: XmlElement; qname: string; scope: Map<string, string> }

export function parseXml(source: string): XmlElement {
  let i = source.charCodeAt(0) === 0xfeff ? 1 : 0
  const stack: Frame[] = []
  let root: XmlElement | null = null

  const appendText = (raw: string, at: number) => {
    const top = stack[stack.length - 1]
    if (!top) {
      if (raw.trim()) throw new XmlError('Text outside the root element', at)
      return
    }
    top.el.text += decodeEntities(raw, at)
  }

  while (i < source.length) {
    const lt = source.indexOf('<', i)
    if (lt === -1) {
      appendText(source.slice(i), i)
      break
    }
    if (lt > i) appendText(source.slice(i, lt), i)

    if (source.startsWith('<?', lt)) {
      i = skipPast(source, '?>', lt)
    } else if (source.startsWith('<!--', lt)) {
      i = skipPast(source, '-->', lt)
    } else if (source.startsWith('<![CDATA[', lt)) {
      const end = source.indexOf(']]>', lt)
      if (end === -1) throw new XmlError('Unterminated CDATA section', lt)
      const top = stack[stack.length - 1]
      if (!top) throw new XmlError('CDATA outside the root element', lt)
      top.el.text += source.slice(lt + 9, end)
      i = end + 3
    } else if (source.startsWith('<!', lt)) {
      throw new XmlError('DOCTYPE and other declarations are not accepted', lt)
    } else if (source.startsWith('</', lt)) {
      const gt = source.indexOf('>', lt)
      if (gt === -1) throw new XmlError('Unterminated closing tag', lt)
      const qname = source.slice(lt + 2, gt).trim()
      const top = stack.pop()
      if (!top || top.qname !== qname) {
        throw new XmlError(`Closing tag </${qname}> does not match <${top?.qname ?? 'nothing'}>`, lt)
      }
      i = gt + 1
    } else {
      i = openTag(source, lt, stack, (el) => {
        if (root) throw new XmlError('More than one root element', lt)
        root = el
      })
    }
  }
  if (stack.length) throw new XmlError(`Element <${stack[stack.length - 1].qname}> is not closed`, source.length)
  if (!root) throw new XmlError('No root element', 0)
  return root
}

function openTag(source: string, lt: number, stack: Frame[], setRoot: (el: XmlElement) => void): number {
  const nameMatch = NAME.exec(source.slice(lt + 1, lt + 201))
  if (!nameMatch) throw new XmlError('Malformed start tag', lt)
  const qname = nameMatch[0]
  let i = lt + 1 + qname.length
  const rawAttrs: Record<string, string> = {}
  for (;;) {
    ATTR.lastIndex = i
    const m = ATTR.exec(source)
    if (!m) break
    rawAttrs[m[1]] = decodeEntities(m[3] ?? m[4] ?? '', i)
    i = ATTR.lastIndex
  }
  while (i < source.length && /\s/.test(source[i])) i++
  const selfClosing = source.startsWith('/>', i)
  if (!selfClosing && source[i] !== '>') throw new XmlError(`Malformed start tag <${qname}>`, lt)
  i += selfClosing ? 2 : 1

  const parent = stack[stack.length - 1]
  const scope = new Map(parent?.scope ?? [])
  const attrs: Record<string, string> = {}
  for (const [key, value] of Object.entries(rawAttrs)) {
    if (key === 'xmlns') scope.set('', value)
    else if (key.startsWith('xmlns:')) scope.set(key.slice(6), value)
    else attrs[key.includes(':') ? key.slice(key.indexOf(':') + 1) : key] = value
  }
  const colon = qname.indexOf(':')
  const prefix = colon === -1 ? '' : qname.slice(0, colon)
  const ns = scope.get(prefix)
  if (prefix && ns === undefined) throw new XmlError(`Undeclared namespace prefix "${prefix}"`, lt)
  const el: XmlElement = { name: colon === -1 ? qname : qname.slice(colon + 1), ns: ns ?? '', attrs, children: [], text: '' }

  if (parent) parent.el.children.push(el)
  else setRoot(el)
  if (!selfClosing) {
    if (stack.length >= MAX_DEPTH) throw new XmlError('Elements are nested too deeply', lt)
    stack.push({ el, qname, scope })
  }
  return i
}

function skipPast(source: string, terminator: string, from: number): number {
  const end = source.indexOf(terminator, from)
  if (end === -1) throw new XmlError(`Unterminated construct, expected "${terminator}"`, from)
  return end + terminator.length
}

function decodeEntities(raw: string, at: number): string {
  if (!raw.includes('&')) return raw
  return raw.replace(/&([^;&\s]*);?/g, (whole, ref: string) => {
    if (!whole.endsWith(';')) throw new XmlError(`Bare "&" in text`, at)
    if (ref in ENTITIES) return ENTITIES[ref]
    const code = /^#x[0-9a-fA-F]+$/.test(ref) ? parseInt(ref.slice(2), 16) : /^#\d+$/.test(ref) ? Number(ref.slice(1)) : NaN
    if (!Number.isFinite(code) || code > 0x10ffff) throw new XmlError(`Unknown entity &${ref};`, at)
    return String.fromCodePoint(code)
  })
}

/** First child element with that local name. */
export function child(el: XmlElement, name: string): XmlElement | undefined {
  return el.children.find((c) => c.name === name)
}

export function childrenNamed(el: XmlElement, name: string): XmlElement[] {
  return el.children.filter((c) => c.name === name)
}

/** Trimmed text of a descendant reached by a path of local names, or undefined. */
export function textAt(el: XmlElement, ...path: string[]): string | undefined {
  let cur: XmlElement | undefined = el
  for (const name of path) {
    cur = cur && child(cur, name)
  }
  return cur?.text.trim()
}
