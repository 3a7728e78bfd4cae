/**
 * Whether the site answered at all. The Observatory refuses to grade a site that is down; this
 * service answers with a report anyway (DECISIONS.md: "200 with a report, even when the site is
 * broken"), and a site that answers on neither HTTP nor HTTPS scores 0.
 */
export type ReachabilityResult = 'site-reachable-over-https' | 'site-reachable-over-http-only' | 'site-unreachable'

export function analyseReachability(https: boolean, http: boolean): { result: ReachabilityResult } {
  return { result: https ? 'site-reachable-over-https' : http ? 'site-reachable-over-http-only' : 'site-unreachable' }
}
