/**
 * Normal boiling point by the group-contribution method of Joback and Reid (1987), the group
 * table in data/joback.json. Each heavy atom is assigned to exactly one group (a carbonyl,
 * carboxyl, ester, nitrile or nitro group takes its partner atoms with it); a structure with an
 * atom no group covers (P, Si, B, metals, charged atoms other than nitro) gets no estimate
 * rather than a wrong one. Pure: a molecule in, the groups and Tb out.
 */
import joback from './data/joback.json'
import type { Molecule } from './ocl'

type GroupKey = keyof typeof joback.groups

export type JobackResult = { ok: true; tb_k: number; groups: Record<string, number> } | { ok: false; reason: string }

const Z = { H: 1, B: 5, C: 6, N: 7, O: 8, F: 9, S: 16, Cl: 17, Br: 35, I: 53 } as const

type Bond = { atom: number; order: number }

function bonds(mol: Molecule, a: number): Bond[] {
  const out: Bond[] = []
  for (let i = 0; i < mol.getConnAtoms(a); i++) out.push({ atom: mol.getConnAtom(a, i), order: mol.getConnBondOrder(a, i) })
  return out
}

const isTerminalO = (mol: Molecule, a: number) => mol.getAtomicNo(a) === Z.O && mol.getConnAtoms(a) === 1

export function jobackGroups(mol: Molecule): { ok: true; groups: Map<GroupKey, number> } | { ok: false; reason: string } {
  const n = mol.getAtoms()
  const used = new Uint8Array(n)
  const groups = new Map<GroupKey, number>()
  const add = (g: GroupKey, ...atoms: number[]) => {
    groups.set(g, (groups.get(g) ?? 0) + 1)
    for (const a of atoms) used[a] = 1
  }

  // Multi-atom groups first: nitro, nitrile, then the carbonyl family.
  for (let a = 0; a < n; a++) {
    if (used[a]) continue
    const z = mol.getAtomicNo(a)
    const nb = bonds(mol, a)
    if (z === Z.N) {
      const oxygens = nb.filter((b) => isTerminalO(mol, b.atom) && !used[b.atom])
      if (oxygens.length === 2 && nb.length === 3) add('NO2', a, ...oxygens.map((b) => b.atom))
    } else if (z === Z.C && !mol.isAromaticAtom(a)) {
      const nitrile = nb.find((b) => b.order === 3 && mol.getAtomicNo(b.atom) === Z.N && mol.getConnAtoms(b.atom) === 1)
      if (nitrile) {
        add('CN', a, nitrile.atom)
        continue
      }
      const carbonylO = nb.find((b) => b.order === 2 && isTerminalO(mol, b.atom))
      if (!carbonylO) continue
      const singleO = nb.filter((b) => b.order === 1 && mol.getAtomicNo(b.atom) === Z.O && !used[b.atom] && mol.getAtomCharge(b.atom) === 0)
      const hydroxy = singleO.find((b) => mol.getAllHydrogens(b.atom) === 1)
      const ether = singleO.find((b) => mol.getConnAtoms(b.atom) === 2)
      if (hydroxy) add('COOH', a, carbonylO.atom, hydroxy.atom)
      else if (ether) add('COO', a, carbonylO.atom, ether.atom)
      else if (mol.getAllHydrogens(a) >= 1) add('CHO', a, carbonylO.atom)
      else add(mol.isRingAtom(a) ? 'rC=O' : 'C=O', a, carbonylO.atom)
    }
  }

  for (let a = 0; a < n; a++) {
    if (used[a]) continue
    const z = mol.getAtomicNo(a)
    const h = mol.getAllHydrogens(a)
    const ring = mol.isRingAtom(a)
    const arom = mol.isAromaticAtom(a)
    const nb = bonds(mol, a)
    const doubles = nb.filter((b) => b.order === 2).length
    const triple = nb.some((b) => b.order === 3)
    if (mol.getAtomCharge(a) !== 0)
      return { ok: false, reason: `a charged atom (${mol.getAtomLabel(a)}${mol.getAtomCharge(a) > 0 ? '+' : '−'}) has no Joback group` }
    switch (z) {
      case Z.C:
        if (arom) add(h >= 1 ? 'r=CH' : 'r=C', a)
        else if (triple) add(h >= 1 ? '#CH' : '#C', a)
        else if (doubles >= 2) add('=C=', a)
        else if (doubles === 1) add(ring ? (h >= 1 ? 'r=CH' : 'r=C') : h >= 2 ? '=CH2' : h === 1 ? '=CH' : '=C', a)
        else if (ring) add(h >= 2 ? 'rCH2' : h === 1 ? 'rCH' : 'rC', a)
        // Methane has no group of its own; it is counted as a methyl group.
        else add(h >= 3 ? 'CH3' : h === 2 ? 'CH2' : h === 1 ? 'CH' : 'C', a)
        break
      case Z.O:
        if (h === 1 && nb.length === 1) add(mol.isAromaticAtom(nb[0].atom) ? 'ArOH' : 'OH', a)
        else if (doubles === 1) add('=O', a)
        else if (nb.length === 2) add(ring || arom ? 'rO' : 'O', a)
        else return { ok: false, reason: 'water or an unusual oxygen has no Joback group' }
        break
      case Z.N:
        if (arom) add(h >= 1 ? 'rNH' : nb.length === 3 ? 'N' : 'r=N', a)
        else if (doubles === 1) add(h >= 1 ? '=NH' : ring ? 'r=N' : '=N', a)
        else if (triple || doubles > 1)
          return { ok: false, reason: 'a nitrogen with this bonding (e.g. azide, isocyanate) has no Joback group' }
        else if (h === 2) add('NH2', a)
        else if (h === 1) add(ring ? 'rNH' : 'NH', a)
        else if (h === 0) add('N', a)
        else return { ok: false, reason: 'ammonia has no Joback group' }
        break
      case Z.S:
        if (h === 1) add('SH', a)
        else add(ring || arom ? 'rS' : 'S', a)
        break
      case Z.F:
        add('F', a)
        break
      case Z.Cl:
        add('Cl', a)
        break
      case Z.Br:
        add('Br', a)
        break
      case Z.I:
        add('I', a)
        break
      default:
        return { ok: false, reason: `${mol.getAtomLabel(a)} has no Joback group` }
    }
  }
  return { ok: true, groups }
}

export function jobackBoilingPoint(mol: Molecule): JobackResult {
  // Group contributions were fitted to organic compounds; an inorganic one gets no estimate.
  if (![...Array(mol.getAtoms()).keys()].some((a) => mol.getAtomicNo(a) === Z.C))
    return { ok: false, reason: 'the method covers organic compounds only (no carbon atom)' }
  const g = jobackGroups(mol)
  if (!g.ok) return g
  let tb = joback.base_k
  for (const [key, count] of g.groups) tb += joback.groups[key].tb_k * count
  return { ok: true, tb_k: Math.round(tb * 10) / 10, groups: Object.fromEntries([...g.groups].map(([k, c]) => [joback.groups[k].name, c])) }
}

export const JOBACK = { citation: joback.citation, caveats: joback.caveats }
