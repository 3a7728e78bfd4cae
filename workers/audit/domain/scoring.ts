import type { CookieResult } from './checks/cookies'
import type { CorsResult } from './checks/cors'
import type { CoepResult, CoopResult, CorpResult } from './checks/cross-origin'
import type { CspResult } from './checks/csp'
import type { HstsResult } from './checks/hsts'
import type { ReachabilityResult } from './checks/reachability'
import type { RedirectResult } from './checks/redirects'
import type { ReferrerResult } from './checks/referrer-policy'
import type { SriResult } from './checks/sri'
import type { XctoResult } from './checks/xcto'
import type { XfoResult } from './checks/xfo'
import type { Deviation } from './deviation'

/**
 * The scoring model, after Mozilla's HTTP Observatory (mdn/mdn-http-observatory
 * src/grader/charts.js, scoring explained in docs/audit-scoring.md): every test result has a
 * fixed modifier; the score starts at 100; bonuses count only when the score without them is
 * at least 90; the total is floored at 0
 * (the Observatory's score), capped at 100 for `score_numeric`, and mapped to the Observatory's letters.
 *
 * Any change to this table, the chart or the rules below changes reports, so it must bump
 * SCORING_VERSION and be written down in docs/audit-scoring.md (test/audit/scoring.test.ts
 * fails otherwise).
 */
export const SCORING_VERSION = 3

export const TESTS = {
  'content-security-policy': 'Content Security Policy',
  'strict-transport-security': 'Strict Transport Security (HSTS)',
  redirection: 'Redirection from HTTP',
  'x-frame-options': 'X-Frame-Options (framing)',
  'x-content-type-options': 'X-Content-Type-Options',
  'referrer-policy': 'Referrer Policy',
  cookies: 'Cookies',
  'subresource-integrity': 'Subresource Integrity',
  'cross-origin-resource-sharing': 'Cross-Origin Resource Sharing (CORS)',
  'cross-origin-resource-policy': 'Cross-Origin Resource Policy',
  'cross-origin-opener-policy': 'Cross-Origin Opener Policy',
  'cross-origin-embedder-policy': 'Cross-Origin Embedder Policy',
  reachability: 'Reachability',
} as const

export type TestName = keyof typeof TESTS
export type ResultId =
  | CspResult
  | HstsResult
  | RedirectResult
  | XfoResult
  | XctoResult
  | ReferrerResult
  | CookieResult
  | SriResult
  | CorsResult
  | CorpResult
  | CoopResult
  | CoepResult
  | ReachabilityResult

export type Rule = { test: TestName; modifier: number; pass: boolean; advice: string }

