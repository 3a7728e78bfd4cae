import type { CspResult } from './checks/csp'
import type { HstsResult } from './checks/hsts'
import type { ReachabilityResult } from './checks/reachability'
import type { RedirectResult } from './checks/redirects'
import type { ReferrerResult } from './checks/referrer-policy'
import type { XctoResult } from './checks/xcto'
import type { XfoResult } from './checks/xfo'

/**
 * The scoring model, after Mozilla's HTTP Observatory (mdn/mdn-http-observatory
 * src/grader/charts.js, scoring explained in docs/audit-scoring.md): every test result has a
 * fixed modifier; the score starts at 100; bonuses count only when the score without them is
 * at least 90; the total is clamped to 0-100 and mapped to a letter.
 *
 * Any change to this table, the chart or the rules below changes reports, so it must bump
 * SCORING_VERSION and be written down in docs/audit-scoring.md (test/audit/scoring.test.ts
 * fails otherwise).
 */
export const SCORING_VERSION = 1

export const TESTS = {
  'content-security-policy': 'Content Security Policy',
  'strict-transport-security': 'Strict Transport Security (HSTS)',
  redirection: 'Redirection from HTTP',
  'x-frame-options': 'X-Frame-Options (framing)',
  'x-content-type-options': 'X-Content-Type-Options',
  'referrer-policy': 'Referrer Policy',
  reachability: 'Reachability',
} as const

export type TestName = keyof typeof TESTS
export type ResultId = CspResult | HstsResult | RedirectResult | XfoResult | XctoResult | ReferrerResult | ReachabilityResult

export type Rule = { test: TestName; modifier: number; pass: boolean; advice: string }

