/**
 * Membership of CLP Annex VI group entries ("lead compounds with the exception of those
 * specified elsewhere", "salts of hydrogen cyanide", "chromium (VI) compounds" …), decided from
 * the substance's composition (its formula) by the rules in rules/group-entries.json. Pure.
 */
import rules from './rules/group-entries.json'

export type GroupRule = (typeof rules.groups)[number]

export type GroupMatch = { index: string; name: string; why: string }

/** Oxidation states fixed in (nearly) all their inorganic compounds. */
const FIXED: Record<string, number> = {
  H: 1,
  Li: 1,
  Na: 1,
  K: 1,
  Rb: 1,
  Cs: 1,
  Be: 2,
  Mg: 2,
  Ca: 2,
  Sr: 2,
  Ba: 2,
  Zn: 2,
  F: -1,
  Cl: -1,
  Br: -1,
  I: -1,
  O: -2,
}

/**
 * The oxidation state of `element` in an inorganic formula, when every other element has a fixed
 * one (and ammonium, N with four H each, counts +1): the charges must sum to zero. Null otherwise.
 */
export function oxidationState(counts: Map<string, number>, element: string): number | null {
  const n = counts.get(element)
  if (!n || counts.has('C')) return null
  let sum = 0
  let hydrogen = counts.get('H') ?? 0
  for (const [el, k] of counts) {
    if (el === element || el === 'H') continue
    if (el === 'N') {
      // Only ammonium is understood: NH4+ takes four hydrogens per nitrogen.
      if (hydrogen < 4 * k) return null
      hydrogen -= 4 * k
      sum += k
      continue
    }
    if (!(el in FIXED)) return null
    sum += FIXED[el] * k
  }
  sum += hydrogen
  const state = -sum / n
  return Number.isInteger(state) ? state : null
}

const METALS = new Set([
  'Li',
  'Na',
  'K',
  'Rb',
  'Cs',
  'Be',
  'Mg',
  'Ca',
  'Sr',
  'Ba',
  'Zn',
  'Cu',
  'Ag',
  'Ni',
  'Co',
  'Fe',
  'Mn',
  'Cd',
  'Hg',
  'Pb',
  'Tl',
  'Au',
  'Al',
])

function fits(rule: GroupRule, counts: Map<string, number>, formula: string, cas: string | null): boolean {
  const r = rule as GroupRule & { element?: string; state?: number; exceptCas?: string[]; exceptFormulas?: string[] }
  if (cas && r.exceptCas?.includes(cas)) return false
  if (r.exceptFormulas?.includes(formula)) return false
  const els = [...counts.keys()]
  const has = (e: string) => counts.has(e)
  const compound = (e: string) => has(e) && els.length > 1
  switch (rule.rule) {
    case 'compound-of':
      return compound(r.element!)
    case 'alkyl':
      return compound(r.element!) && els.every((e) => e === r.element || e === 'C' || e === 'H') && has('C') && has('H')
    case 'organic-compound-of':
      return compound(r.element!) && has('C') && has('H')
    case 'inorganic-compound-of':
      return compound(r.element!) && !(has('C') && has('H'))
    case 'oxidation-state':
      return compound(r.element!) && oxidationState(counts, r.element!) === r.state
    case 'simple-cyanide': {
      // CN⁻ with one metal (or NH4⁺) and nothing else; two metals is a complex cyanide.
      const c = counts.get('C') ?? 0
      const nitrogen = counts.get('N') ?? 0
      const metals = els.filter((e) => METALS.has(e))
      const ammonium = nitrogen - c
      const others = els.filter(
        (e) => e !== 'C' && e !== 'N' && !METALS.has(e) && !(e === 'H' && ammonium > 0 && counts.get('H') === 4 * ammonium)
      )
      return c > 0 && nitrogen >= c && others.length === 0 && (metals.length === 1 ? ammonium === 0 : metals.length === 0 && ammonium > 0)
    }
    default:
      return false
  }
}

/**
 * The group entry that applies to a substance without an Annex VI entry of its own, or null.
 * A substance with its own entry is "specified elsewhere in this Annex" and never a member.
 */
export function groupEntryFor(
  counts: Map<string, number> | null,
  formula: string | null,
  cas: string | null,
  hasOwnEntry: boolean
): GroupMatch | null {
  if (hasOwnEntry || !counts || !formula) return null
  const rule = rules.groups.find((g) => fits(g, counts, formula, cas))
  return rule ? { index: rule.index, name: rule.name, why: rule.why } : null
}
