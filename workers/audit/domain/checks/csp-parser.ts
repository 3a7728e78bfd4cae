/**
 * Content-Security-Policy parsing (W3C CSP Level 3 §2.2 "policies", §2.3 "directives").
 *
 * A header value is a comma-separated list of policies (CSP3 §2.2.1; RFC 9110 §5.3 joins
 * repeated headers the same way), each a `;`-separated list of directives. Directive names
 * and sources are compared case-insensitively. Where the Observatory is stricter than
 * browsers, this follows the Observatory (mdn/mdn-http-observatory src/analyzer/cspParser.js):
 * a repeated directive makes the policy invalid, so that people notice it (browsers silently
 * use the first one), except report-uri / report-to, which only warn.
 */
export type Policy = Map<string, string[]>

export class CspParseError extends Error {}

// The shortest useful policy ("img-src") minus one, as in the Observatory.
const MIN_POLICY_LENGTH = 6
const EMPTY_MEANS_NONE = /-src(-elem|-attr)?$|^(base-uri|form-action|frame-ancestors)$/
const DUPLICATES_ALLOWED = new Set(['report-uri', 'report-to'])

export type ParsedPolicies = { policies: Policy[]; duplicateWarnings: string[] }

/** Splits header values into policies and parses each; throws CspParseError when one is invalid. */
export function parsePolicies(values: string[]): ParsedPolicies {
  const policies: Policy[] = []
  const duplicateWarnings = new Set<string>()
  for (const value of values) {
    for (const text of value.split(',')) {
      const clean = text.replace(/[\r\n]/g, '').trim()
      if (clean.length < MIN_POLICY_LENGTH) throw new CspParseError(`Invalid policy: "${clean}"`)
      const policy: Policy = new Map()
      for (const part of clean.split(';')) {
        const [rawName, ...rawSources] = part.trim().split(/\s+/)
        if (!rawName) continue
        const name = rawName.toLowerCase()
        if (policy.has(name)) {
          if (DUPLICATES_ALLOWED.has(name)) {
            duplicateWarnings.add(name)
            continue
          }
          throw new CspParseError(`The directive ${name} appears twice in one policy.`)
        }
        const sources = rawSources.map((s) => s.toLowerCase())
        // CSP3 §2.3.1: an empty source list matches nothing, the same as 'none'.
        policy.set(name, sources.length === 0 && EMPTY_MEANS_NONE.test(name) ? ["'none'"] : sources)
      }
      policies.push(policy)
    }
  }
  return { policies, duplicateWarnings: [...duplicateWarnings] }
}

// CSP3 §6.8.3 "get the effective directive for inline checks" and §6.8.4 fallback lists,
// trimmed to the directives the grading reads.
const FALLBACKS: Record<string, string[]> = {
  'script-src': ['script-src', 'default-src'],
  'style-src': ['style-src', 'default-src'],
  'object-src': ['object-src', 'default-src'],
  'img-src': ['img-src', 'default-src'],
  'media-src': ['media-src', 'default-src'],
  'font-src': ['font-src', 'default-src'],
  'connect-src': ['connect-src', 'default-src'],
  'frame-src': ['frame-src', 'child-src', 'default-src'],
  'child-src': ['child-src', 'default-src'],
  'worker-src': ['worker-src', 'child-src', 'script-src', 'default-src'],
  'manifest-src': ['manifest-src', 'default-src'],
}

/** The source list that governs `directive` in one policy, or null when the policy leaves it open. */
export function effectiveIn(policy: Policy, directive: string): string[] | null {
  for (const name of FALLBACKS[directive] ?? [directive]) {
    const sources = policy.get(name)
    if (sources) return sources
  }
  return null
}

/**
 * The sources allowed under every policy at once (CSP3 §8.1: each policy is enforced on its
 * own, so a load must pass all of them). Null when no policy restricts the directive.
 */
export function effectiveSources(policies: Policy[], directive: string): string[] | null {
  let merged: string[] | null = null
  for (const policy of policies) {
    const sources = effectiveIn(policy, directive)
    if (sources === null) continue
    merged = merged === null ? [...new Set(sources)] : intersect(merged, sources)
  }
  return merged
}

function intersect(a: string[], b: string[]): string[] {
  const kept = new Set<string>()
  for (const s of a) if (b.some((t) => covers(t, s))) kept.add(s)
  for (const s of b) if (a.some((t) => covers(t, s))) kept.add(s)
  kept.delete("'none'")
  return kept.size === 0 ? ["'none'"] : [...kept].sort()
}

type HostSource = { scheme: string | null; host: string; port: string | null; path: string }

// CSP3 §2.3.1 host-source: [scheme "://"] host [":" port] [path]
const HOST_SOURCE = /^(?:([a-z][a-z0-9+.-]*):\/\/)?(\*|(?:\*\.)?[a-z0-9-]+(?:\.[a-z0-9-]+)*)(?::(\d+|\*))?(\/[^?#]*)?$/

function hostSource(s: string): HostSource | null {
  const m = HOST_SOURCE.exec(s)
  return m ? { scheme: m[1] ?? null, host: m[2], port: m[3] ?? null, path: m[4] ?? '' } : null
}

/** Whether every URL `inner` allows is also allowed by `outer` (conservatively: false when unsure). */
export function covers(outer: string, inner: string): boolean {
  if (outer === inner) return true
  if (inner.startsWith("'") || outer.startsWith("'")) return false
  const innerHost = hostSource(inner)
  if (!innerHost) return false
  // A scheme source (https:) allows every host source with that scheme.
  if (/^[a-z][a-z0-9+.-]*:$/.test(outer)) return innerHost.scheme === outer.slice(0, -1)
  // '*' allows any host source on a network scheme (CSP3 §6.7.2.8).
  if (outer === '*') return innerHost.scheme === null || innerHost.scheme === 'http' || innerHost.scheme === 'https'
  const o = hostSource(outer)
  if (!o || o.scheme !== innerHost.scheme || o.port !== innerHost.port) return false
  if (o.host !== innerHost.host) {
    if (!o.host.startsWith('*.') || !innerHost.host.endsWith(o.host.slice(1))) return false
  }
  // CSP3 §6.7.2.13 path-part match: a path ending in "/" is a prefix, otherwise exact.
  if (o.path === '' || o.path === '/') return true
  return o.path.endsWith('/') ? innerHost.path.startsWith(o.path) : innerHost.path === o.path
}