export const SCORE_TABLE: Record<ResultId, Rule> = {
  // Content Security Policy
  'csp-implemented-with-no-unsafe-default-src-none': {
    test: 'content-security-policy',
    modifier: 10,
    pass: true,
    advice: "CSP blocks everything by default (default-src 'none') and allows no unsafe sources. Nothing to do.",
  },
  'csp-implemented-with-no-unsafe': {
    test: 'content-security-policy',
    modifier: 5,
    pass: true,
    advice: "CSP allows no unsafe sources. Start from default-src 'none' and allow only what the page needs for the full bonus.",
  },
  'csp-implemented-with-unsafe-inline-in-style-src-only': {
    test: 'content-security-policy',
    modifier: 0,
    pass: true,
    advice:
      "CSP allows inline styles ('unsafe-inline', data: or a broad source in style-src). Move styles to files or allow them by hash or nonce.",
  },
  'csp-implemented-with-insecure-scheme-in-passive-content-only': {
    test: 'content-security-policy',
    modifier: -10,
    pass: true,
    advice: 'CSP allows images or media over plain http:. Serve them over https: and drop http: from img-src and media-src.',
  },
  'csp-implemented-with-unsafe-eval': {
    test: 'content-security-policy',
    modifier: -10,
    pass: false,
    advice:
      "CSP allows 'unsafe-eval', so injected strings can run as code. Remove eval()/new Function() from the scripts and drop 'unsafe-eval'.",
  },
  'csp-implemented-with-unsafe-inline': {
    test: 'content-security-policy',
    modifier: -20,
    pass: false,
    advice:
      "CSP allows inline or arbitrary scripts ('unsafe-inline', data:, *, https: or no script-src/object-src at all), so it does not stop XSS. Restrict script-src and object-src, use nonces or hashes for inline scripts.",
  },
  'csp-implemented-with-insecure-scheme': {
    test: 'content-security-policy',
    modifier: -20,
    pass: false,
    advice:
      'CSP allows scripts or other active content over plain http: or ftp:, which anyone on the network can replace. Allow only https: sources.',
  },
  'csp-implemented-but-duplicate-directives': {
    test: 'content-security-policy',
    modifier: 0,
    pass: true,
    advice: 'CSP repeats report-uri or report-to; browsers use only the first one. Keep one of each.',
  },
  'csp-header-invalid': {
    test: 'content-security-policy',
    modifier: -25,
    pass: false,
    advice:
      "The CSP cannot be parsed (empty, a directive given twice, or 'strict-dynamic' without a nonce or hash). Fix the policy; browsers may ignore it.",
  },
  'csp-not-implemented': {
    test: 'content-security-policy',
    modifier: -25,
    pass: false,
    advice:
      "No Content-Security-Policy. Add one, starting from default-src 'none' and allowing what the page needs; it is the main defence against XSS.",
  },
  'csp-not-implemented-but-reporting-enabled': {
    test: 'content-security-policy',
    modifier: -25,
    pass: false,
    advice:
      'Only Content-Security-Policy-Report-Only is set: violations are reported, nothing is blocked. Enforce the policy once the reports are clean.',
  },

  // HSTS
  'hsts-preloaded': {
    test: 'strict-transport-security',
    modifier: 5,
    pass: true,
    advice:
      "The host is on Chromium's HSTS preload list (itself, or a parent with include_subdomains), so browsers never use plain HTTP for it. Nothing to do.",
  },
  'hsts-implemented-max-age-at-least-six-months': {
    test: 'strict-transport-security',
    modifier: 0,
    pass: true,
    advice:
      'HSTS is set for at least six months. Consider max-age=63072000; includeSubDomains; preload and submitting the site to hstspreload.org.',
  },
  'hsts-implemented-max-age-less-than-six-months': {
    test: 'strict-transport-security',
    modifier: -10,
    pass: false,
    advice: 'HSTS max-age is under six months (15552000 s). Raise it, to two years (63072000) once HTTPS is stable everywhere.',
  },
  'hsts-not-implemented': {
    test: 'strict-transport-security',
    modifier: -20,
    pass: false,
    advice:
      'No Strict-Transport-Security header. Send max-age=63072000; includeSubDomains on HTTPS responses (roll out with a short max-age first).',
  },
  'hsts-header-invalid': {
    test: 'strict-transport-security',
    modifier: -20,
    pass: false,
    advice:
      'The Strict-Transport-Security header cannot be used: max-age is missing or not a number, a directive repeats, or the header is sent twice. Browsers ignore it.',
  },
  'hsts-not-implemented-no-https': {
    test: 'strict-transport-security',
    modifier: -20,
    pass: false,
    advice:
      "The site does not answer over HTTPS, so HSTS cannot be set. Serve it over HTTPS (a free certificate from Let's Encrypt will do).",
  },
  'hsts-invalid-cert': {
    test: 'strict-transport-security',
    modifier: -20,
    pass: false,
    advice:
      'The HTTPS certificate is not trusted, and browsers ignore HSTS from a site whose certificate fails. Fix the certificate first.',
  },

  // Redirection
  'redirection-all-redirects-preloaded': {
    test: 'redirection',
    modifier: 0,
    pass: true,
    advice: 'Every host in the redirect chain is HSTS-preloaded, so browsers go to HTTPS before any redirect is needed.',
  },
  'redirection-to-https': {
    test: 'redirection',
    modifier: 0,
    pass: true,
    advice: 'Plain HTTP redirects straight to HTTPS on the same host. Nothing to do.',
  },
  'redirection-not-needed-no-http': {
    test: 'redirection',
    modifier: 0,
    pass: true,
    advice: 'Nothing answers over plain HTTP, so there is nothing to redirect.',
  },
  'redirection-off-host-from-http': {
    test: 'redirection',
    modifier: -5,
    pass: false,
    advice:
      'The first redirect from HTTP goes to another host, so this host never gets to set HSTS. Redirect to https:// on the same host first, then on.',
  },
  'redirection-not-to-https-on-initial-redirection': {
    test: 'redirection',
    modifier: -10,
    pass: false,
    advice: 'The first redirect from HTTP goes to another http:// URL. Redirect to https:// in the very first hop.',
  },
  'redirection-not-to-https': {
    test: 'redirection',
    modifier: -20,
    pass: false,
    advice: 'Plain HTTP redirects, but never ends on HTTPS. Make every HTTP URL redirect (301) to its https:// form.',
  },
  'redirection-missing': {
    test: 'redirection',
    modifier: -20,
    pass: false,
    advice: 'Plain HTTP serves the site without redirecting to HTTPS. Redirect every HTTP request (301) to https:// on the same host.',
  },
  'redirection-invalid-cert': {
    test: 'redirection',
    modifier: -20,
    pass: false,
    advice: 'The redirect leads to an HTTPS site whose certificate is not trusted. Fix the certificate.',
  },
  'redirection-loop': {
    test: 'redirection',
    modifier: -20,
    pass: false,
    advice: 'The redirects go round in a loop, so browsers show an error. Fix the redirect rules.',
  },
  'redirection-too-many': {
    test: 'redirection',
    modifier: -20,
    pass: false,
    advice: 'More than 10 redirects in a row; browsers give up around there. Redirect to the final https:// URL in one or two hops.',
  },
  'redirection-blocked': {
    test: 'redirection',
    modifier: -20,
    pass: false,
    advice:
      'A redirect points at a target that is not a public web address (a private IP, a reserved name or an odd port), so the chain was not followed.',
  },
  'redirection-broken': {
    test: 'redirection',
    modifier: -20,
    pass: false,
    advice: 'A redirect leads to a URL that did not answer (timeout or connection error).',
  },

  // X-Frame-Options
  'x-frame-options-implemented-via-csp': {
    test: 'x-frame-options',
    modifier: 5,
    pass: true,
    advice: 'Framing is controlled by CSP frame-ancestors. Nothing to do.',
  },
  'x-frame-options-sameorigin-or-deny': {
    test: 'x-frame-options',
    modifier: 5,
    pass: true,
    advice: "X-Frame-Options is DENY or SAMEORIGIN. CSP frame-ancestors 'none' (or 'self') says the same in the modern way.",
  },
  'x-frame-options-allow-from-origin': {
    test: 'x-frame-options',
    modifier: 0,
    pass: true,
    advice: 'X-Frame-Options ALLOW-FROM is ignored by current browsers. Use CSP frame-ancestors with the allowed origins.',
  },
  'x-frame-options-not-implemented': {
    test: 'x-frame-options',
    modifier: -20,
    pass: false,
    advice: "Nothing stops other sites from framing this one (clickjacking). Send CSP frame-ancestors 'none' or X-Frame-Options: DENY.",
  },
  'x-frame-options-header-invalid': {
    test: 'x-frame-options',
    modifier: -20,
    pass: false,
    advice:
      'X-Frame-Options has a value browsers do not understand (or is sent twice). Send exactly DENY or SAMEORIGIN, or CSP frame-ancestors.',
  },

  // X-Content-Type-Options
  'x-content-type-options-nosniff': {
    test: 'x-content-type-options',
    modifier: 0,
    pass: true,
    advice: 'X-Content-Type-Options is nosniff. Nothing to do.',
  },
  'x-content-type-options-not-implemented': {
    test: 'x-content-type-options',
    modifier: -5,
    pass: false,
    advice: 'No X-Content-Type-Options. Send X-Content-Type-Options: nosniff so browsers do not guess content types.',
  },
  'x-content-type-options-header-invalid': {
    test: 'x-content-type-options',
    modifier: -5,
    pass: false,
    advice: 'X-Content-Type-Options must be exactly nosniff, sent once.',
  },

  // Referrer-Policy
  'referrer-policy-private': {
    test: 'referrer-policy',
    modifier: 5,
    pass: true,
    advice: 'The Referrer-Policy never sends full URLs to other sites. Nothing to do.',
  },
  'referrer-policy-not-implemented': {
    test: 'referrer-policy',
    modifier: 0,
    pass: true,
    advice:
      'No Referrer-Policy; browsers default to strict-origin-when-cross-origin. Set it explicitly (e.g. strict-origin-when-cross-origin) for the bonus.',
  },
  'referrer-policy-unsafe': {
    test: 'referrer-policy',
    modifier: -5,
    pass: false,
    advice:
      'The Referrer-Policy sends full URLs or origins to other sites (or over HTTP). Use strict-origin-when-cross-origin or no-referrer.',
  },
  'referrer-policy-header-invalid': {
    test: 'referrer-policy',
    modifier: -5,
    pass: false,
    advice: 'The Referrer-Policy has no value browsers recognise. Use strict-origin-when-cross-origin or no-referrer.',
  },

  // Cookies
  'cookies-secure-with-httponly-sessions-and-samesite': {
    test: 'cookies',
    modifier: 5,
    pass: true,
    advice: 'Every cookie is Secure and has SameSite, and session cookies are HttpOnly. Nothing to do.',
  },
  'cookies-secure-with-httponly-sessions': {
    test: 'cookies',
    modifier: 0,
    pass: true,
    advice:
      'Every cookie is Secure and session cookies are HttpOnly. Add SameSite=Lax (or Strict) to each for the bonus and CSRF protection.',
  },
  'cookies-not-found': {
    test: 'cookies',
    modifier: 0,
    pass: true,
    advice: 'The site sets no cookies on the way to the page. Nothing to do.',
  },
  'cookies-without-secure-flag-but-protected-by-hsts': {
    test: 'cookies',
    modifier: -5,
    pass: false,
    advice: 'A cookie lacks Secure; HSTS keeps it off plain HTTP after the first visit, but add Secure to every cookie.',
  },
  'cookies-session-without-secure-flag-but-protected-by-hsts': {
    test: 'cookies',
    modifier: -10,
    pass: false,
    advice: 'A session cookie lacks Secure; HSTS protects it only after the first visit. Add Secure (and HttpOnly) to session cookies.',
  },
  'cookies-without-secure-flag': {
    test: 'cookies',
    modifier: -20,
    pass: false,
    advice: 'A cookie lacks Secure or is set over plain HTTP, so it can travel unencrypted. Set every cookie over HTTPS with Secure.',
  },
  'cookies-samesite-flag-invalid': {
    test: 'cookies',
    modifier: -20,
    pass: false,
    advice:
      'A cookie has a SameSite value browsers do not know, or SameSite=None without Secure (which browsers refuse). Use Strict or Lax, or None with Secure.',
  },
  'cookies-anticsrf-without-samesite-flag': {
    test: 'cookies',
    modifier: -20,
    pass: false,
    advice: 'An anti-CSRF token cookie has no SameSite attribute. Set SameSite=Strict (or Lax) on it.',
  },
  'cookies-session-without-httponly-flag': {
    test: 'cookies',
    modifier: -30,
    pass: false,
    advice: 'A session cookie lacks HttpOnly, so any injected script can steal the session. Add HttpOnly.',
  },
  'cookies-session-without-secure-flag': {
    test: 'cookies',
    modifier: -40,
    pass: false,
    advice:
      'A session cookie lacks Secure or is set over plain HTTP, so anyone on the network can take over sessions. Set it over HTTPS with Secure and HttpOnly.',
  },

  // Subresource Integrity
  'sri-implemented-and-all-scripts-loaded-securely': {
    test: 'subresource-integrity',
    modifier: 5,
    pass: true,
    advice: 'Scripts come from this site and carry integrity hashes. Nothing to do.',
  },
  'sri-implemented-and-external-scripts-loaded-securely': {
    test: 'subresource-integrity',
    modifier: 5,
    pass: true,
    advice: 'Scripts from other sites carry integrity hashes and load over HTTPS. Nothing to do.',
  },
  'sri-not-implemented-response-not-html': {
    test: 'subresource-integrity',
    modifier: 0,
    pass: true,
    advice: 'The page is not HTML, so SRI does not apply.',
  },
  'sri-not-implemented-but-no-scripts-loaded': {
    test: 'subresource-integrity',
    modifier: 0,
    pass: true,
    advice: 'The page loads no scripts. Nothing to do.',
  },
  'sri-not-implemented-but-all-scripts-loaded-from-secure-origin': {
    test: 'subresource-integrity',
    modifier: 0,
    pass: true,
    advice: 'Every script comes from this site. Integrity hashes would still guard against a compromised CDN or server.',
  },
  'sri-not-implemented-but-external-scripts-loaded-securely': {
    test: 'subresource-integrity',
    modifier: -5,
    pass: false,
    advice:
      'Scripts from other sites load over HTTPS but without integrity hashes, so a compromised CDN runs code here. Add integrity="sha384-…" and crossorigin.',
  },
  'sri-implemented-but-external-scripts-not-loaded-securely': {
    test: 'subresource-integrity',
    modifier: -20,
    pass: false,
    advice: 'A script from another site loads over http: or a protocol-relative // URL. Use https:// URLs.',
  },
  'sri-not-implemented-and-external-scripts-not-loaded-securely': {
    test: 'subresource-integrity',
    modifier: -50,
    pass: false,
    advice:
      'Scripts from other sites load over http: (or //) without integrity hashes: anyone on the network can replace them. Load them over https:// with integrity hashes.',
  },

  // CORS
  'cross-origin-resource-sharing-not-implemented': {
    test: 'cross-origin-resource-sharing',
    modifier: 0,
    pass: true,
    advice: 'No cross-origin access is granted. Nothing to do.',
  },
  'cross-origin-resource-sharing-implemented-with-public-access': {
    test: 'cross-origin-resource-sharing',
    modifier: 0,
    pass: true,
    advice: 'Any site may read this content, without the user’s cookies (Access-Control-Allow-Origin: *). Fine for public content.',
  },
  'cross-origin-resource-sharing-implemented-with-restricted-access': {
    test: 'cross-origin-resource-sharing',
    modifier: 0,
    pass: true,
    advice: 'Cross-origin access is limited to named origins. Nothing to do.',
  },
  'cross-origin-resource-sharing-implemented-with-universal-access': {
    test: 'cross-origin-resource-sharing',
    modifier: -50,
    pass: false,
    advice:
      'Any site may read responses with the user’s cookies (the Origin is echoed with Allow-Credentials, or a crossdomain.xml/clientaccesspolicy.xml allows *). Allow only the origins you trust.',
  },

  // Cross-Origin-Resource-Policy
  'corp-implemented-with-same-origin': {
    test: 'cross-origin-resource-policy',
    modifier: 10,
    pass: true,
    advice: 'Cross-Origin-Resource-Policy: same-origin. Nothing to do.',
  },
  'corp-implemented-with-same-site': {
    test: 'cross-origin-resource-policy',
    modifier: 10,
    pass: true,
    advice: 'Cross-Origin-Resource-Policy: same-site. Nothing to do.',
  },
  'corp-implemented-with-cross-origin': {
    test: 'cross-origin-resource-policy',
    modifier: 0,
    pass: true,
    advice: 'Cross-Origin-Resource-Policy: cross-origin lets any site embed this. Use same-origin or same-site unless that is intended.',
  },
  'corp-not-implemented': {
    test: 'cross-origin-resource-policy',
    modifier: 0,
    pass: true,
    advice: 'No Cross-Origin-Resource-Policy. Send same-origin (or same-site) for the bonus and protection against cross-site leaks.',
  },
  'corp-header-invalid': {
    test: 'cross-origin-resource-policy',
    modifier: -5,
    pass: false,
    advice: 'Cross-Origin-Resource-Policy must be same-origin, same-site or cross-origin, sent once.',
  },

  // Cross-Origin-Opener-Policy
  'coop-implemented-with-same-origin': {
    test: 'cross-origin-opener-policy',
    modifier: 10,
    pass: true,
    advice: 'Cross-Origin-Opener-Policy: same-origin. Nothing to do.',
  },
  'coop-implemented-with-same-origin-allow-popups': {
    test: 'cross-origin-opener-policy',
    modifier: 10,
    pass: true,
    advice: 'Cross-Origin-Opener-Policy: same-origin-allow-popups. Nothing to do.',
  },
  'coop-implemented-with-noopener-allow-popups': {
    test: 'cross-origin-opener-policy',
    modifier: 10,
    pass: true,
    advice: 'Cross-Origin-Opener-Policy: noopener-allow-popups. Nothing to do.',
  },
  'coop-implemented-with-unsafe-none': {
    test: 'cross-origin-opener-policy',
    modifier: 0,
    pass: true,
    advice: 'Cross-Origin-Opener-Policy: unsafe-none is the default. same-origin isolates the window from pages that open it.',
  },
  'coop-not-implemented': {
    test: 'cross-origin-opener-policy',
    modifier: 0,
    pass: true,
    advice: 'No Cross-Origin-Opener-Policy. Send same-origin for the bonus (it keeps other sites from scripting this window).',
  },
  'coop-header-invalid': {
    test: 'cross-origin-opener-policy',
    modifier: -5,
    pass: false,
    advice: 'Cross-Origin-Opener-Policy has a value browsers do not know, or is sent twice.',
  },

  // Cross-Origin-Embedder-Policy
  'coep-implemented-with-require-corp': {
    test: 'cross-origin-embedder-policy',
    modifier: 10,
    pass: true,
    advice: 'Cross-Origin-Embedder-Policy: require-corp. Nothing to do.',
  },
  'coep-implemented-with-credentialless': {
    test: 'cross-origin-embedder-policy',
    modifier: 10,
    pass: true,
    advice: 'Cross-Origin-Embedder-Policy: credentialless. Nothing to do.',
  },
  'coep-implemented-with-unsafe-none': {
    test: 'cross-origin-embedder-policy',
    modifier: 0,
    pass: true,
    advice: 'Cross-Origin-Embedder-Policy: unsafe-none is the default. require-corp or credentialless enables cross-origin isolation.',
  },
  'coep-not-implemented': {
    test: 'cross-origin-embedder-policy',
    modifier: 0,
    pass: true,
    advice: 'No Cross-Origin-Embedder-Policy. Send require-corp or credentialless for the bonus, once every embedded resource allows it.',
  },
  'coep-header-invalid': {
    test: 'cross-origin-embedder-policy',
    modifier: -5,
    pass: false,
    advice: 'Cross-Origin-Embedder-Policy has a value browsers do not know, or is sent twice.',
  },

  // Reachability
  'site-reachable-over-https': { test: 'reachability', modifier: 0, pass: true, advice: 'The site answers over HTTPS.' },
  'site-reachable-over-http-only': {
    test: 'reachability',
    modifier: 0,
    pass: false,
    advice: 'The site answers only over plain HTTP; the HSTS and redirection results say what that costs.',
  },
  'site-unreachable': {
    test: 'reachability',
    modifier: -100,
    pass: false,
    advice: 'The site answered neither over HTTP nor over HTTPS (timeout or connection refused), so nothing could be graded.',
  },
}

