/**
 * Punycode decoding (RFC 3492 §6.2), to check the A-labels the URL parser lets through:
 * some runtimes accept any `xn--` label without decoding it, so `xn--a` (U+0080, a control
 * character) would pass as a "name".
 */
const BASE = 36
const T_MIN = 1
const T_MAX = 26
const SKEW = 38
const DAMP = 700
const INITIAL_BIAS = 72
const INITIAL_N = 128

function adapt(delta: number, points: number, first: boolean): number {
  delta = first ? Math.floor(delta / DAMP) : delta >> 1
  delta += Math.floor(delta / points)
  let k = 0
  while (delta > ((BASE - T_MIN) * T_MAX) >> 1) {
    delta = Math.floor(delta / (BASE - T_MIN))
    k += BASE
  }
  return k + Math.floor(((BASE - T_MIN + 1) * delta) / (delta + SKEW))
}

function digit(c: number): number {
  if (c >= 0x30 && c <= 0x39) return c - 22 // 0-9 → 26-35
  if (c >= 0x61 && c <= 0x7a) return c - 0x61 // a-z → 0-25
  if (c >= 0x41 && c <= 0x5a) return c - 0x41
  return BASE
}

/** Decodes the part after `xn--`; null when it is not valid Punycode. */
export function decodePunycode(input: string): string | null {
  const cut = input.lastIndexOf('-')
  const output = cut > 0 ? [...input.slice(0, cut)].map((ch) => ch.codePointAt(0)!) : []
  if (output.some((cp) => cp >= 0x80)) return null
  let n = INITIAL_N
  let bias = INITIAL_BIAS
  let i = 0
  for (let at = cut > 0 ? cut + 1 : 0; at < input.length; ) {
    const oldI = i
    for (let w = 1, k = BASE; ; k += BASE) {
      if (at >= input.length) return null
      const d = digit(input.charCodeAt(at++))
      if (d >= BASE) return null
      i += d * w
      if (i > 0x7fffffff) return null
      const t = k <= bias ? T_MIN : k >= bias + T_MAX ? T_MAX : k - bias
      if (d < t) break
      w *= BASE - t
    }
    bias = adapt(i - oldI, output.length + 1, oldI === 0)
    n += Math.floor(i / (output.length + 1))
    i %= output.length + 1
    if (n > 0x10ffff) return null
    output.splice(i++, 0, n)
  }
  return String.fromCodePoint(...output)
}
