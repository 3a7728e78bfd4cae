/**
 * `<meta http-equiv>` policies in a page's head. Browsers apply a CSP or Referrer-Policy
 * delivered this way (HTML Living Standard §4.2.5.3 "pragma directives"), and the Observatory
 * counts them, so the audit reads them from the first bytes of the HTML.
 */
export type MetaPolicies = { csp: string[]; referrer: string[] }

const META_TAG = /<meta\b([^>]*)>/gi
const ATTRIBUTE = /([a-zA-Z_:][-a-zA-Z0-9_:.]*)\s*(?:=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'=<>`]+)))?/g

function attributes(tag: string): Map<string, string> {
  const out = new Map<string, string>()
  for (const m of tag.matchAll(ATTRIBUTE)) {
    const name = m[1].toLowerCase()
    if (!out.has(name)) out.set(name, decodeEntities(m[2] ?? m[3] ?? m[4] ?? ''))
  }
  return out
}

function decodeEntities(s: string): string {
  return s
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}

export function readMetaPolicies(html: string): MetaPolicies {
  // Only the head counts; a meta CSP after <body> starts is ignored by browsers.
  const bodyAt = html.search(/<body\b/i)
  const head = bodyAt >= 0 ? html.slice(0, bodyAt) : html
  const csp: string[] = []
  const referrer: string[] = []
  for (const m of head.matchAll(META_TAG)) {
    const attrs = attributes(m[1])
    const equiv = attrs.get('http-equiv')?.trim().toLowerCase()
    const content = attrs.get('content')
    if (content === undefined) continue
    if (equiv === 'content-security-policy') csp.push(content)
    // <meta name="referrer"> is the HTML form (HTML §4.2.5.1); http-equiv is also honoured.
    if (equiv === 'referrer-policy' || attrs.get('name')?.trim().toLowerCase() === 'referrer') referrer.push(content)
  }
  return { csp, referrer }
}
