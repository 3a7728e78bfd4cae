/**
 * A classification as a list of (class, hazard statement) pairs, the unit every rule of
 * `decide.ts` adds, replaces or removes. Pairing follows the engine (`classify`): each class
 * takes the first unused statement its class may carry. Pure.
 */
import { CLASSES, CLASS_H_CODES, CLASS_OF_H } from './allocation'
import { parseClass, parseH } from './engine'

export type Pair = {
  /** Class and category as Annex VI prints them, e.g. `Acute Tox. 3 *`. */
  cls: string
  /** Hazard statement as Annex VI prints it, e.g. `H372 (nervous system) **`; null for Press. Gas. */
  h: string | null
  /** Where the pair comes from, for the sheet ("CLP Annex VI index no. …", "flash point …"). */
  basis: string
  by: 'harmonised' | 'group' | 'supplier'
}

export type EntryLike = { classes: string[]; hClass: string[]; hLabel: string[]; euh: string[] }

export function toPairs(entry: EntryLike, basis: string, by: Pair['by']): Pair[] {
  const pool = entry.hClass.map((raw) => ({ raw, h: parseH(raw), used: false }))
  const labelPool = entry.hLabel.map((raw) => ({ raw, h: parseH(raw), used: false }))
  const pairs: Pair[] = []
  for (const cls of entry.classes) {
    const c = parseClass(cls)
    const fits = c ? CLASS_H_CODES[c.abbr] : null
    const take = (list: typeof pool) => {
      const hit = fits ? list.find((x) => !x.used && x.h && fits.test(x.h.code)) : undefined
      if (hit) hit.used = true
      return hit?.raw ?? null
    }
    pairs.push({ cls, h: take(pool) ?? take(labelPool), basis, by })
  }
  const paired = new Set(pairs.map((p) => (p.h ? parseH(p.h)?.code.slice(0, 4) : null)))
  const hasAcute1 = pairs.some((p) => parseClass(p.cls)?.abbr === 'Aquatic Acute')
  for (const x of [...pool.filter((x) => !x.used), ...labelPool.filter((x) => !x.used)]) {
    if (!x.h) continue
    const base = x.h.code.slice(0, 4)
    if (paired.has(base) || (base === 'H410' && hasAcute1) || !CLASS_OF_H[base]) continue
    paired.add(base)
    pairs.push({ cls: CLASS_OF_H[base], h: x.raw, basis, by })
  }
  return pairs
}

/** Back to the shape the label engine reads; statements in class order, so it pairs them alike. */
export function toEntry(pairs: Pair[], euh: string[]): EntryLike {
  return { classes: pairs.map((p) => p.cls), hClass: pairs.flatMap((p) => (p.h ? [p.h] : [])), hLabel: [], euh }
}

export function abbrOf(p: Pair): string | null {
  return parseClass(p.cls)?.abbr ?? null
}

export function categoryOf(p: Pair): string | null {
  return parseClass(p.cls)?.category ?? null
}

export function kindOf(p: Pair): 'physical' | 'health' | 'environment' | null {
  const a = abbrOf(p)
  return a ? CLASSES[a].kind : null
}

export function hCode(p: Pair): string | null {
  return p.h ? (parseH(p.h)?.code ?? null) : null
}

export function isMinimum(p: Pair): boolean {
  return parseClass(p.cls)?.minimum ?? false
}

export type Route = 'oral' | 'dermal' | 'inhalation'

/** The route of an acute toxicity pair, from its statement (H300-H302 oral, H310-H312 dermal, H330-H332 inhalation). */
export function acuteRoute(p: Pair): Route | null {
  const code = hCode(p)
  if (!code || abbrOf(p) !== 'Acute Tox.') return null
  return code.startsWith('H30') ? 'oral' : code.startsWith('H31') ? 'dermal' : code.startsWith('H33') ? 'inhalation' : null
}

export const ACUTE_H: Record<Route, [string, string, string, string]> = {
  oral: ['H300', 'H300', 'H301', 'H302'],
  dermal: ['H310', 'H310', 'H311', 'H312'],
  inhalation: ['H330', 'H330', 'H331', 'H332'],
}
