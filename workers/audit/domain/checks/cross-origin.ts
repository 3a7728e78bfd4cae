/**
 * The three cross-origin isolation headers the Observatory scores: Cross-Origin-Resource-Policy
 * (Fetch Standard §3.7), Cross-Origin-Opener-Policy and Cross-Origin-Embedder-Policy (HTML
 * §7.1.3, §7.1.4). COOP and COEP are structured-field tokens that may carry parameters
 * (`; report-to="…"`), which are ignored here. A header sent twice arrives joined with ", "
 * and matches no value, so it is invalid, as a browser treats it.
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

function token(value: string, withParameters: boolean): string {
  const v = value.slice(0, 256)
  return (withParameters ? v.split(';', 1)[0] : v).trim().toLowerCase()
}

export function analyseCorp(value: string | null): { result: CorpResult } {
  if (value === null) return { result: 'corp-not-implemented' }
  const v = token(value, false)
  if (v === 'same-origin' || v === 'same-site' || v === 'cross-origin') return { result: `corp-implemented-with-${v}` }
  return { result: 'corp-header-invalid' }
}

export function analyseCoop(value: string | null): { result: CoopResult } {
  if (value === null) return { result: 'coop-not-implemented' }
  const v = token(value, true)
  if (v === 'same-origin' || v === 'same-origin-allow-popups' || v === 'noopener-allow-popups' || v === 'unsafe-none') {
    return { result: `coop-implemented-with-${v}` }
  }
  return { result: 'coop-header-invalid' }
}

export function analyseCoep(value: string | null): { result: CoepResult } {
  if (value === null) return { result: 'coep-not-implemented' }
  const v = token(value, true)
  if (v === 'require-corp' || v === 'credentialless' || v === 'unsafe-none') return { result: `coep-implemented-with-${v}` }
  return { result: 'coep-header-invalid' }
}
