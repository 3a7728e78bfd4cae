import { getDomain } from 'tldts'
import type { HtmlScan } from '../retrieve/html-scan'

/**
 * Subresource Integrity (W3C SRI §3), graded like the Observatory's subresource-integrity test:
 * a script from another site should carry an `integrity` hash and come over HTTPS. A script is
 * "external" when its host's registrable domain (Public Suffix List, private section included)
 * differs from the page's; "loaded securely" means an explicit https: URL, or a relative path on
 * an HTTPS page. A protocol-relative `//host/x.js` counts as insecure, as in the Observatory.
 * The page is read up to the first 64 KiB (retrieve/page.ts).
 */
export type SriResult =
  | 'sri-implemented-and-all-scripts-loaded-securely'
  | 'sri-implemented-and-external-scripts-loaded-securely'
  | 'sri-not-implemented-response-not-html'
  | 'sri-not-implemented-but-no-scripts-loaded'
  | 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin'
  | 'sri-not-implemented-but-external-scripts-loaded-securely'
  | 'sri-implemented-but-external-scripts-not-loaded-securely'
  | 'sri-not-implemented-and-external-scripts-not-loaded-securely'

export type SriAnalysis = {
  result: SriResult
  scripts: number
  external: number
  external_without_integrity: number
  insecure: string[]
}

const site = (host: string) => getDomain(host, { allowPrivateDomains: true }) ?? host

export function analyseSri(pageUrl: string | null, html: HtmlScan | null): SriAnalysis {
  const out = (result: SriResult, extra: Partial<SriAnalysis> = {}): SriAnalysis => ({
    result,
    scripts: html?.scripts.length ?? 0,
    external: 0,
    external_without_integrity: 0,
    insecure: [],
    ...extra,
  })
  if (pageUrl === null || html === null) return out('sri-not-implemented-response-not-html')
  if (html.scripts.length === 0) return out('sri-not-implemented-but-no-scripts-loaded')
  const page = new URL(pageUrl)
  const pageSite = site(page.hostname)
  let external = 0
  let externalWithout = 0
  let anyIntegrity = false
  const insecure: string[] = []
  for (const script of html.scripts) {
    let url: URL
    try {
      url = new URL(script.src, page)
    } catch {
      continue // a src no browser can load loads nothing
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue // data:, blob: come from the page itself
    anyIntegrity ||= script.integrity
    const sameSite = url.hostname === page.hostname || site(url.hostname) === pageSite
    if (sameSite) continue
    external++
    if (!script.integrity) externalWithout++
    if (url.protocol !== 'https:' || script.src.startsWith('//')) insecure.push(url.href.slice(0, 200))
  }
  const facts = { external, external_without_integrity: externalWithout, insecure: insecure.slice(0, 10) }
  if (external === 0) {
    return out(
      anyIntegrity ? 'sri-implemented-and-all-scripts-loaded-securely' : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
      facts
    )
  }
  if (insecure.length > 0) {
    return out(
      externalWithout > 0
        ? 'sri-not-implemented-and-external-scripts-not-loaded-securely'
        : 'sri-implemented-but-external-scripts-not-loaded-securely',
      facts
    )
  }
  return out(
    externalWithout > 0
      ? 'sri-not-implemented-but-external-scripts-loaded-securely'
      : 'sri-implemented-and-external-scripts-loaded-securely',
    facts
  )
}
