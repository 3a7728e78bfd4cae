import GUARD from './guard.json'

/**
 * The guard model's answer as plain data, and what it raises in the screen. The model is never
 * the only gate: the rules screen always runs, and a verdict can only add categories or raise
 * a level (the stricter answer wins).
 */
export type GuardVerdict = { safe: true } | { safe: false; categories: string[] }
type Raise = [category: 'self-harm' | 'harm-to-others' | 'medical', level: 'caution' | 'refuse' | 'crisis']

const MAP = GUARD.categories as Record<string, { category: Raise[0]; level: Raise[1] }>

/**
 * Reads Workers AI's documented shapes: `{ response: "safe" }`, `{ response: "unsafe\nS11" }`
 * (categories comma- or newline-separated) and `{ response: { safe, categories } }`. Anything
 * else is malformed: null, and the caller falls back to the rules alone.
 */
export function parseGuard(output: unknown): GuardVerdict | null {
  const response = (output as { response?: unknown } | null)?.response
  if (typeof response === 'string') {
    const lines = response.trim().split(/\s{0,8}[\n,]\s{0,8}/)
    if (lines[0] === 'safe' && lines.length === 1) return { safe: true }
    if (lines[0] === 'unsafe') {
      const categories = lines.slice(1).filter((c) => /^S\d{1,2}$/.test(c))
      return categories.length === lines.length - 1 ? { safe: false, categories } : null
    }
    return null
  }
  if (response && typeof response === 'object' && typeof (response as { safe?: unknown }).safe === 'boolean') {
    const r = response as { safe: boolean; categories?: unknown }
    if (r.safe) return { safe: true }
    const categories = Array.isArray(r.categories) ? r.categories.filter((c): c is string => typeof c === 'string') : []
    return { safe: false, categories }
  }
  return null
}

/** The categories and levels a verdict raises; an "unsafe" with no known category is a caution. */
export function stricter(verdict: GuardVerdict | null): Raise[] {
  if (!verdict || verdict.safe) return []
  const known = verdict.categories.map((c) => MAP[c.toUpperCase()]).filter(Boolean)
  if (known.length) return known.map((m) => [m.category, m.level])
  // Unsafe for a reason that is not a danger to the person or others (S8, S12–S14): nothing to raise.
  return verdict.categories.length ? [] : [['medical', 'caution']]
}
