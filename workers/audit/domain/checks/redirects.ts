import { getDomain } from 'tldts'
import type { Chain } from '../retrieve/chain'

/**
 * Redirection from plain HTTP, graded like the Observatory's redirection test
 * (mdn/mdn-http-observatory src/analyzer/tests/redirection.js): the chain from http://<domain>/
 * must end on HTTPS, and its first hop must already go to HTTPS on the same host, so that the
 * browser can store that host's HSTS before anything else happens (RFC 6797 §7.2; the
 * hstspreload.org submission rules ask the same). No HTTP listener at all is fine.
 *
 * Chains the Observatory cannot express (a loop, more than 10 hops, a hop we refuse to follow
 * for safety, a hop that breaks off) are failures of their own, each as bad as not reaching
 * HTTPS.
 */
export type RedirectResult =
  | 'redirection-all-redirects-preloaded'
  | 'redirection-to-https'
  | 'redirection-not-needed-no-http'
  | 'redirection-off-host-from-http'
  | 'redirection-not-to-https-on-initial-redirection'
  | 'redirection-not-to-https'
  | 'redirection-missing'
  | 'redirection-invalid-cert'
  | 'redirection-loop'
  | 'redirection-too-many'
  | 'redirection-blocked'
  | 'redirection-broken'

export type RedirectAnalysis = {
  result: RedirectResult
  /**
   * The first hop from http:// goes to https:// on the same registrable domain (Public Suffix
   * List, private section included), e.g. http://example.com → https://www.example.com. The
   * stricter same-host rule is the result's business (redirection-off-host-from-http).
   */
  http_to_https: boolean
  /** The last URL the chain reached (the final response, or where it stopped). */
  destination: string | null
}

const site = (host: string) => getDomain(host, { allowPrivateDomains: true }) ?? host

/** `isPreloaded`: whether a host is on the HSTS preload list (checks/preload.ts). */
export function analyseRedirects(chain: Chain, isPreloaded: (host: string) => boolean = () => false): RedirectAnalysis {
  const { hops, end } = chain
  const last = hops.at(-1)?.to ?? chain.start
  const startHost = new URL(chain.start).hostname
  const firstHop = hops[0] ? new URL(hops[0].to) : null
  const httpToHttps = firstHop !== null && firstHop.protocol === 'https:' && site(firstHop.hostname) === site(startHost)
  const res = (result: RedirectResult, destination: string | null = last): RedirectAnalysis => ({
    result,
    http_to_https: httpToHttps,
    destination,
  })
  // Observatory: when every host on the way is preloaded, browsers never make these HTTP requests.
  if (end.kind === 'response' && [startHost, ...hops.map((h) => new URL(h.to).hostname)].every(isPreloaded)) {
    return res('redirection-all-redirects-preloaded', end.response.url)
  }

  if (end.kind === 'failed') {
    // Nothing answers on port 80: there is no plain-HTTP site to redirect (Observatory: pass).
    if (hops.length === 0) return res('redirection-not-needed-no-http', null)
    return res(end.failure.kind === 'tls' && end.url.startsWith('https:') ? 'redirection-invalid-cert' : 'redirection-broken')
  }
  if (end.kind === 'loop') return res('redirection-loop')
  if (end.kind === 'too-many') return res('redirection-too-many')
  if (end.kind === 'blocked') return res('redirection-blocked')
  if (hops.length === 0) return res('redirection-missing', chain.start)
  if (end.kind === 'bad-location' || !last.startsWith('https:')) return res('redirection-not-to-https')
  const first = new URL(hops[0].to)
  if (first.protocol === 'http:') return res('redirection-not-to-https-on-initial-redirection')
  if (first.hostname !== new URL(chain.start).hostname) return res('redirection-off-host-from-http')
  return res('redirection-to-https')
}
