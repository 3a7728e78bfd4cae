/**
 * Where a result of this service departs from the MDN HTTP Observatory by design, and why.
 * Each report finding whose result differs from the one the Observatory would give carries
 * `deviation: { observatory_result, reason }` with the reason below (docs/audit-scoring.md,
 * "Differences from the Observatory", says the same at length). The Observatory's behaviour is
 * read from mdn/mdn-http-observatory at 94042bbf (MPL-2.0), file named in `observatory`.
 */
export const DEVIATIONS = {
  'cors-null-origin': {
    observatory: 'src/analyzer/tests/cors.js',
    reason:
      'Access-Control-Allow-Origin: null with credentials lets any sandboxed page (which sends Origin: null) read responses with the user’s cookies (Fetch Standard §3.2.5); the Observatory only checks whether its own Origin is echoed.',
  },
  'cors-policy-file': {
    observatory: 'src/analyzer/tests/cors.js',
    reason:
      'A crossdomain.xml or clientaccesspolicy.xml granting * still lets Flash and Silverlight clients read with cookies; the Observatory stopped reading these files (its 2016 scanner did).',
  },
  'cookies-xsrf-name': {
    observatory: 'src/analyzer/tests/cookies.js',
    reason:
      'A cookie named XSRF-TOKEN is the anti-CSRF token of Angular and Axios; the Observatory only recognises names containing "csrf".',
  },
  'sri-private-suffix': {
    observatory: 'src/analyzer/tests/subresource-integrity.js',
    reason:
      'Hosts under a private public suffix (such as github.io) belong to different owners (Public Suffix List, private section); the Observatory compares registrable domains without that section and calls such a script same-site.',
  },
  'hsts-strict-parsing': {
    observatory: 'src/analyzer/tests/strict-transport-security.js',
    reason:
      'RFC 6797 §6.1: max-age must be digits and no directive may repeat, and browsers ignore a header that breaks this; the Observatory reads max-age=abc or a repeated directive as valid.',
  },
  'redirection-unfollowed': {
    observatory: 'src/analyzer/tests/redirection.js',
    reason:
      'The redirect chain looped, ran past 10 hops, failed, or pointed at an address this service refuses to contact; the Observatory has no result for such a chain (its scan fails or gives a different one).',
  },
  'reachability': {
    observatory: 'src/scanner/index.js',
    reason: 'Not an Observatory test: the Observatory gives no report for a site it cannot reach; this service grades it.',
  },
  'invalid-certificate': {
    observatory: 'src/retriever/retriever.js',
    reason:
      'The HTTPS certificate fails, and a Worker cannot turn certificate checks off, so this header was read from the plain-HTTP answer; the Observatory re-reads the HTTPS page with checks off and may find another value.',
  },
} as const satisfies Record<string, { observatory: string; reason: string }>

export type DeviationKey = keyof typeof DEVIATIONS
