import { structuredToken } from './structured-field'

/**
 * The three cross-origin isolation headers the Observatory scores: Cross-Origin-Resource-Policy
 * (Fetch Standard §3.7), Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy (HTML
 * §7.1.3, §7.1.4). COOP and COEP are Structured Field Items (RFC 9651): their token is matched
 * exactly (`SAME-ORIGIN` is not `same-origin`), parameters (`; report-to="…"`) are allowed and
 * dropped, and a value that does not parse is invalid (structured-field.ts), as browsers and the
 * Observatory treat it. A header sent twice arrives joined with ", " and matches no value, so it
 * is invalid too.
 */
export type CorpResult =
  | 'corp-implemented-with-same-origin'
  | 'corp-implemented-with-same-site'
  | 'corp-implemented-with-cross-origin'
  | 'corp-not-implemented'
  | 'corp-header-invalid'

export type CoopResult =
  | 'coop-implemented-with-same-origin'
  | 'coop-implemented-with-same-origin-allow-popups'
  | 'coop-implemented-with-noopener-allow-popups'
  | 'coop-implemented-with-unsafe-none'
  | 'coop-not-implemented'
  | 'coop-header-invalid'

export type CoepResult =
  | 'coep-implemented-with-require-corp'
  | 'coep-implemented-with-credentialless'
  | 'coep-implemented-with-unsafe-none'
  | 'coep-not-implemented'
  | 'coep-header-invalid'

// CORP is a plain token (Fetch §3.7); the Observatory lower-cases it.
function token(value: string): string {
  return value.slice(0, 256).trim().toLowerCase()
}

export function analyseCorp(value: string | null): { result: CorpResult } {
  if (value === null) return { result: 'corp-not-implemented' }
  const v = token(value)
  if (v === 'same-origin' || v === 'same-site' || v === 'cross-origin') return { result: `corp-implemented-with-${v}` }
  return { result: 'corp-header-invalid' }
}

export function analyseCoop(value: string | null): { result: CoopResult } {
  if (value === null) return { result: 'coop-not-implemented' }
  const v = structuredToken(value.slice(0, 1024))
  if (v === 'same-origin' || v === 'same-origin-allow-popups' || v === 'noopener-allow-popups' || v === 'unsafe-none') {
    return { result: `coop-implemented-with-${v}` }
  }
  return { result: 'coop-header-invalid' }
}

export function analyseCoep(value: string | null): { result: CoepResult } {
  if (value === null) return { result: 'coep-not-implemented' }
  const v = structuredToken(value.slice(0, 1024))
  if (v === 'require-corp' || v === 'credentialless' || v === 'unsafe-none') return { result: `coep-implemented-with-${v}` }
  return { result: 'coep-header-invalid' }
}
