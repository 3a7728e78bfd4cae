import { deviation, type Deviation } from '../deviation'

/**
 * Cross-Origin Resource Sharing, graded like the Observatory's cross-origin-resource-sharing
 * test: the page is requested once more with a foreign `Origin` (CORS_PROBE_ORIGIN), and
 * `/crossdomain.xml` (Adobe cross-domain policy) and `/clientaccesspolicy.xml` (Silverlight)
 * are read. Any origin allowed to read responses with the user's credentials is "universal
 * access" (-50): the probe origin reflected with `Access-Control-Allow-Credentials: true`
 * (Fetch Standard §3.2.3 CORS check), `null` with credentials (any sandboxed page sends
 * Origin: null), or a policy file granting `*`; the last two depart from the Observatory
 * (data/deviations.ts). The policy files are XML read with the
 * runtime's HTMLRewriter, which tokenises in linear time and skips comments.
 */
export type CorsResult =
  | 'cross-origin-resource-sharing-not-implemented'
  | 'cross-origin-resource-sharing-implemented-with-public-access'
  | 'cross-origin-resource-sharing-implemented-with-restricted-access'
  | 'cross-origin-resource-sharing-implemented-with-universal-access'

/** The Origin our second request sends; a site that echoes it echoes anyone. */
export const CORS_PROBE_ORIGIN = 'https://cors-probe.audit.invalid'

export type CorsInput = {
  /** Headers of the page fetched with Origin: CORS_PROBE_ORIGIN (null when it failed). */
  probe: { allowOrigin: string | null; allowCredentials: string | null } | null
  crossdomain: Uint8Array<ArrayBuffer> | null
  clientaccesspolicy: Uint8Array<ArrayBuffer> | null
}

export type CorsAnalysis = {
  result: CorsResult
  /** Set when the result departs from the Observatory's (`null` origin, policy files). */
  deviation: Deviation | null
  allow_origin: string | null
  crossdomain_xml: 'absent' | 'restricted' | 'universal'
  clientaccesspolicy_xml: 'absent' | 'restricted' | 'universal'
}

const RANK: CorsResult[] = [
  'cross-origin-resource-sharing-not-implemented',
  'cross-origin-resource-sharing-implemented-with-restricted-access',
  'cross-origin-resource-sharing-implemented-with-public-access',
  'cross-origin-resource-sharing-implemented-with-universal-access',
]
const worst = (a: CorsResult, b: CorsResult) => (RANK.indexOf(a) >= RANK.indexOf(b) ? a : b)
const UNIVERSAL_URIS = new Set(['*', 'http://*', 'https://*'])

/** The policy file's grants: `absent` when it holds no grant element at all. */
async function policyGrants(
  xml: Uint8Array<ArrayBuffer> | null,
  element: string,
  attribute: string
): Promise<'absent' | 'restricted' | 'universal'> {
  if (xml === null) return 'absent'
  let grants = 0
  let universal = false
  await new HTMLRewriter()
    .on(element, {
      element(el) {
        grants++
        if (UNIVERSAL_URIS.has((el.getAttribute(attribute) ?? '').trim())) universal = true
      },
    })
    .transform(new Response(xml))
    .arrayBuffer()
  return universal ? 'universal' : grants > 0 ? 'restricted' : 'absent'
}

const FROM_POLICY = { absent: RANK[0], restricted: RANK[1], universal: RANK[3] } as const

/**
 * The probe's answer. `anyone` lists the Access-Control-Allow-Origin values that, with
 * credentials, let any site read: ours adds `null`; the Observatory (src/analyzer/tests/cors.js)
 * counts only its own Origin echoed. Any other named origin is restricted access.
 */
function probeResult(allowOrigin: string | null, credentials: boolean, anyone: readonly string[]): CorsResult {
  if (allowOrigin === null || allowOrigin === '') return 'cross-origin-resource-sharing-not-implemented'
  if (allowOrigin === '*') return 'cross-origin-resource-sharing-implemented-with-public-access'
  if (credentials && anyone.includes(allowOrigin)) return 'cross-origin-resource-sharing-implemented-with-universal-access'
  return 'cross-origin-resource-sharing-implemented-with-restricted-access'
}

export async function analyseCors(input: CorsInput): Promise<CorsAnalysis> {
  const allowOrigin = input.probe?.allowOrigin?.trim().slice(0, 1024) ?? null
  const credentials = input.probe?.allowCredentials?.trim().toLowerCase() === 'true'
  const probe = probeResult(allowOrigin, credentials, [CORS_PROBE_ORIGIN, 'null'])
  const observatory = probeResult(allowOrigin, credentials, [CORS_PROBE_ORIGIN])
  const crossdomain = await policyGrants(input.crossdomain, 'allow-access-from', 'domain')
  const clientaccess = await policyGrants(input.clientaccesspolicy, 'domain', 'uri')
  const result = worst(worst(probe, FROM_POLICY[crossdomain]), FROM_POLICY[clientaccess])
  return {
    result,
    deviation: deviation(result === probe ? 'cors-null-origin' : 'cors-policy-file', result, observatory),
    allow_origin: allowOrigin,
    crossdomain_xml: crossdomain,
    clientaccesspolicy_xml: clientaccess,
  }
}
