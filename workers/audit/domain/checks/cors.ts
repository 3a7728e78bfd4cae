/**
 * Cross-Origin Resource Sharing, graded like the Observatory's cross-origin-resource-sharing
 * test: the page is requested once more with a foreign `Origin` (CORS_PROBE_ORIGIN), and
 * `/crossdomain.xml` (Adobe cross-domain policy) and `/clientaccesspolicy.xml` (Silverlight)
 * are read. Any origin allowed to read responses with the user's credentials is "universal
 * access" (-50): the probe origin reflected with `Access-Control-Allow-Credentials: true`
 * (Fetch Standard §3.2.3 CORS check), `null` with credentials (any sandboxed page sends
 * Origin: null), or a policy file granting `*`. The policy files are XML read with the
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

export async function analyseCors(input: CorsInput): Promise<CorsAnalysis> {
  let result: CorsResult = 'cross-origin-resource-sharing-not-implemented'
  const allowOrigin = input.probe?.allowOrigin?.trim().slice(0, 1024) ?? null
  if (allowOrigin !== null && allowOrigin !== '') {
    const credentials = input.probe?.allowCredentials?.trim().toLowerCase() === 'true'
    if (allowOrigin === '*') result = 'cross-origin-resource-sharing-implemented-with-public-access'
    else if (allowOrigin === CORS_PROBE_ORIGIN || allowOrigin === 'null') {
      result = credentials
        ? 'cross-origin-resource-sharing-implemented-with-universal-access'
        : 'cross-origin-resource-sharing-implemented-with-public-access'
    } else result = 'cross-origin-resource-sharing-implemented-with-restricted-access'
  }
  const crossdomain = await policyGrants(input.crossdomain, 'allow-access-from', 'domain')
  const clientaccess = await policyGrants(input.clientaccesspolicy, 'domain', 'uri')
  result = worst(worst(result, FROM_POLICY[crossdomain]), FROM_POLICY[clientaccess])
  return { result, allow_origin: allowOrigin, crossdomain_xml: crossdomain, clientaccesspolicy_xml: clientaccess }
}
