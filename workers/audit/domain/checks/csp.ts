import { CspParseError, effectiveSources, parsePolicies, type Policy } from './csp-parser'

/**
 * Content-Security-Policy graded like the Observatory's CSP test
 * (mdn/mdn-http-observatory src/analyzer/tests/csp.js): the first matching rule, from worst to
 * best, decides the result. Policies from headers and from <meta http-equiv> are merged;
 * frame-ancestors, report-uri and sandbox are ignored in <meta> (CSP3 §3.3).
 */
export type CspResult =
  | 'csp-implemented-with-no-unsafe-default-src-none'
  | 'csp-implemented-with-no-unsafe'
  | 'csp-implemented-with-unsafe-inline-in-style-src-only'
  | 'csp-implemented-with-insecure-scheme-in-passive-content-only'
  | 'csp-implemented-with-unsafe-eval'
  | 'csp-implemented-with-unsafe-inline'
  | 'csp-implemented-with-insecure-scheme'
  | 'csp-implemented-but-duplicate-directives'
  | 'csp-header-invalid'
  | 'csp-not-implemented'
  | 'csp-not-implemented-but-reporting-enabled'

export type CspPolicyFlags = {
  unsafe_inline: boolean
  unsafe_eval: boolean
  insecure_scheme_active: boolean
  insecure_scheme_passive: boolean
  unsafe_inline_style: boolean
  default_none: boolean
  strict_dynamic: boolean
  anti_clickjacking: boolean
  insecure_base_uri: boolean
  insecure_form_action: boolean
  unsafe_objects: boolean
}

export type CspAnalysis = {
  result: CspResult
  /** Merged directives (lowercased, sorted), null when there is no valid policy. */
  directives: Record<string, string[]> | null
  /** frame-ancestors from header policies only (null if none): what XFO credit depends on. */
  frame_ancestors: string[] | null
  policy: CspPolicyFlags | null
  policies: number
}

export type CspInput = {
  header: string | null
  reportOnly: string | null
  meta?: string[]
  /** Whether the graded page was served over HTTPS (http: sources only matter there). */
  https: boolean
}

// Sources that allow practically any origin; scheme-only sources count (Observatory DANGEROUSLY_BROAD).
const BROAD = new Set(['ftp:', 'http:', 'https:', '*', 'http://*', 'http://*.*', 'https://*', 'https://*.*'])
const UNSAFE_INLINE = new Set(["'unsafe-inline'", 'data:'])
const BROAD_OR_INLINE = new Set([...BROAD, ...UNSAFE_INLINE])
const PASSIVE = ['img-src', 'media-src']
const NONCE_OR_HASH = /^'(nonce-|sha256-|sha384-|sha512-)/
const SOURCE_LISTS = /-src(-elem|-attr)?$|^(base-uri|form-action|frame-ancestors)$/
const META_IGNORED = ['frame-ancestors', 'report-uri', 'sandbox']

const isInsecureScheme = (s: string) => s.startsWith('http:') || s.startsWith('ftp:')

