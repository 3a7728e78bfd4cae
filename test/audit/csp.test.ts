import { describe, expect, it } from 'vitest'
import { analyseCsp, type CspResult } from '../../workers/audit/domain/checks/csp'
import { covers, effectiveSources, parsePolicies } from '../../workers/audit/domain/checks/csp-parser'

const csp = (header: string | null, extra: { meta?: string[]; reportOnly?: string; https?: boolean } = {}) =>
  analyseCsp({ header, reportOnly: extra.reportOnly ?? null, meta: extra.meta, https: extra.https ?? true })

// Tables after the Observatory's test/csp.test.js, grouped by the expected result.
const CASES: Record<CspResult, string[]> = {
  'csp-header-invalid': [
    '  ',
    '',
    "default-src 'none'; default-src 'none'",
    "default-src 'none'; img-src 'self'; default-src 'none'",
    "default-src 'none'; script-src 'strict-dynamic'",
    'defa',
  ],
  'csp-implemented-with-unsafe-inline': [
    "default-src 'none'; script-src https://*",
    "default-src 'none'; script-src 'unsafe-inline'",
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
  ],
  'csp-implemented-with-insecure-scheme': [
    'default-src http://mozilla.org',
    "default-src 'none'; script-src http://mozilla.org",
    "default-src 'none'; script-src ftp://mozilla.org",
  ],
  'csp-implemented-with-unsafe-eval': ["default-src 'none'; script-src 'unsafe-eval'"],
  'csp-implemented-with-insecure-scheme-in-passive-content-only': [
    "default-src 'none'; img-src http://mozilla.org",
    "default-src 'self'; img-src ftp:",
    "default-src 'self'; img-src http:",
    "default-src 'none'; img-src https:; media-src http://mozilla.org",
    "default-src 'none'; img-src http: https:; script-src 'self'; style-src 'self'",
    "default-src 'none'; img-src 'none'; media-src http:; script-src 'self'; style-src 'self'",
    "default-src 'none'; img-src 'none'; media-src http:; script-src 'self'; style-src 'unsafe-inline'",
  ],
  'csp-implemented-with-unsafe-inline-in-style-src-only': [
    "object-src 'none'; script-src 'none'; style-src 'unsafe-inline'",
    "default-src 'none'; script-src https://mozilla.org; style-src 'unsafe-inline'",
    "default-src 'unsafe-inline'; script-src https://mozilla.org",
    "default-src 'none';;; ;;;style-src 'self' 'unsafe-inline'",
    "default-src 'none'; style-src data:",
    "default-src 'none'; style-src *",
    "default-src 'none'; style-src https:",
    "default-src 'none'; style-src 'unsafe-inline'; script-src 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBB=' 'unsafe-inline'",
  ],
  'csp-implemented-with-no-unsafe': [
    'default-src https://mozilla.org',
    "default-src https://mozilla.org;;; ;;;script-src 'none'",
    "object-src 'none'; script-src https://mozilla.org; style-src https://mozilla.org; upgrade-insecure-requests;",
    "object-src 'none'; script-src 'strict-dynamic' 'nonce-abc' 'unsafe-inline'; style-src 'none'",
    "object-src 'none'; style-src 'self';script-src 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBA='",
    "object-src 'none'; style-src 'self'; script-src 'unsafe-inline' 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBA=' 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBB='",
    "object-src 'none'; script-src 'unsafe-inline' 'nonce-abc123' 'unsafe-inline'; style-src 'none'",
    "default-src https://mozilla.org; style-src 'unsafe-inline' 'nonce-abc123' 'unsafe-inline'",
    "default-src https://mozilla.org; style-src 'unsafe-inline' 'sha256-hqBEA/HXB3aJU2FgOnYN8rkAgEVgyfi3Vs1j2/XMPBB=' 'unsafe-inline'",
  ],
  'csp-implemented-with-no-unsafe-default-src-none': [
    'default-src',
    "default-src 'none'",
    "default-src 'none'; script-src 'strict-dynamic' 'nonce-abc123' 'unsafe-inline'",
    "default-src 'none'; script-src https://mozilla.org; style-src https://mozilla.org; upgrade-insecure-requests;",
    "default-src 'none'; object-src https://mozilla.org",
    "default-src 'none'; script-src 'strict-dynamic' 'nonce-abc123'",
    "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123'",
    "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123' https://*",
    "default-src 'none'; script-src 'strict-dynamic' 'sha256-abc123' 'unsafe-inline'",
  ],
  'csp-implemented-but-duplicate-directives': [
    "default-src 'none'; report-uri https://a.example/r; report-uri https://b.example/r",
    "default-src 'none'; report-to a; report-to b",
  ],
  'csp-not-implemented': [],
  'csp-not-implemented-but-reporting-enabled': [],
}