export const SCORE_TABLE: Record<ResultId, Rule> = {
  // Content Security Policy
  'csp-implemented-with-no-unsafe-default-src-none': {
    test: 'content-security-policy', modifier: 10, pass: true,
    advice: "CSP blocks everything by default (default-src 'none') and allows no unsafe sources. Nothing to do.",
  },
  'csp-implemented-with-no-unsafe': {
    test: 'content-security-policy', modifier: 5, pass: true,
    advice: "CSP allows no unsafe sources. Start from default-src 'none' and allow only what the page needs for the full bonus.",
  },
  'csp-implemented-with-unsafe-inline-in-style-src-only': {
    test: 'content-security-policy', modifier: 0, pass: true,
    advice: "CSP allows inline styles ('unsafe-inline', data: or a broad source in style-src). Move styles to files or allow them by hash or nonce.",
  },
  'csp-implemented-with-insecure-scheme-in-passive-content-only': {
    test: 'content-security-policy', modifier: -10, pass: true,
    advice: 'CSP allows images or media over plain http:. Serve them over https: and drop http: from img-src and media-src.',
  },
  'csp-implemented-with-unsafe-eval': {
    test: 'content-security-policy', modifier: -10, pass: false,
    advice: "CSP allows 'unsafe-eval', so injected strings can run as code. Remove eval()/new Function() from the scripts and drop 'unsafe-eval'.",
  },
  'csp-implemented-with-unsafe-inline': {
    test: 'content-security-policy', modifier: -20, pass: false,
    advice: "CSP allows inline or arbitrary scripts ('unsafe-inline', data:, *, https: or no script-src/object-src at all), so it does not stop XSS. Restrict script-src and object-src, use nonces or hashes for inline scripts.",
  },
  'csp-implemented-with-insecure-scheme': {
    test: 'content-security-policy', modifier: -20, pass: false,
    advice: 'CSP allows scripts or other active content over plain http: or ftp:, which anyone on the network can replace. Allow only https: sources.',
  },
  'csp-implemented-but-duplicate-directives': {
    test: 'content-security-policy', modifier: 0, pass: true,
    advice: 'CSP repeats report-uri or report-to; browsers use only the first one. Keep one of each.',
  },
  'csp-header-invalid': {
    test: 'content-security-policy', modifier: -25, pass: false,
    advice: "The CSP cannot be parsed (empty, a directive given twice, or 'strict-dynamic' without a nonce or hash). Fix the policy; browsers may ignore it.",
  },
  'csp-not-implemented': {
    test: 'content-security-policy', modifier: -25, pass: false,
    advice: "No Content-Security-Policy. Add one, starting from default-src 'none' and allowing what the page needs; it is the main defence against XSS.",
  },
  'csp-not-implemented-but-reporting-enabled': {
    test: 'content-security-policy', modifier: -25, pass: false,
    advice: 'Only Content-Security-Policy-Report-Only is set: violations are reported, nothing is blocked. Enforce the policy once the reports are clean.',
  },

  // HSTS
  'hsts-implemented-max-age-at-least-six-months': {
    test: 'strict-transport-security', modifier: 0, pass: true,
    advice: 'HSTS is set for at least six months. Consider max-age=63072000; includeSubDomains; preload and submitting the site to hstspreload.org.',
  },
  'hsts-implemented-max-age-less-than-six-months': {
    test: 'strict-transport-security', modifier: -10, pass: false,
    advice: 'HSTS max-age is under six months (15552000 s). Raise it, to two years (63072000) once HTTPS is stable everywhere.',
  },
  'hsts-not-implemented': {
    test: 'strict-transport-security', modifier: -20, pass: false,
    advice: 'No Strict-Transport-Security header. Send max-age=63072000; includeSubDomains on HTTPS responses (roll out with a short max-age first).',
  },
  'hsts-header-invalid': {
    test: 'strict-transport-security', modifier: -20, pass: false,
    advice: 'The Strict-Transport-Security header cannot be used: max-age is missing or not a number, a directive repeats, or the header is sent twice. Browsers ignore it.',
  },
  'hsts-not-implemented-no-https': {
    test: 'strict-transport-security', modifier: -20, pass: false,
    advice: "The site does not answer over HTTPS, so HSTS cannot be set. Serve it over HTTPS (a free certificate from Let's Encrypt will do).",
  },
  'hsts-invalid-cert': {
    test: 'strict-transport-security', modifier: -20, pass: false,
    advice: 'The HTTPS certificate is not trusted, and browsers ignore HSTS from a site whose certificate fails. Fix the certificate first.',
  },

  // Redirection
  'redirection-to-https': {
    test: 'redirection', modifier: 0, pass: true,
    advice: 'Plain HTTP redirects straight to HTTPS on the same host. Nothing to do.',
  },
  'redirection-not-needed-no-http': {
    test: 'redirection', modifier: 0, pass: true,
    advice: 'Nothing answers over plain HTTP, so there is nothing to redirect.',
  },
  'redirection-off-host-from-http': {
    test: 'redirection', modifier: -5, pass: false,
    advice: 'The first redirect from HTTP goes to another host, so this host never gets to set HSTS. Redirect to https:// on the same host first, then on.',
  },
  'redirection-not-to-https-on-initial-redirection': {
    test: 'redirection', modifier: -10, pass: false,
    advice: 'The first redirect from HTTP goes to another http:// URL. Redirect to https:// in the very first hop.',
  },
  'redirection-not-to-https': {
    test: 'redirection', modifier: -20, pass: false,
    advice: 'Plain HTTP redirects, but never ends on HTTPS. Make every HTTP URL redirect (301) to its https:// form.',
  },
  'redirection-missing': {
    test: 'redirection', modifier: -20, pass: false,
    advice: 'Plain HTTP serves the site without redirecting to HTTPS. Redirect every HTTP request (301) to https:// on the same host.',
  },
  'redirection-invalid-cert': {
    test: 'redirection', modifier: -20, pass: false,
    advice: 'The redirect leads to an HTTPS site whose certificate is not trusted. Fix the certificate.',
  },
  'redirection-loop': {
    test: 'redirection', modifier: -20, pass: false,
    advice: 'The redirects go round in a loop, so browsers show an error. Fix the redirect rules.',
  },
  'redirection-too-many': {
    test: 'redirection', modifier: -20, pass: false,
    advice: 'More than 10 redirects in a row; browsers give up around there. Redirect to the final https:// URL in one or two hops.',
  },
  'redirection-blocked': {
    test: 'redirection', modifier: -20, pass: false,
    advice: 'A redirect points at a target that is not a public web address (a private IP, a reserved name or an odd port), so the chain was not followed.',
  },
  'redirection-broken': {
    test: 'redirection', modifier: -20, pass: false,
    advice: 'A redirect leads to a URL that did not answer (timeout or connection error).',
  },

  // X-Frame-Options
  'x-frame-options-implemented-via-csp': {
    test: 'x-frame-options', modifier: 5, pass: true,
    advice: 'Framing is controlled by CSP frame-ancestors. Nothing to do.',
  },
  'x-frame-options-sameorigin-or-deny': {
    test: 'x-frame-options', modifier: 5, pass: true,
    advice: "X-Frame-Options is DENY or SAMEORIGIN. CSP frame-ancestors 'none' (or 'self') says the same in the modern way.",
  },
  'x-frame-options-allow-from-origin': {
    test: 'x-frame-options', modifier: 0, pass: true,
    advice: 'X-Frame-Options ALLOW-FROM is ignored by current browsers. Use CSP frame-ancestors with the allowed origins.',
  },
  'x-frame-options-not-implemented': {
    test: 'x-frame-options', modifier: -20, pass: false,
    advice: "Nothing stops other sites from framing this one (clickjacking). Send CSP frame-ancestors 'none' or X-Frame-Options: DENY.",
  },
  'x-frame-options-header-invalid': {
    test: 'x-frame-options', modifier: -20, pass: false,
    advice: "X-Frame-Options has a value browsers do not understand (or is sent twice). Send exactly DENY or SAMEORIGIN, or CSP frame-ancestors.",
  },

  // X-Content-Type-Options
  'x-content-type-options-nosniff': {
    test: 'x-content-type-options', modifier: 0, pass: true,
    advice: 'X-Content-Type-Options is nosniff. Nothing to do.',
  },
  'x-content-type-options-not-implemented': {
    test: 'x-content-type-options', modifier: -5, pass: false,
    advice: 'No X-Content-Type-Options. Send X-Content-Type-Options: nosniff so browsers do not guess content types.',
  },
  'x-content-type-options-header-invalid': {
    test: 'x-content-type-options', modifier: -5, pass: false,
    advice: 'X-Content-Type-Options must be exactly nosniff, sent once.',
  },

  // Referrer-Policy
  'referrer-policy-private': {
    test: 'referrer-policy', modifier: 5, pass: true,
    advice: 'The Referrer-Policy never sends full URLs to other sites. Nothing to do.',
  },
  'referrer-policy-not-implemented': {
    test: 'referrer-policy', modifier: 0, pass: true,
    advice: 'No Referrer-Policy; browsers default to strict-origin-when-cross-origin. Set it explicitly (e.g. strict-origin-when-cross-origin) for the bonus.',
  },
  'referrer-policy-unsafe': {
    test: 'referrer-policy', modifier: -5, pass: false,
    advice: 'The Referrer-Policy sends full URLs or origins to other sites (or over HTTP). Use strict-origin-when-cross-origin or no-referrer.',
  },
  'referrer-policy-header-invalid': {
    test: 'referrer-policy', modifier: -5, pass: false,
    advice: 'The Referrer-Policy has no value browsers recognise. Use strict-origin-when-cross-origin or no-referrer.',
  },

  // Reachability
  'site-reachable-over-https': { test: 'reachability', modifier: 0, pass: true, advice: 'The site answers over HTTPS.' },
  'site-reachable-over-http-only': {
    test: 'reachability', modifier: 0, pass: false,
    advice: 'The site answers only over plain HTTP; the HSTS and redirection results say what that costs.',
  },
  'site-unreachable': {
    test: 'reachability', modifier: -100, pass: false,
    advice: 'The site answered neither over HTTP nor over HTTPS (timeout or connection refused), so nothing could be graded.',
  },
}