export function analyseCsp(input: CspInput): CspAnalysis {
  const empty = { directives: null, frame_ancestors: null, policy: null }
  const headerValues = input.header === null ? [] : [input.header]
  const metaValues = input.meta ?? []
  const policies = headerValues.length + metaValues.length === 0 ? 0 : countPolicies([...headerValues, ...metaValues])

  let header: Policy[]
  let meta: Policy[]
  let duplicateWarnings: string[]
  try {
    const h = parsePolicies(headerValues)
    const m = parsePolicies(metaValues)
    header = h.policies
    meta = m.policies.map((p) => new Map([...p].filter(([name]) => !META_IGNORED.includes(name))))
    duplicateWarnings = [...h.duplicateWarnings, ...m.duplicateWarnings]
  } catch (err) {
    if (err instanceof CspParseError) return { result: 'csp-header-invalid', ...empty, policies }
    throw err
  }
  const all = [...header, ...meta].filter((p) => p.size > 0)
  if (all.length === 0) {
    const result = input.reportOnly ? 'csp-not-implemented-but-reporting-enabled' : 'csp-not-implemented'
    return { result, ...empty, policies }
  }

  const eff = (d: string) => effectiveSources(all, d)
  const script = new Set(eff('script-src') ?? ['*'])
  const style = new Set(eff('style-src') ?? ['*'])
  const object = eff('object-src') ?? ['*']
  const frameAncestors = effectiveSources(header, 'frame-ancestors')
  const baseUri = eff('base-uri') ?? ['*']
  const formAction = eff('form-action') ?? ['*']
  const defaultSrc = eff('default-src')

  // CSP3 §6.7.3.3: a nonce or hash makes the browser ignore 'unsafe-inline' in that list.
  for (const list of [script, style]) {
    if ([...list].some((s) => NONCE_OR_HASH.test(s))) list.delete("'unsafe-inline'")
  }
  let strictDynamic = false
  if (script.has("'strict-dynamic'")) {
    // CSP3 §8.2: with 'strict-dynamic' the allow-list is ignored, trust flows from nonces/hashes.
    if (![...script].some((s) => NONCE_OR_HASH.test(s))) return { result: 'csp-header-invalid', ...empty, policies }
    for (const s of [...script]) {
      if ([...BROAD].some((b) => s.startsWith(b)) || s === "'self'" || s === "'unsafe-inline'") script.delete(s)
    }
    strictDynamic = true
  }

  const names = new Set(all.flatMap((p) => [...p.keys()]))
  const active = [...names]
    .filter((d) => !PASSIVE.includes(d) && d !== 'script-src')
    .flatMap((d) => eff(d) ?? [])
    .concat([...script])
  const passive = PASSIVE.flatMap((d) => eff(d) ?? [])

  const flags: CspPolicyFlags = {
    unsafe_inline: [...script].some((s) => BROAD_OR_INLINE.has(s)) || object.some((s) => BROAD.has(s)),
    insecure_scheme_active: input.https && active.some(isInsecureScheme),
    unsafe_eval: script.has("'unsafe-eval'") || style.has("'unsafe-eval'"),
    insecure_scheme_passive: input.https && passive.some(isInsecureScheme),
    unsafe_inline_style: [...style].some((s) => BROAD_OR_INLINE.has(s)),
    default_none: defaultSrc !== null && defaultSrc.length === 1 && defaultSrc[0] === "'none'",
    strict_dynamic: strictDynamic,
    anti_clickjacking: (frameAncestors ?? ['*']).every((s) => !BROAD.has(s)),
    insecure_base_uri: baseUri.some((s) => BROAD_OR_INLINE.has(s)),
    insecure_form_action: formAction.some((s) => BROAD.has(s)),
    unsafe_objects: object.some((s) => BROAD.has(s)),
  }

  // Worst first; the first rule that matches is the result.
  let result: CspResult = flags.unsafe_inline
    ? 'csp-implemented-with-unsafe-inline'
    : flags.insecure_scheme_active
      ? 'csp-implemented-with-insecure-scheme'
      : flags.unsafe_eval
        ? 'csp-implemented-with-unsafe-eval'
        : flags.insecure_scheme_passive
          ? 'csp-implemented-with-insecure-scheme-in-passive-content-only'
          : flags.unsafe_inline_style
            ? 'csp-implemented-with-unsafe-inline-in-style-src-only'
            : flags.default_none
              ? 'csp-implemented-with-no-unsafe-default-src-none'
              : 'csp-implemented-with-no-unsafe'
  const passing: CspResult[] = [
    'csp-implemented-with-no-unsafe-default-src-none',
    'csp-implemented-with-no-unsafe',
    'csp-implemented-with-unsafe-inline-in-style-src-only',
    'csp-implemented-with-insecure-scheme-in-passive-content-only',
  ]
  // The Observatory trades a passing grade for a warning when report-uri/report-to repeat.
  if (passing.includes(result) && duplicateWarnings.length > 0) result = 'csp-implemented-but-duplicate-directives'

  const directives: Record<string, string[]> = {}
  for (const name of [...names].sort()) {
    // Source lists are merged across policies; other directives (report-to, sandbox, ...) are shown as first given.
    directives[name] = SOURCE_LISTS.test(name) ? (eff(name) ?? []) : (all.find((p) => p.has(name))?.get(name) ?? [])
  }
  return { result, directives, frame_ancestors: frameAncestors, policy: flags, policies }
}

function countPolicies(values: string[]): number {
  return values.reduce((n, v) => n + v.split(',').length, 0)
}