describe('CSP analyser', () => {
  for (const [result, values] of Object.entries(CASES)) {
    it.each(values)(`%j → ${result}`, (value) => {
      expect(csp(value).result).toBe(result)
    })
  }

  it('is not implemented without a policy', () => {
    expect(csp(null)).toMatchObject({ result: 'csp-not-implemented', policies: 0, directives: null })
  })

  it('knows a Report-Only policy enforces nothing', () => {
    expect(csp(null, { reportOnly: "default-src 'none'; report-to /_/csp-reports" }).result).toBe(
      'csp-not-implemented-but-reporting-enabled'
    )
  })

  it('flags the unsafe-eval policy and keeps the merged directives', () => {
    const a = csp("default-src 'none'; script-src 'unsafe-eval'")
    expect(a.directives).toEqual({ 'default-src': ["'none'"], 'script-src': ["'unsafe-eval'"] })
    expect(a.policy?.unsafe_eval).toBe(true)
  })

  it('only counts http: sources as insecure on an HTTPS page', () => {
    expect(csp("default-src 'none'; script-src http://mozilla.org", { https: false }).result).toBe(
      'csp-implemented-with-no-unsafe-default-src-none'
    )
  })

  it.each([
    ["default-src 'none'", false],
    ['frame-ancestors *', false],
    ['frame-ancestors http:', false],
    ['frame-ancestors https:', false],
    ["default-src *; frame-ancestors 'none'", true],
  ])('anti-clickjacking of %j is %s', (value, expected) => {
    expect(csp(value).policy?.anti_clickjacking).toBe(expected)
  })

  it.each([
    ["default-src 'none'; base-uri *; object-src *", true, true],
    ["default-src 'none'; base-uri https:; object-src https:", true, true],
    ['default-src *', true, true],
    ["default-src *; base-uri 'none'", false, true],
    ["default-src 'none'; base-uri 'self'", false, false],
    ["default-src 'none'; base-uri https://mozilla.org", false, false],
  ])('%j: insecure base-uri %s, unsafe objects %s', (value, baseUri, objects) => {
    expect(csp(value).policy).toMatchObject({ insecure_base_uri: baseUri, unsafe_objects: objects })
  })

  it.each([
    ["default-src *; form-action 'none'", false],
    ["default-src 'none'; form-action 'self' https://mozilla.org", false],
    ["default-src 'none'", true],
    ['form-action https:', true],
  ])('insecure form-action of %j is %s', (value, expected) => {
    expect(csp(value).policy?.insecure_form_action).toBe(expected)
  })

  describe('several policies (CSP3 §8.1: every one is enforced)', () => {
    it('accepts a repeated header joined with a comma', () => {
      const a = csp("default-src 'none'; script-src 'self', default-src 'none'; script-src 'self'")
      expect(a).toMatchObject({ result: 'csp-implemented-with-no-unsafe-default-src-none', policies: 2 })
      expect(a.directives).toEqual({ 'default-src': ["'none'"], 'script-src': ["'self'"] })
    })

    it('intersects a permissive policy with a strict one', () => {
      const a = csp(
        "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline', default-src 'none'; style-src 'self', " +
          "default-src 'none'; script-src 'self'; style-src 'self' 'unsafe-inline'"
      )
      expect(a.policies).toBe(3)
      expect(a.policy?.unsafe_inline_style).toBe(false)
      expect(a.directives?.['style-src']).toEqual(["'self'"])
      // The middle policy has no script-src, so its default-src 'none' blocks every script.
      expect(a.directives?.['script-src']).toEqual(["'none'"])
    })

    it('merges header and <meta> policies', () => {
      expect(csp('default-src http:', { meta: ['default-src https:'] }).result).toBe('csp-implemented-with-no-unsafe-default-src-none')
      expect(csp("img-src 'none'", { meta: ["default-src 'none'"] }).result).toBe('csp-implemented-with-no-unsafe-default-src-none')
      expect(csp(null, { meta: ["default-src 'none'"] }).result).toBe('csp-implemented-with-no-unsafe-default-src-none')
    })

    it('ignores frame-ancestors in <meta>, so a meta policy of only that is no policy', () => {
      expect(csp(null, { meta: ["frame-ancestors 'none'"] }).result).toBe('csp-not-implemented')
    })

    it('rejects an invalid <meta> policy like a header one', () => {
      expect(csp("default-src 'none'", { meta: ["script-src 'self'; script-src 'self'"] }).result).toBe('csp-header-invalid')
    })
  })
})

