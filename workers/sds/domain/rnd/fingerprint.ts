/**
 * openchemlib's FragFp fingerprint (512 substructure keys, `Molecule.getIndex()`) as 16 words,
 * its hex form for the committed table, and the Tanimoto coefficient (common keys over keys in
 * either), computed here so that the search over the table is a tight loop over typed arrays.
 */
export const FP_WORDS = 16

export function fpToHex(words: ArrayLike<number>): string {
  let s = ''
  for (let i = 0; i < FP_WORDS; i++) s += (words[i] >>> 0).toString(16).padStart(8, '0')
  return s
}

export function fpFromHex(hex: string, into: Uint32Array = new Uint32Array(FP_WORDS), offset = 0): Uint32Array {
  for (let i = 0; i < FP_WORDS; i++) into[offset + i] = parseInt(hex.slice(i * 8, i * 8 + 8), 16) >>> 0
  return into
}

export function popcount(x: number): number {
  x = x - ((x >>> 1) & 0x55555555)
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333)
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24
}

export function tanimoto(a: Uint32Array, b: Uint32Array, bOffset = 0): number {
  let both = 0
  let either = 0
  for (let i = 0; i < FP_WORDS; i++) {
    const x = a[i]
    const y = b[bOffset + i]
    both += popcount(x & y)
    either += popcount(x | y)
  }
  return either === 0 ? 0 : both / either
}
