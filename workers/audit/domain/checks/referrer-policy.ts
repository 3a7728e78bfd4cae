/**
 * Referrer-Policy (W3C Referrer Policy §4.1, §8.1). The header may list several tokens; the
 * browser uses the last one it recognises, and a <meta name="referrer"> later in the page wins
 * over the header. Graded like the Observatory's referrer-policy test: a policy that never
 * sends the full URL cross-origin earns credit, one that leaks it loses some, none is neutral.
 */
export type ReferrerResult =
  | 'referrer-policy-private'
  | 'referrer-policy-not-implemented'
  | 'referrer-policy-unsafe'
  | 'referrer-policy-header-invalid'

const PRIVATE = new Set(['no-referrer', 'same-origin', 'strict-origin', 'strict-origin-when-cross-origin'])
const UNSAFE = new Set(['origin', 'origin-when-cross-origin', 'unsafe-url', 'no-referrer-when-downgrade'])

export type ReferrerAnalysis = { result: ReferrerResult; policy: string | null }

export function analyseReferrerPolicy(header: string | null, meta: string[] = []): ReferrerAnalysis {
  const values = [...(header === null ? [] : [header]), ...meta]
  if (values.length === 0) return { result: 'referrer-policy-not-implemented', policy: null }
  const tokens = values
    .join(',')
    .slice(0, 1024)
    .split(',')
    .map((t) => t.trim().toLowerCase())
  const effective = tokens.filter((t) => PRIVATE.has(t) || UNSAFE.has(t)).at(-1) ?? null
  if (effective === null) return { result: 'referrer-policy-header-invalid', policy: null }
  return { result: PRIVATE.has(effective) ? 'referrer-policy-private' : 'referrer-policy-unsafe', policy: effective }
}
