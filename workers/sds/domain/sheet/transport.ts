/**
 * Section 14 from the DOT Hazardous Materials Table candidates matched to the substance by name.
 * The staged list is a lookup aid, not an authority (SOURCES.md): each candidate is checked
 * against what the sheet is for before it is printed: the form (solid, solution, gas), the
 * concentration in the entry's qualifying text ("with more than 51 percent acid"), spent/waste
 * entries, and whether its hazard class agrees with the classification on the sheet. Pure.
 */
import type { DotEntry } from '../chem/knowledge'
import { abbrOf, type Pair } from '../ghs/pairs'

export type TransportDecision = { entry: DotEntry | null; candidates: DotEntry[]; rejected: Array<{ entry: DotEntry; why: string }> }

/** The classes on the sheet that a DOT hazard class needs (49 CFR 173 class definitions vs GHS classes). */
const CLASS_NEEDS: Record<string, string[]> = {
  '2.1': ['Flam. Gas'],
  '2.2': ['Press. Gas'],
  '2.3': ['Press. Gas'],
  '3': ['Flam. Liq.'],
  '4.1': ['Flam. Sol.', 'Self-react.', 'Desens. Expl.'],
  '4.2': ['Pyr. Liq.', 'Pyr. Sol.', 'Self-heat.'],
  '4.3': ['Water-react.'],
  '5.1': ['Ox. Liq.', 'Ox. Sol.'],
  '5.2': ['Org. Perox.'],
  '6.1': ['Acute Tox.'],
  '8': ['Skin Corr.', 'Met. Corr.'],
}

/** "with more than 51 percent acid", "with not more than 51% acid", "with not less than 25 percent formaldehyde". */
function concentrationFits(qualifier: string, c: number): boolean | null {
  const m = /(not more than|not less than|more than|less than|at least)\s{0,3}(\d{1,3}(?:\.\d{1,3})?)\s{0,3}(?:percent|%)/i.exec(qualifier)
  if (!m) return null
  const x = Number(m[2])
  switch (m[1].toLowerCase()) {
    case 'not more than':
      return c <= x
    case 'not less than':
    case 'at least':
      return c >= x
    case 'more than':
      return c > x
    default:
      return c < x
  }
}

export function decideTransport(
  candidates: DotEntry[],
  pairs: Pair[],
  form: string | null,
  state: 'gas' | 'liquid' | 'solid' | null,
  concentration: number | null
): TransportDecision {
  const abbrs = new Set(pairs.map(abbrOf).filter(Boolean) as string[])
  const solution = form?.startsWith('aqueous solution') ?? false
  const c = concentration ?? 100
  const kept: DotEntry[] = []
  const rejected: TransportDecision['rejected'] = []
  for (const e of candidates) {
    const name = e.name.toLowerCase()
    const needs = CLASS_NEEDS[e.hazardClass.split(' ')[0]]
    let why: string | null = null
    if (/\bspent\b|\bwaste\b/.test(name)) why = 'an entry for spent or waste material'
    else if (/solution/.test(name) && !solution) why = 'an entry for a solution; this sheet is for the substance itself'
    else if (/\bsolid\b/.test(name) && (solution || (state !== null && state !== 'solid'))) why = 'an entry for the solid'
    else if (/anhydrous|refrigerated liquid/.test(name) && solution) why = 'an entry for the anhydrous substance or gas'
    else if (e.hazardClass.startsWith('2') && (solution || (state !== null && state !== 'gas'))) why = 'an entry for a gas'
    else if (!e.hazardClass.startsWith('2') && state === 'gas' && !solution)
      why = 'an entry for a liquid or solid; this sheet is for the gas'
    else if (/paraformaldehyde/.test(name)) why = 'an entry for another substance (the polymer)'
    else if (/denatured/.test(name)) why = 'an entry for a mixture (denatured alcohol)'
    else if (concentrationFits(e.qualifier, c) === false) why = `its concentration range (${e.qualifier}) does not include ${c} %`
    else if (needs && !needs.some((a) => abbrs.has(a)))
      why = `its class ${e.hazardClass} needs a ${needs.join(' or ')} classification, which this sheet does not have`
    if (why) rejected.push({ entry: e, why })
    else kept.push(e)
  }
  // Several names of one entry (e.g. "Ethanol", "Ethyl alcohol") count once.
  const ids = new Set(kept.map((e) => `${e.id}|${e.hazardClass}|${e.pg}`))
  return { entry: ids.size === 1 ? kept[0] : null, candidates: kept, rejected }
}
