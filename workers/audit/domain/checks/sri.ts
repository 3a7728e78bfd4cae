import { getDomain } from 'tldts'
import { deviation, type Deviation } from '../deviation'
import type { HtmlScan } from '../retrieve/html-scan'

/**
 * Subresource Integrity (W3C SRI §3), graded like the Observatory's subresource-integrity test:
 * a script from another site should carry an `integrity` hash and come over HTTPS. A script is
 * "external" when its host's registrable domain (Public Suffix List, private section included)
 * differs from the page's; "loaded securely" means an explicit https: URL, or a relative path on
 * an HTTPS page. A protocol-relative `//host/x.js` counts as external and insecure whatever its
 * host, as in the Observatory (src/analyzer/tests/subresource-integrity.js): the page may be
 * served over plain HTTP too. The Observatory compares registrable domains without the PSL's
 * private section (user.github.io and other.github.io are one site there); where that changes
 * the result, the finding carries the departure (data/deviations.ts).
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
  deviation: Deviation | null
}

type SiteOf = (host: string) => string
const site: SiteOf = (host) => getDomain(host, { allowPrivateDomains: true }) ?? host
const observatorySite: SiteOf = (host) => getDomain(host, { allowPrivateDomains: false }) ?? host

export function analyseSri(pageUrl: string | null, html: HtmlScan | null): SriAnalysis {
  const ours = grade(pageUrl, html, site)
  const observatory = grade(pageUrl, html, observatorySite).result
  return { ...ours, deviation: deviation('sri-private-suffix', ours.result, observatory) }
}

// Best first, worst last: the Observatory's `goodness` list. A page's result is the worst any
// script earns, in this order (so one script over http: with a hash, -20, ranks below one over
// https: without, -5, as there).
const ORDER: SriResult[] = [
  'sri-implemented-and-all-scripts-loaded-securely',
  'sri-implemented-and-external-scripts-loaded-securely',
  'sri-implemented-but-external-scripts-not-loaded-securely',
  'sri-not-implemented-but-external-scripts-loaded-securely',
  'sri-not-implemented-and-external-scripts-not-loaded-securely',
]
const worse = (a: SriResult | null, b: SriResult) => (a === null || ORDER.indexOf(b) > ORDER.indexOf(a) ? b : a)

function grade(pageUrl: string | null, html: HtmlScan | null, siteOf: SiteOf): Omit<SriAnalysis, 'deviation'> {
  const out = (result: SriResult, extra: Partial<SriAnalysis> = {}): Omit<SriAnalysis, 'deviation'> => ({
    result,
    scripts: html?.scripts.length ?? 0,
    external: 0,
    external_without_integrity: 0,
    insecure: [],
    ...extra,
  })
  if (pageUrl === null || html === null) return out('sri-not-implemented-response-not-html')
  // Inline scripts count as scripts loaded from the page itself, as in the Observatory.
  if (html.scripts.length === 0 && html.inline_scripts === 0) return out('sri-not-implemented-but-no-scripts-loaded')
  const page = new URL(pageUrl)
  const pageSite = siteOf(page.hostname)
  let external = 0
  let externalWithout = 0
  let result: SriResult | null = null
  const insecure: string[] = []
  for (const script of html.scripts) {
    let url: URL
    try {
      url = new URL(script.src, page)
    } catch {
      continue // a src no browser can load loads nothing
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') continue // data:, blob: come from the page itself
    const protocolRelative = /^\/\/[^/]/.test(script.src)
    const secure = url.protocol === 'https:' && !protocolRelative
    const sameSite = !protocolRelative && (url.hostname === page.hostname || siteOf(url.hostname) === pageSite)
    if (sameSite) {
      // The Observatory's bonus for integrity on the site's own scripts, when they come over HTTPS.
      if (script.integrity && secure && result === null) result = 'sri-implemented-and-all-scripts-loaded-securely'
      continue
    }
    external++
    if (!script.integrity) externalWithout++
    if (!secure) insecure.push(url.href.slice(0, 200))
    if (script.integrity && !secure) result = worse(result, 'sri-implemented-but-external-scripts-not-loaded-securely')
    else if (!script.integrity && secure) result = worse(result, 'sri-not-implemented-but-external-scripts-loaded-securely')
    else if (!script.integrity) result = worse(result, 'sri-not-implemented-and-external-scripts-not-loaded-securely')
  }
  const facts = { external, external_without_integrity: externalWithout, insecure: insecure.slice(0, 10) }
  if (result !== null) return out(result, facts)
  return out(
    external > 0 ? 'sri-implemented-and-external-scripts-loaded-securely' : 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
    facts
  )
}
