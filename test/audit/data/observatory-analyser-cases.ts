/**
 * The cases of the MDN HTTP Observatory's own analyser tests, transcribed as data: the input
 * each `it` sets up (headers, cookies, page scripts, redirect hops) and the result it asserts.
 * Source: mdn/mdn-http-observatory, commit 94042bbfbf9f1af722ad9114ada6d271dcb525b9
 * (2026-08-20), files test/<name>.test.js and the HTML pages in test/files/ (MPL-2.0); see
 * data/SOURCES.md. No code was copied: values and expected results are facts of those tests.
 *
 * The Observatory's test site is mozilla.org, its page https://mozilla.org/ (test/helpers.js
 * emptyRequests), whose default HTTP chain is http://mozilla.org/ → https://mozilla.org/ →
 * https://www.mozilla.org/. A header the Observatory sets twice (an array) is written as the
 * runtime hands it over, joined with ", ". Assertions about internal flags (the CSP `policy`
 * object, `numPolicies`) are not results and are not transcribed.
 */
export type Case =
  | { test: 'csp'; it: string; header?: string; reportOnly?: string; meta?: string[]; expected: string }
  | { test: 'cookies'; it: string; cookies: string[]; hsts?: string; expected: string }
  | { test: 'cors'; it: string; allowOrigin?: string; allowCredentials?: string; echoesProbe?: boolean; expected: string }
  | { test: 'coop' | 'coep' | 'corp' | 'xcto'; it: string; header?: string; expected: string }
  | { test: 'xfo'; it: string; header?: string; csp?: string; meta?: boolean; expected: string }
  | { test: 'referrer'; it: string; header?: string; meta?: string[]; expected: string }
  | { test: 'hsts'; it: string; header?: string; transport?: 'https' | 'no-https' | 'invalid-cert'; host?: string; expected: string }
  | { test: 'sri'; it: string; scripts?: { src: string; integrity?: boolean }[]; html?: boolean; expected: string }
  | { test: 'redirection'; it: string; hops: [url: string, status: number][] | null; expected: string }

const DEFAULT_CHAIN: [string, number][] = [
  ['http://mozilla.org/', 301],
  ['https://mozilla.org/', 301],
  ['https://www.mozilla.org/', 200],
]

const many = <T extends Case>(make: (v: string) => T, values: string[]) => values.map(make)
const csp = (it: string, expected: string) => (header: string) => ({ test: 'csp' as const, it, header, expected })
const header = (test: 'coop' | 'coep' | 'corp' | 'xcto', it: string, expected: string) => (value: string) => ({
  test,
  it,
  header: value,
  expected,
})
const SRI_HASH = true