/** Only when the score without bonuses reaches this are bonuses added (Observatory MINIMUM_SCORE_FOR_EXTRA_CREDIT). */
export const MINIMUM_SCORE_FOR_EXTRA_CREDIT = 90

export const GRADES = ['A+', 'A', 'A-', 'B', 'C', 'D', 'F'] as const
export type Grade = (typeof GRADES)[number]

/**
 * Lowest score for each grade. The Observatory's chart, with its B+/B/B-, C+/C/C- and D+/D/D-
 * bands merged into one letter each: 100 A+, 90 A, 85 A-, 65 B, 45 C, 25 D, below F.
 */
export const GRADE_CHART: ReadonlyArray<readonly [number, Grade]> = [
  [100, 'A+'],
  [90, 'A'],
  [85, 'A-'],
  [65, 'B'],
  [45, 'C'],
  [25, 'D'],
  [0, 'F'],
]

export type Finding = { test: TestName; result: ResultId; pass: boolean; modifier: number; advice: string }

export type Score = { score: number; grade: Grade; findings: Finding[] }

export function gradeFor(score: number): Grade {
  // The Observatory rounds down to a multiple of 5 before the lookup.
  const key = Math.min(100, Math.max(0, score - (score % 5)))
  return GRADE_CHART.find(([min]) => key >= min)![1]
}

export function score(results: ResultId[]): Score {
  const findings = results.map((result): Finding => {
    const rule = SCORE_TABLE[result]
    return { test: rule.test, result, pass: rule.pass, modifier: rule.modifier, advice: rule.advice }
  })
  const uncurved = 100 + findings.reduce((sum, f) => sum + Math.min(0, f.modifier), 0)
  const withBonus = 100 + findings.reduce((sum, f) => sum + f.modifier, 0)
  const total = Math.max(0, Math.min(100, uncurved >= MINIMUM_SCORE_FOR_EXTRA_CREDIT ? withBonus : uncurved))
  return { score: total, grade: gradeFor(total), findings }
}
