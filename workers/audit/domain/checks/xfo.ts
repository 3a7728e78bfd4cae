/**
 * X-Frame-Options (RFC 7034; HTML Living Standard §7.1.1 "the X-Frame-Options header"), graded
 * like the Observatory: DENY or SAMEORIGIN pass, the obsolete ALLOW-FROM passes without credit,
 * anything else (including a repeated header, which arrives joined with a comma) is invalid.
 * A CSP `frame-ancestors` sent as a header supersedes XFO in every current browser (CSP3 §6.4.2)
 * and earns the same credit; in a <meta> CSP it is ignored, so it does not count here.
 */
export type XfoResult =
  | 'x-frame-options-implemented-via-csp'
  | 'x-frame-options-sameorigin-or-deny'
  | 'x-frame-options-allow-from-origin'
  | 'x-frame-options-not-implemented'
  | 'x-frame-options-header-invalid'

export function analyseXfo(value: string | null, cspFrameAncestors: string[] | null): { result: XfoResult } {
  if (cspFrameAncestors) return { result: 'x-frame-options-implemented-via-csp' }
  if (value === null) return { result: 'x-frame-options-not-implemented' }
  const v = value.slice(0, 1024).trim().toLowerCase()
  if (v === 'deny' || v === 'sameorigin') return { result: 'x-frame-options-sameorigin-or-deny' }
  if (v.startsWith('allow-from')) return { result: 'x-frame-options-allow-from-origin' }
  return { result: 'x-frame-options-header-invalid' }
}
