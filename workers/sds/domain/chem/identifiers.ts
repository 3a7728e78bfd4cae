/**
 * Identifier formats: CAS Registry Numbers, EC numbers, Annex VI index numbers, InChIKeys,
 * molecular formulas (Hill order) and chemical names (normalised for lookup). Pure functions.
 */

export const CAS_SHAPE = /^(\d{2,7})-(\d{2})-(\d)$/

/**
 * CAS check digit (cas.org, "Check Digit Verification of CAS Registry Numbers"): the digits
 * before the check digit, weighted 1, 2, 3 … from the right, summed, modulo 10.
 */
export function casCheckDigitValid(cas: string): boolean {
  const m = CAS_SHAPE.exec(cas)
  if (!m) return false
  const digits = (m[1] + m[2]).split('').reverse()
  const sum = digits.reduce((acc, d, i) => acc + Number(d) * (i + 1), 0)
  return sum % 10 === Number(m[3])
}

export const EC_SHAPE = /^(\d{3})-(\d{3})-(\d)$/

/**
 * EC number check digit (Commission Decision 2000/... as used for EINECS/ELINCS/NLP): the first
 * six digits weighted 1 to 6 from the left, summed, modulo 11; a remainder of 10 is written 1.
 */
export function ecCheckDigitValid(ec: string): boolean {
  const m = EC_SHAPE.exec(ec)
  if (!m) return false
  const digits = (m[1] + m[2]).split('').map(Number)
  const r = digits.reduce((acc, d, i) => acc + d * (i + 1), 0) % 11
  return (r === 10 ? 1 : r) === Number(m[3])
}

export const INDEX_SHAPE = /^\d{3}-\d{3}-\d{2}-[\dX]$/
export const INCHIKEY_SHAPE = /^[A-Z]{14}-[A-Z]{10}-[A-Z]$/

const ELEMENTS = new Set(
  `H He Li Be B C N O F Ne Na Mg Al Si P S Cl Ar K Ca Sc Ti V Cr Mn Fe Co Ni Cu Zn Ga Ge As Se Br Kr Rb Sr Y Zr
  Nb Mo Tc Ru Rh Pd Ag Cd In Sn Sb Te I Xe Cs Ba La Ce Pr Nd Pm Sm Eu Gd Tb Dy Ho Er Tm Yb Lu Hf Ta W Re Os Ir Pt
  Au Hg Tl Pb Bi Po At Rn Fr Ra Ac Th Pa U Np Pu Am Cm Bk Cf Es Fm Md No Lr D`.split(/\s+/)
)

/** Element counts of a formula such as `C2H5OH`, `Ca(OH)2` or `CuSO4·5H2O`; null if it is not one. */
export function parseFormula(input: string): Map<string, number> | null {
  const text = input.replace(/\s+/g, '')
  if (!/^[A-Z]/.test(text) || !/^[A-Za-z0-9()·.*]+$/.test(text)) return null
  const total = new Map<string, number>()
  for (const part of text.split(/[·.*]/)) {
    const hydrate = /^(\d+)(.*)$/.exec(part)
    const factor = hydrate ? Number(hydrate[1]) : 1
    const counts = parseGroup(hydrate ? hydrate[2] : part)
    if (!counts) return null
    for (const [el, n] of counts) total.set(el, (total.get(el) ?? 0) + n * factor)
  }
  return total.size ? total : null
}

function parseGroup(text: string): Map<string, number> | null {
  const stack: Array<Map<string, number>> = [new Map()]
  const re = /([A-Z][a-z]?)(\d*)|(\()|\)(\d*)/y
  let i = 0
  while (i < text.length) {
    re.lastIndex = i
    const m = re.exec(text)
    if (!m) return null
    i = re.lastIndex
    if (m[1]) {
      if (!ELEMENTS.has(m[1])) return null
      const top = stack[stack.length - 1]
      top.set(m[1], (top.get(m[1]) ?? 0) + (m[2] ? Number(m[2]) : 1))
    } else if (m[0] === '(') {
      stack.push(new Map())
    } else {
      const inner = stack.pop()
      if (!inner || !stack.length) return null
      const n = m[4] ? Number(m[4]) : 1
      const top = stack[stack.length - 1]
      for (const [el, c] of inner) top.set(el, (top.get(el) ?? 0) + c * n)
    }
  }
  return stack.length === 1 ? stack[0] : null
}

/** Hill order: C, then H, then the rest alphabetically; without carbon, all alphabetically. */
export function hillFormula(counts: Map<string, number>): string {
  const els = [...counts.keys()].filter((e) => (counts.get(e) ?? 0) > 0)
  const hasC = els.includes('C')
  const order = hasC ? ['C', ...(els.includes('H') ? ['H'] : []), ...els.filter((e) => e !== 'C' && e !== 'H').sort()] : els.sort()
  return order.map((e) => e + (counts.get(e) === 1 ? '' : counts.get(e))).join('')
}

const GREEK: Record<string, string> = {
  α: 'alpha',
  β: 'beta',
  γ: 'gamma',
  δ: 'delta',
  ε: 'epsilon',
  ω: 'omega',
  μ: 'mu',
  κ: 'kappa',
  λ: 'lambda',
}

// British and older spellings that chemists still use side by side (IUPAC prefers the second).
const SPELLINGS: Array<[RegExp, string]> = [
  [/sulph/g, 'sulf'],
  [/aluminium/g, 'aluminum'],
  [/caesium/g, 'cesium'],
  [/oestr/g, 'estr'],
  [/aethyl/g, 'ethyl'],
]

/**
 * The lookup form of a name: case, accents, Greek letters, spacing, hyphens and the British
 * spellings folded; Annex VI qualifiers such as "(ISO)" and "...%" dropped.
 */
export function normaliseName(name: string): string {
  let s = name
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
  s = s.replace(/[αβγδεωμκλ]/g, (c) => GREEK[c])
  s = s
    .replace(/\((iso|inn)\)/g, '')
    .replace(/(\.{3}|…)\s*%?/g, '')
    .replace(/%/g, '')
  for (const [re, to] of SPELLINGS) s = s.replace(re, to)
  s = s.replace(/[\s\-_'’′"]+/g, '')
  // Trailing separators cut with a loop: /[;:]+$/ would rescan every run of them (quadratic).
  let end = s.length
  while (end > 0 && (s[end - 1] === ';' || s[end - 1] === ':')) end--
  return s.slice(0, end)
}