/** Only when the score without bonuses reaches this are bonuses added (Observatory MINIMUM_SCORE_FOR_EXTRA_CREDIT). */
export const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90

export const GRADES = ['A+', 'A', 'A-', 'B+', 'B', 'B-', 'C+', 'C', 'C-', 'D+', 'D', 'D-', 'F'] as const
export type Grade = (typeof GRADES)[number]

/**
 * Lowest score for each grade: the Observatory's chart (mdn/mdn-http-observatory
 * src/grader/charts.js GRADE_CHART; ../shared/data/audit/observatory-tests.md), looked up after
 * rounding down to a multiple of 5.
 */
export const GRADE_CHART: ReadonlyArray<readonly [number, Grade]> = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [80, 'B+'],
  [70, 'B'],
  [65, 'B-'],
  [60, 'C+'],
  [50, 'C'],
  [45, 'C-'],
  [40, 'D+'],
  [30, 'D'],
  [25, 'D-'],
  [0, 'F'],
]

/**
 * `modifier` is the table's value; `points` what it added to this score: the modifier, or 0 for
 * a bonus that did not count (`counted: false`, the score before bonuses was under 90).
 */
export type Finding = {
  test: TestName
  result: ResultId
  pass: boolean
  modifier: number
  counted: boolean
  points: number
  advice: string
  /** Set when this result departs from the Observatory's by design (data/deviations.ts). */
  deviation: Deviation | null
}