describe('CSP parser', () => {
  const merged = (values: string[]) => effectiveSources(parsePolicies(values).policies, 'default-src')

  it.each([
    [
      [
        "default-src 'none'; script-src 'self' https://mozilla.org",
        "default-src 'none'; script-src 'self' https://mozilla.org https://example.com",
      ],
      ["'self'", 'https://mozilla.org'],
    ],
    [
      [
        "default-src 'none'; script-src 'self' https://mozilla.org",
        "default-src 'none'; script-src https://example.com 'self' https://mozilla.org",
      ],
      ["'self'", 'https://mozilla.org'],
    ],
  ])('intersects script-src of %j', (values, expected) => {
    expect(effectiveSources(parsePolicies(values).policies, 'script-src')).toEqual(expected)
  })

  it.each([
    [['default-src https://mozilla.org', 'default-src https://mozilla.com'], ["'none'"]],
    [['default-src https://mozilla.org https://mozilla.net', 'default-src https://mozilla.com https://mozilla.io'], ["'none'"]],
    [
      [
        'default-src https://mozilla.org https://mozilla.net https://mozilla.com https://mozilla.io',
        'default-src https://mozilla.pizza https://mozilla.ninja https://mozilla.net https://mozilla.org',
        'default-src https://mozilla.net https://mozilla.fox https://mozilla.fire https://mozilla.org',
      ],
      ['https://mozilla.net', 'https://mozilla.org'],
    ],
    [['default-src https://mozilla.org/fire', 'default-src https://mozilla.org/firefox/'], ["'none'"]],
    [
      ['default-src https://mozilla.org/firefox/', 'default-src https://mozilla.org/firefox/download/'],
      ['https://mozilla.org/firefox/download/'],
    ],
    [
      ['default-src https://mozilla.org/firefox/download/', 'default-src https://mozilla.org/firefox/'],
      ['https://mozilla.org/firefox/download/'],
    ],
    [['default-src http:', 'default-src https:'], ["'none'"]],
    [['default-src http: http:', 'default-src https: https:'], ["'none'"]],
    [['default-src https:', 'default-src https://mozilla.org'], ['https://mozilla.org']],
    [['default-src *', 'default-src https://*.mozilla.org'], ['https://*.mozilla.org']],
  ])('merges default-src of %j into %j', (values, expected) => {
    expect(merged(values)).toEqual(expected)
  })

  it.each([
    '  ',
    '\r\n',
    '\r\n\r\n\r\n',
    '',
    "default-src 'none'; default-src 'none'",
    "default-src 'none'; img-src 'self'; default-src 'none'",
    'defa',
  ])('refuses %j', (value) => {
    expect(() => parsePolicies([value])).toThrow()
  })

  it('keeps the first of repeated report-uri / report-to and warns', () => {
    const { policies, duplicateWarnings } = parsePolicies([
      'report-uri https://www.dropbox.com/csp_log?policy_name=a ; report-uri https://www.dropbox.com/csp_log?policy_name=b',
    ])
    expect(duplicateWarnings).toEqual(['report-uri'])
    expect(policies[0].get('report-uri')).toEqual(['https://www.dropbox.com/csp_log?policy_name=a'])
  })

  it('parses a real-world sprawling policy', () => {
    const value =
      "default-src 'self' blob: https://*.cnn.com:* http://*.cnn.com:* *.cnn.io:* *.cnn.net:* *.turner.com:* *.turner.io:* *.ugdturner.com:* courageousstudio.com *.vgtf.net:*; script-src 'unsafe-eval' 'unsafe-inline' 'self' *; style-src 'unsafe-inline' 'self' blob: *; child-src 'self' blob: *; frame-src 'self' *; object-src 'self' *; img-src 'self' data: blob: *; media-src 'self' data: blob: *; font-src 'self' data: *; connect-src 'self' data: *; frame-ancestors 'self' https://*.cnn.com:* http://*.cnn.com https://*.cnn.io:* http://*.cnn.io:* *.turner.com:* courageousstudio.com;"
    expect(parsePolicies([value]).policies[0].size).toBe(11)
    expect(csp(value).result).toBe('csp-implemented-with-unsafe-inline')
  })

  it.each([
    ['https:', 'https://a.example', true],
    ['https:', 'http://a.example', false],
    ['*', 'https://a.example', true],
    ['*', "'self'", false],
    ['https://*.example.com', 'https://a.example.com', true],
    ['https://*.example.com', 'https://example.com', false],
    ['https://a.example/js/', 'https://a.example/js/app.js', true],
    ['https://a.example/js', 'https://a.example/js/app.js', false],
    ['https://a.example:8443', 'https://a.example', false],
  ])('%s covers %s: %s', (outer, inner, expected) => {
    expect(covers(outer, inner)).toBe(expected)
  })
})
