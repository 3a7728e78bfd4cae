import { deviation, type Deviation } from '../deviation'

/**
 * Strict-Transport-Security, graded like the Observatory
 * (mdn/mdn-http-observatory src/analyzer/tests/strict-transport-security.js) and parsed per
 * RFC 6797 §6.1, a little stricter than the Observatory where it is lax: a max-age that is
 * not a number, or a directive given twice, makes the header invalid (§6.1: "All directives
 * MUST appear only once"), since browsers ignore such a header.
 */
export type HstsResult =
  | 'hsts-preloaded'
  | 'hsts-implemented-max-age-at-least-six-months'
  | 'hsts-implemented-max-age-less-than-six-months'
  | 'hsts-not-implemented'
  | 'hsts-header-invalid'
  | 'hsts-not-implemented-no-https'
  | 'hsts-invalid-cert'

export type HstsAnalysis = {
  result: HstsResult
  /** Set when the stricter parsing gives another result than the Observatory's. */
  deviation: Deviation | null
  max_age: number | null
  include_subdomains: boolean
  preload: boolean
}

/** Where the header came from: a verified HTTPS response, none at all, or one with a bad certificate. */
export type HstsTransport = 'https' | 'no-https' | 'invalid-cert'

// The Observatory's "white lie": six months is 15768000 s, but 15552000 (180 days) is common.
export const SIX_MONTHS = 15_552_000
const MAX_VALUE = 1024 // the Observatory cuts the value here, against hostile headers

/**
 * `preloaded`: the host is on Chromium's preload list (checks/preload.ts). As in the
 * Observatory, that overrides whatever the header says: browsers use HTTPS for the host anyway.
 */
export function analyseHsts(value: string | null, transport: HstsTransport, preloaded = false): HstsAnalysis {
  const header = analyseHeader(value, transport)
  if (preloaded) return { ...header, result: 'hsts-preloaded', deviation: null }
  const observatory = transport === 'https' && value !== null ? observatoryResult(value) : header.result
  return { ...header, deviation: deviation('hsts-strict-parsing', header.result, observatory) }
}

/**
 * What the Observatory's lax reading gives (src/analyzer/tests/strict-transport-security.js):
 * directives lower-cased, the last `max-age=` wins, its value read like parseInt, so a
 * non-number counts as long enough; only a comma or no max-age at all is invalid.
 */
function observatoryResult(value: string): HstsResult {
  const header = value.slice(0, MAX_VALUE)
  if (header.includes(',')) return 'hsts-header-invalid'
  let maxAge: number | null = null
  for (const raw of header.split(';')) {
    const directive = raw.trim().toLowerCase()
    if (directive.startsWith('max-age=')) maxAge = Number.parseInt(directive.slice(8, 128), 10)
  }
  if (maxAge === null) return 'hsts-header-invalid'
  return maxAge < SIX_MONTHS ? 'hsts-implemented-max-age-less-than-six-months' : 'hsts-implemented-max-age-at-least-six-months'
}

function analyseHeader(value: string | null, transport: HstsTransport): Omit<HstsAnalysis, 'deviation'> {
  const out: Omit<HstsAnalysis, 'deviation'> = { result: 'hsts-not-implemented', max_age: null, include_subdomains: false, preload: false }
  // RFC 6797 §8.1: a UA ignores STS received over plain HTTP, and §8.1 item 2 a cert error.
  if (transport === 'no-https') return { ...out, result: 'hsts-not-implemented-no-https' }
  if (transport === 'invalid-cert') return { ...out, result: 'hsts-invalid-cert' }
  if (value === null) return out

  const header = value.slice(0, MAX_VALUE)
  // The runtime joins repeated headers with ", "; a comma is never part of a valid STS value.
  if (header.includes(',')) return { ...out, result: 'hsts-header-invalid' }
  const seen = new Set<string>()
  for (const raw of header.split(';')) {
    const directive = raw.trim()
    if (!directive) continue
    const eq = directive.indexOf('=')
    const name = (eq < 0 ? directive : directive.slice(0, eq)).trim().toLowerCase()
    const arg =
      eq < 0
        ? null
        : directive
            .slice(eq + 1)
            .trim()
            .replace(/^"(.*)"$/, '$1')
    if (seen.has(name)) return { ...out, result: 'hsts-header-invalid' }
    seen.add(name)
    if (name === 'max-age') {
      // §6.1.1: delta-seconds = 1*DIGIT (optionally quoted).
      if (arg === null || !/^\d{1,15}$/.test(arg)) return { ...out, result: 'hsts-header-invalid' }
      out.max_age = Number(arg)
    } else if (name === 'includesubdomains') {
      out.include_subdomains = true
    } else if (name === 'preload') {
      // Not in RFC 6797; the convention of hstspreload.org for asking to be preloaded.
      out.preload = true
    }
    // Unknown directives are ignored (§6.1 item 3).
  }
  if (out.max_age === null) return { ...out, result: 'hsts-header-invalid' }
  out.result = out.max_age >= SIX_MONTHS ? 'hsts-implemented-max-age-at-least-six-months' : 'hsts-implemented-max-age-less-than-six-months'
  return out
}