export type Score = {
  /** 0-100: `uncapped` capped at 100. */
  score: number
  grade: Grade
  findings: Finding[]
  /** 100 plus every finding's points, floored at 0 (the Observatory's number, which can exceed 100). */
  uncapped: number
  bonuses_counted: boolean
}

export function gradeFor(score: number): Grade {
  // The Observatory rounds down to a multiple of 5 before the lookup.
  const key = Math.min(100, Math.max(0, score - (score % 5)))
  return GRADE_CHART.find(([min]) => key >= min)![1]
}

/** `deviations`: per test, how its result departs from the Observatory's, when it does. */
export function score(results: ResultId[], deviations: Partial<Record<TestName, Deviation | null>> = {}): Score {
  const penalties = results.reduce((sum, r) => sum + Math.min(0, SCORE_TABLE[r].modifier), 0)
  const bonusesCounted = 100 + penalties >= MINIMUM_SCORE_FOR_EXTRA_CREDIT
  const findings = results.map((result): Finding => {
    const rule = SCORE_TABLE[result]
    const counted = rule.modifier <= 0 || bonusesCounted
    return {
      test: rule.test,
      result,
      pass: rule.pass,
      modifier: rule.modifier,
      counted,
      points: counted ? rule.modifier : 0,
      advice: rule.advice,
      deviation: deviations[rule.test] ?? null,
    }
  })
  // The Observatory floors at 0 and has no upper cap; DECISIONS.md keeps score_numeric within 0-100.
  const uncapped = Math.max(0, 100 + findings.reduce((sum, f) => sum + f.points, 0))
  const total = Math.min(100, uncapped)
  return { score: total, grade: gradeFor(total), findings, uncapped, bonuses_counted: bonusesCounted }
}
