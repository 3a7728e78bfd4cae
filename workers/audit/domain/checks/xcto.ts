/**
 * X-Content-Type-Options: only the exact value `nosniff` means anything (Fetch Standard
 * §2.2.5 "determine nosniff"), as in the Observatory's x-content-type-options test. A repeated
 * header arrives joined ("nosniff, nosniff") and counts as invalid, as the Observatory does.
 */
export type XctoResult =
  | 'x-content-type-options-nosniff'
  | 'x-content-type-options-header-invalid'
  | 'x-content-type-options-not-implemented'

export function analyseXcto(value: string | null): { result: XctoResult } {
  if (value === null) return { result: 'x-content-type-options-not-implemented' }
  const v = value.slice(0, 256).trim().toLowerCase()
  return { result: v === 'nosniff' ? 'x-content-type-options-nosniff' : 'x-content-type-options-header-invalid' }
}