export const CASES: Case[] = [
  // test/csp.test.js
  { test: 'csp', it: 'missing', expected: 'csp-not-implemented' },
  ...many(csp('header invalid', 'csp-header-invalid'), [
    '  ',
    '',
    "default-src 'none'; default-src 'none'",
    "default-src 'none'; img-src 'self'; default-src 'none'",
    "default-src 'none'; script-src 'strict-dynamic'",
    'defa',
  ]),
  ...many(csp('insecure scheme broad and unsafe', 'csp-implemented-with-unsafe-inline'), [
    "default-src 'none'; script-src https://*",
    "default-src 'none'; script-src 'unsafe-inline'",
  ]),
  ...many(csp('insecure scheme', 'csp-implemented-with-insecure-scheme'), [
    'default-src http://mozilla.org',
    "default-src 'none'; script-src http://mozilla.org",
    "default-src 'none'; script-src http://mozilla.org",
    "default-src 'none'; script-src ftp://mozilla.org",
  ]),
  ...many(csp('insecure scheme in passive content only', 'csp-implemented-with-insecure-scheme-in-passive-content-only'), [
    "default-src 'none'; img-src http://mozilla.org",
    "default-src 'self'; img-src ftp:",
    "default-src 'self'; img-src http:",
    "default-src 'none'; img-src https:; media-src http://mozilla.org",
    "default-src 'none'; img-src http: https:; script-src 'self'; style-src 'self'",
    "default-src 'none'; img-src 'none'; media-src http:; script-src 'self'; style-src 'self'",
    "default-src 'none'; img-src 'none'; media-src http:; script-src 'self'; style-src 'unsafe-inline'",
  ]),
  ...many(csp('unsafe inline', 'csp-implemented-with-unsafe-inline'), [
    "script-src 'unsafe-inline'",
    'script-src data:',
    'script-src http:',
    'script-src ftp:',
    "default-src 'unsafe-inline'",
    "default-src 'UNSAFE-INLINE'",
    'upgrade-insecure-requests',
    "script-src 'none'",
    'script-src https:',
    'script-src https://mozilla.org https:',
    'default-src https://mozilla.org https:',
    "default-src 'none'; script-src *",
    "default-src *; script-src *; object-src 'none'",
    "default-src 'none'; script-src 'none'; object-src *",
    "default-src 'none'; script-src 'unsafe-inline' 'unsafe-eval'",
    "default-src 'none'; script-src 'unsafe-inline' http:",
    "object-src https:; script-src 'none'",
  ]),
  csp('unsafe eval', 'csp-implemented-with-unsafe-eval')("default-src 'none'; script-src 'unsafe-eval'"),
  ...many(csp('unsafe inline in style src only', 'csp-implemented-with-unsafe-inline-in-style-src-only'), [
    "object-src 'none'; script-src 'none'; style-src 'unsafe-inline'",
    "default-src 'none'; script-src https://mozilla.org; style-src 'unsafe-inline'",
    "default-src 'unsafe-inline'; script-src https://mozilla.org",
    "default-src 'none';;; ;;;style-src 'self' 'unsafe-inline'",
    "default-src 'none'; style-src data:",
    "default-src 'none'; style-src *",
    "default-src 'none'; style-src https:",
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBB=' 'unsafe-inline'",
  ]),
  ...many(csp('no unsafe', 'csp-implemented-with-no-unsafe'), [
    'default-src https://mozilla.org',
    "default-src https://mozilla.org;;; ;;;script-src 'none'",
    "object-src 'none'; script-src https://mozilla.org; style-src https://mozilla.org; upgrade-insecure-requests;",
    "object-src 'none'; script-src 'strict-dynamic' 'nonce-abc' 'unsafe-inline'; style-src 'none'",
    "object-src 'none'; style-src 'self';script-src 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBA='",
    "object-src 'none'; style-src 'self'; script-src 'unsafe-inline' 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBA=''sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBB='",
    "object-src 'none'; script-src 'unsafe-inline' 'nonce-abc123' 'unsafe-inline'; style-src 'none'",
    "default-src https://mozilla.org; style-src 'unsafe-inline' 'nonce-abc123' 'unsafe-inline'",
    "default-src https://mozilla.org; style-src 'unsafe-inline' 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBB=' 'unsafe-inline'",
  ]),
  {
    test: 'csp',
    it: 'no unsafe default src none: header default-src http: with a meta default-src https:',
    header: 'default-src http:',
    meta: ['default-src https:'],
    expected: 'csp-implemented-with-no-unsafe-default-src-none',
  },
  ...many(csp('no unsafe default src none', 'csp-implemented-with-no-unsafe-default-src-none'), [
    'default-src',
    "default-src 'none'; script-src 'strict-dynamic' 'nonce-abc123' 'unsafe-inline'",
    "default-src 'none'; script-src https://mozilla.org; style-src https://mozilla.org; upgrade-insecure-requests;",
    "default-src 'none'; object-src https://mozilla.org",
  ]),
  {
    test: 'csp',
    it: 'no unsafe default src none: a meta policy only',
    meta: ["default-src 'none';"],
    expected: 'csp-implemented-with-no-unsafe-default-src-none',
  },
  {
    test: 'csp',
    it: 'no unsafe default src none: four meta policies',
    meta: [
      "default-src 'none'; object-src 'none'; media-src 'none';",
      "connect-src 'self'; font-src 'self'; child-src 'self'",
      "img-src 'self'; style-src 'self' 'nonce-gAeQO8jI4VJCsrsXkcUVRCzQjiihKteQ",
      "script-src 'self' 'unsafe-inline' 'nonce-gAeQO8jI4VJCsrsXkcUVRCzQjiihKteQ'",
    ],
    expected: 'csp-implemented-with-no-unsafe-default-src-none',
  },
  {
    test: 'csp',
    it: "no unsafe default src none: header and meta both default-src 'none'",
    header: "default-src 'none'",
    meta: ["default-src 'none';"],
    expected: 'csp-implemented-with-no-unsafe-default-src-none',
  },
  {
    test: 'csp',
    it: "no unsafe default src none: header default-src 'none', meta default-src https:",
    header: "default-src 'none'",
    meta: ['default-src https:'],
    expected: 'csp-implemented-with-no-unsafe-default-src-none',
  },
  {
    test: 'csp',
    it: "no unsafe default src none: header img-src 'none', meta default-src 'none'",
    header: "img-src 'none'",
    meta: ["default-src 'none';"],
    expected: 'csp-implemented-with-no-unsafe-default-src-none',
  },
  ...many(csp('strict dynamic', 'csp-implemented-with-no-unsafe-default-src-none'), [
    "default-src 'none'; script-src 'strict-dynamic' 'nonce-abc123'",
    "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123'",
    "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123' https://*",
    "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123' 'unsafe-inline'",
  ]),
  {
    test: 'csp',
    it: 'report only',
    reportOnly: "default-src 'none'; report-to /_/csp-reports",
    expected: 'csp-not-implemented-but-reporting-enabled',
  },
  { test: 'csp', it: 'ignore frame-ancestors in http-equiv', meta: ["frame-ancestors 'none'"], expected: 'csp-not-implemented' },
  {
    test: 'csp',
    it: 'ignore frame-ancestors in http-equiv, with a header',
    header: "frame-anchestors 'none'",
    meta: ["frame-ancestors 'none'"],
    expected: 'csp-implemented-with-unsafe-inline',
  },

  // test/cookies.test.js
  { test: 'cookies', it: 'detects no cookies found', cookies: [], expected: 'cookies-not-found' },
  {
    test: 'cookies',
    it: 'checks secure with httponly sessions',
    cookies: [
      'SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly',
      'foo=bar; Domain=mozilla.org; Secure; Path=/',
      'heroku-session-affinity=bar; Domain=mozilla.org; Path=/',
    ],
    expected: 'cookies-secure-with-httponly-sessions',
  },
  {
    test: 'cookies',
    it: 'checks secure with httponly sessions and samesite',
    cookies: [
      'SESSIONID_SAMESITE_STRICT=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Strict',
      'SESSIONID_SAMESITE_LAX=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Lax',
      'SESSIONID_SAMESITE_NONE=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=None',
    ],
    expected: 'cookies-secure-with-httponly-sessions-and-samesite',
  },
  {
    test: 'cookies',
    it: 'checks secure with httponly sessions and samesite not awarded if not all cookies samesite',
    cookies: [
      'SESSIONID_SAMESITE_STRICT=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Strict',
      'SESSIONID_SAMESITE_NO_SAMESITE=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly',
      'SESSIONID_SAMESITE_LAX=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Lax',
      'SESSIONID_SAMESITE_NONE=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=None',
    ],
    expected: 'cookies-secure-with-httponly-sessions',
  },
  {
    test: 'cookies',
    it: 'checks anticsrf without samesite',
    cookies: ['CSRFTOKEN=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly'],
    expected: 'cookies-anticsrf-without-samesite-flag',
  },
  {
    test: 'cookies',
    it: 'checks samesite invalid empty',
    cookies: ['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite='],
    expected: 'cookies-samesite-flag-invalid',
  },
  {
    test: 'cookies',
    it: 'checks samesite invalid true',
    cookies: ['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=True'],
    expected: 'cookies-samesite-flag-invalid',
  },
  {
    test: 'cookies',
    it: 'checks samesite invalid',
    cookies: ['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure; HttpOnly; SameSite=Invalid'],
    expected: 'cookies-samesite-flag-invalid',
  },
  {
    test: 'cookies',
    it: 'checks regular cookie no secure but hsts',
    cookies: ['foo=bar; Domain=mozilla.org; Path=/'],
    hsts: 'max-age=15768000',
    expected: 'cookies-without-secure-flag-but-protected-by-hsts',
  },
  {
    test: 'cookies',
    it: 'checks session cookie no secure but hsts',
    cookies: ['SESSIONID=bar; Domain=mozilla.org; Path=/; HttpOnly'],
    hsts: 'max-age=15768000',
    expected: 'cookies-session-without-secure-flag-but-protected-by-hsts',
  },
  { test: 'cookies', it: 'checks no secure', cookies: ['foo=bar; Domain=mozilla.org; Path=/'], expected: 'cookies-without-secure-flag' },
  {
    test: 'cookies',
    it: 'checks session no httponly',
    cookies: ['SESSIONID=bar; Domain=mozilla.org; Path=/; Secure'],
    expected: 'cookies-session-without-httponly-flag',
  },
  {
    test: 'cookies',
    it: 'checks session no secure',
    cookies: ['SESSIONID=bar; Domain=mozilla.org; Path=/; HttpOnly'],
    expected: 'cookies-session-without-secure-flag',
  },
  {
    test: 'cookies',
    it: 'checks session no secure (mozilla/http-observatory#97)',
    cookies: ['SESSIONID=bar; Domain=mozilla.org; Path=/'],
    expected: 'cookies-session-without-secure-flag',
  },

  // test/cors.test.js (the Observatory's own probe Origin stands for ours)
  { test: 'cors', it: 'checks for not implemented', expected: 'cross-origin-resource-sharing-not-implemented' },
  {
    test: 'cors',
    it: 'checks for public access',
    allowOrigin: '*',
    expected: 'cross-origin-resource-sharing-implemented-with-public-access',
  },
  {
    test: 'cors',
    it: 'checks for restricted access',
    allowOrigin: 'https://mozilla.org',
    expected: 'cross-origin-resource-sharing-implemented-with-restricted-access',
  },
  {
    test: 'cors',
    it: 'checks for universal access',
    echoesProbe: true,
    allowCredentials: 'true',
    expected: 'cross-origin-resource-sharing-implemented-with-universal-access',
  },

  // test/cross-origin-opener-policy.test.js
  { test: 'coop', it: 'checks for missing', expected: 'coop-not-implemented' },
  ...many(header('coop', 'rejects an invalid value', 'coop-header-invalid'), [
    'whimsy',
    '"same-origin"',
    'Same-Origin',
    'SAME-ORIGIN',
    'same-origin; report-to=coop endpoint',
    'same-origin, unsafe-none',
  ]),
  ...(
    [
      ['same-origin', 'coop-implemented-with-same-origin'],
      ['same-origin-allow-popups', 'coop-implemented-with-same-origin-allow-popups'],
      ['noopener-allow-popups', 'coop-implemented-with-noopener-allow-popups'],
      ['unsafe-none', 'coop-implemented-with-unsafe-none'],
      ['same-origin; report-to="coop-endpoint"', 'coop-implemented-with-same-origin'],
      ['same-origin-allow-popups; report-to="coop-endpoint"', 'coop-implemented-with-same-origin-allow-popups'],
      ['same-origin; report-to', 'coop-implemented-with-same-origin'],
    ] as const
  ).map(([value, expected]) => header('coop', 'accepts', expected)(value)),

  // test/cross-origin-embedder-policy.test.js
  { test: 'coep', it: 'checks for missing', expected: 'coep-not-implemented' },
  ...many(header('coep', 'rejects an invalid value', 'coep-header-invalid'), [
    'whimsy',
    '"require-corp"',
    'Require-Corp',
    'REQUIRE-CORP',
    'require-corp; report-to=coep endpoint',
    'require-corp, unsafe-none',
  ]),
  ...(
    [
      ['require-corp', 'coep-implemented-with-require-corp'],
      ['credentialless', 'coep-implemented-with-credentialless'],
      ['unsafe-none', 'coep-implemented-with-unsafe-none'],
      ['require-corp; report-to="coep-endpoint"', 'coep-implemented-with-require-corp'],
      ['credentialless; report-to="coep-endpoint"', 'coep-implemented-with-credentialless'],
      ['require-corp; report-to', 'coep-implemented-with-require-corp'],
    ] as const
  ).map(([value, expected]) => header('coep', 'accepts', expected)(value)),

  // test/cross-origin-resource-policy.test.js
  { test: 'corp', it: 'checks for missing', expected: 'corp-not-implemented' },
  header('corp', 'checks header validity', 'corp-header-invalid')('whimsy'),
  header('corp', 'checks for same-site', 'corp-implemented-with-same-site')('same-site'),
  header('corp', 'checks for same-origin', 'corp-implemented-with-same-origin')('same-origin'),
  header('corp', 'checks for cross-origin', 'corp-implemented-with-cross-origin')('cross-origin'),
  header('corp', 'checks for multiple headers', 'corp-header-invalid')('same-origin, cross-origin'),

  // test/x-content-type-options.test.js
  { test: 'xcto', it: 'checks for missing', expected: 'x-content-type-options-not-implemented' },
  ...many(header('xcto', 'checks header validity', 'x-content-type-options-header-invalid'), ['whimsy', 'nosniff, nosniff']),
  ...many(header('xcto', 'checks for nosniff', 'x-content-type-options-nosniff'), ['nosniff', 'nosniff ']),

  // test/x-frame-options.test.js
  { test: 'xfo', it: 'checks for missing', expected: 'x-frame-options-not-implemented' },
  { test: 'xfo', it: 'checks validity', header: 'whimsy', expected: 'x-frame-options-header-invalid' },
  { test: 'xfo', it: 'checks validity (sent twice)', header: 'SAMEORIGIN, SAMEORIGIN', expected: 'x-frame-options-header-invalid' },
  { test: 'xfo', it: 'checks allow from origin', header: 'ALLOW-FROM https://mozilla.org', expected: 'x-frame-options-allow-from-origin' },
  { test: 'xfo', it: 'checks deny', header: 'DENY', expected: 'x-frame-options-sameorigin-or-deny' },
  { test: 'xfo', it: 'checks deny (sameorigin)', header: 'SAMEORIGIN', expected: 'x-frame-options-sameorigin-or-deny' },
  {
    test: 'xfo',
    it: 'checks implemented via CSP',
    header: 'DENY',
    csp: 'frame-ancestors https://mozilla.org',
    expected: 'x-frame-options-implemented-via-csp',
  },
  { test: 'xfo', it: 'does not obey x-frame-options in meta equiv tags', meta: true, expected: 'x-frame-options-not-implemented' },

  // test/referrer-policy.test.js
  ...many(
    (v) => ({ test: 'referrer' as const, it: 'checks for private referrer header', header: v, expected: 'referrer-policy-private' }),
    ['no-referrer', 'same-origin', 'strict-origin', 'STRICT-ORIGIN', 'strict-origin-when-cross-origin']
  ),
  { test: 'referrer', it: 'private, from a meta tag', meta: ['no-referrer, same-origin'], expected: 'referrer-policy-private' },
  {
    test: 'referrer',
    it: 'the meta tag has precedence over the header',
    header: 'unsafe-url',
    meta: ['no-referrer, same-origin'],
    expected: 'referrer-policy-private',
  },
  { test: 'referrer', it: 'checks for missing referrer header', expected: 'referrer-policy-not-implemented' },
  { test: 'referrer', it: 'checks for invalid referrer header', header: 'whimsy', expected: 'referrer-policy-header-invalid' },
  ...many(
    (v) => ({ test: 'referrer' as const, it: 'checks for unsafe referrer header', header: v, expected: 'referrer-policy-unsafe' }),
    ['origin', 'origin-when-cross-origin', 'unsafe-url']
  ),
  ...many(
    (v) => ({ test: 'referrer' as const, it: 'checks for multiple valid referrer headers', header: v, expected: 'referrer-policy-unsafe' }),
    ['origin-when-cross-origin, no-referrer, unsafe-url', 'no-referrer, unsafe-url']
  ),
  { test: 'referrer', it: 'valid and invalid mixed', header: 'no-referrer, whimsy', expected: 'referrer-policy-private' },
  { test: 'referrer', it: 'multiple invalid', header: 'whimsy, whimsy1, whimsy2', expected: 'referrer-policy-header-invalid' },

  // test/strict-transport-security.test.js
  { test: 'hsts', it: 'missing', expected: 'hsts-not-implemented' },
  { test: 'hsts', it: 'header invalid', header: 'includeSubDomains; preload', expected: 'hsts-header-invalid' },
  {
    test: 'hsts',
    it: 'header invalid (sent twice)',
    header: 'max-age=15768000; includeSubDomains, max-age=15768000; includeSubDomains',
    expected: 'hsts-header-invalid',
  },
  { test: 'hsts', it: 'no https', header: 'max-age=15768000', transport: 'no-https', expected: 'hsts-not-implemented-no-https' },
  {
    test: 'hsts',
    it: 'invalid cert',
    header: 'max-age=15768000; includeSubDomains; preload',
    transport: 'invalid-cert',
    expected: 'hsts-invalid-cert',
  },
  { test: 'hsts', it: 'max age too low', header: 'max-age=86400', expected: 'hsts-implemented-max-age-less-than-six-months' },
  {
    test: 'hsts',
    it: 'implemented',
    header: 'max-age=15768000; includeSubDomains; preload',
    expected: 'hsts-implemented-max-age-at-least-six-months',
  },
  { test: 'hsts', it: 'preloaded (with subdomains)', host: 'bugzilla.mozilla.org', expected: 'hsts-preloaded' },
  { test: 'hsts', it: 'preloaded (host only)', host: 'facebook.com', expected: 'hsts-preloaded' },
  { test: 'hsts', it: 'not preloaded', host: 'dropboxusercontent.com', expected: 'hsts-not-implemented' },

  // test/subresource-integrity.test.js (pages from test/files/test_content_sri_*.html)
  { test: 'sri', it: 'checks for no scripts', scripts: [], expected: 'sri-not-implemented-but-no-scripts-loaded' },
  { test: 'sri', it: 'checks for not html', html: false, expected: 'sri-not-implemented-response-not-html' },
  {
    test: 'sri',
    it: 'checks for same origin',
    scripts: [{ src: '/static/js/foo.js' }],
    expected: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
  },
  {
    test: 'sri',
    it: 'same second-level domain without a protocol',
    scripts: [{ src: '//www.mozilla.org/static/js/foo.js' }],
    expected: 'sri-not-implemented-and-external-scripts-not-loaded-securely',
  },
  {
    test: 'sri',
    it: 'same second-level domain with https://',
    scripts: [{ src: 'https://www.mozilla.org/static/js/foo.js' }],
    expected: 'sri-not-implemented-but-all-scripts-loaded-from-secure-origin',
  },
  {
    test: 'sri',
    it: 'implemented with external scripts and https',
    scripts: [{ src: '/static/js/foo.js' }, { src: 'https://fb.me/react-0.14.7.min.js', integrity: SRI_HASH }],
    expected: 'sri-implemented-and-external-scripts-loaded-securely',
  },
  {
    test: 'sri',
    it: 'implemented with external scripts and https (localhost)',
    scripts: [{ src: '/static/js/foo.js' }, { src: 'https://localhost/react-0.14.7.min.js', integrity: SRI_HASH }],
    expected: 'sri-implemented-and-external-scripts-loaded-securely',
  },
  {
    test: 'sri',
    it: 'implemented with same origin',
    scripts: [{ src: '/static/js/react-0.14.7.min.js', integrity: SRI_HASH }],
    expected: 'sri-implemented-and-all-scripts-loaded-securely',
  },
  {
    test: 'sri',
    it: 'not implemented with external scripts and https',
    scripts: [{ src: '/static/js/foo.js' }, { src: 'https://fb.me/react-0.14.7.min.js' }],
    expected: 'sri-not-implemented-but-external-scripts-loaded-securely',
  },
  {
    test: 'sri',
    it: 'implemented with external scripts and http',
    scripts: [
      { src: '/static/js/foo.js' },
      { src: 'http://fb.me/react-0.14.6.min.js', integrity: SRI_HASH },
      { src: 'https://fb.me/react-0.14.7.min.js', integrity: SRI_HASH },
    ],
    expected: 'sri-implemented-but-external-scripts-not-loaded-securely',
  },
  {
    test: 'sri',
    it: 'implemented with external scripts and no protocol',
    scripts: [{ src: '//fb.me/react-0.14.6.min.js', integrity: SRI_HASH }],
    expected: 'sri-implemented-but-external-scripts-not-loaded-securely',
  },
  {
    test: 'sri',
    it: 'not implemented with external scripts and http',
    scripts: [{ src: '/static/js/foo.js' }, { src: 'http://fb.me/react-0.14.6.min.js' }],
    expected: 'sri-not-implemented-and-external-scripts-not-loaded-securely',
  },
  {
    test: 'sri',
    it: 'not implemented with external scripts and no protocol',
    scripts: [{ src: '/static/js/foo.js' }, { src: '//fb.me/react-0.14.6.min.js' }],
    expected: 'sri-not-implemented-and-external-scripts-not-loaded-securely',
  },

  // test/redirection.test.js
  { test: 'redirection', it: 'checks for no http but does have https', hops: null, expected: 'redirection-not-needed-no-http' },
  { test: 'redirection', it: 'checks for redirection missing', hops: [['http://mozilla.org/', 200]], expected: 'redirection-missing' },
  {
    test: 'redirection',
    it: 'checks for redirection not to https',
    hops: [
      ['http://mozilla.org/', 301],
      ['http://www.mozilla.org/', 200],
    ],
    expected: 'redirection-not-to-https',
  },
  {
    test: 'redirection',
    it: 'checks for redirection not to https (longer chain)',
    hops: [
      ['http://mozilla.org/', 301],
      ['http://www.mozilla.org/', 302],
      ['http://www.mozilla.org/en/', 200],
    ],
    expected: 'redirection-not-to-https',
  },
  { test: 'redirection', it: 'checks for proper redirection to https', hops: DEFAULT_CHAIN, expected: 'redirection-to-https' },
  {
    test: 'redirection',
    it: 'checks for proper redirection to https with port number',
    hops: [
      ['http://mozilla.org/', 301],
      ['https://mozilla.org:8443/', 200],
    ],
    expected: 'redirection-to-https',
  },
  {
    test: 'redirection',
    it: 'checks for first redirection to http',
    hops: [
      ['http://mozilla.org/', 301],
      ['http://www.mozilla.org/', 301],
      ['https://www.mozilla.org/', 200],
    ],
    expected: 'redirection-not-to-https-on-initial-redirection',
  },
  {
    test: 'redirection',
    it: 'checks for first redirection off host',
    hops: [
      ['http://mozilla.org/', 301],
      ['https://www.mozilla.org/', 200],
    ],
    expected: 'redirection-off-host-from-http',
  },
  {
    test: 'redirection',
    it: 'checks for all redirections preloaded',
    hops: [
      ['http://cloudflare.com/', 301],
      ['https://cloudflare.com/', 302],
      ['https://www.cloudflare.com/', 302],
      ['https://baz.cloudflare.com/foo', 200],
    ],
    expected: 'redirection-all-redirects-preloaded',
  },
]
