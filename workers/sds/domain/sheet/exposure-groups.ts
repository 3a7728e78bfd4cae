/**
 * Group limit values ("Manganese compounds (as Mn)") applied to an inorganic compound of the
 * element, with the rule that extends the limit to it and the conversion from "as Mn" to the
 * compound stated, so the reader can compare a measurement of the compound with the limit.
 */
import type { ExposureLimits, Limit } from '../chem/knowledge'
import rules from './exposure-groups.json'

export type GroupRule = (typeof rules.groups)[number]

/** What a group rule needs to know about the substance. */
export type GroupSubject = {
  cas: string | null
  /** Element counts of the formula, where known. */
  elements: Map<string, number> | null
  molecularWeight: number | null
  /** Names, used only where the formula is not in our data. */
  names: string[]
}

/** The data the rules read: rows by CAS number, EU group rows by name, the NIOSH page's limits. */
export type GroupLookup = {
  oelByCas(cas: string): ExposureLimits | null
  euGroup(name: string): Limit[]
  npg(cas: string): { page: string; name: string; mw: number | null; rel: string; idlh: string } | null
}

const round = (n: number) => (n >= 10 ? n.toFixed(0) : n >= 1 ? n.toFixed(2) : n.toPrecision(2))

/** Why the group row applies and how to convert it, as the Notes column prints it. */
function conversion(rule: GroupRule, why: string, s: GroupSubject, atomicWeight: number | null, byName: boolean): string {
  const n = s.elements?.get(rule.element) ?? 0
  const head = `Limit expressed as ${rule.element}; applies to this substance by ${why}.`
  if (byName)
    return `${head} Applied because the name names ${rule.elementName}: the formula is not in our data, so the conversion to the substance is not stated.`
  if (!s.molecularWeight || !atomicWeight)
    return `${head} Molecular weight not in our data: mg/m³ of substance = limit × molecular weight / (${n} × atomic weight of ${rule.element}).`
  const factor = s.molecularWeight / (n * atomicWeight)
  return `${head} This substance has ${n} ${rule.element} per formula unit (molecular weight ${s.molecularWeight}, ${rule.element} ${atomicWeight}): 1 mg/m³ as ${rule.element} = ${round(factor)} mg/m³ of the substance.`
}

/** The group rows that apply to the substance, by jurisdiction list; empty when none does. */
export function groupLimits(s: GroupSubject, look: GroupLookup): ExposureLimits {
  const out: ExposureLimits = { osha: [], eu: [], niosh: [] }
  for (const rule of rules.groups) {
    if (s.cas === rule.elementCas) continue
    const counted = s.elements !== null
    // Organometallics (tetraethyl lead, methylmercury) have their own rows and are not "compounds (as X)" here.
    const member = counted
      ? (s.elements?.get(rule.element) ?? 0) > 0 && !s.elements?.has('C')
      : s.names.some((name) => new RegExp(`\\b${rule.elementName}\\b`, 'i').test(name))
    if (!member) continue
    const npg = look.npg(rule.elementCas)
    const notes = (why: string) => conversion(rule, why, s, npg?.mw ?? null, !counted)
    const own = look.oelByCas(rule.elementCas)
    for (const x of own?.osha ?? [])
      if (rule.osha.includes(x.substance)) out.osha.push({ ...x, notes: joinNotes(x.notes, notes(rule.rule.osha)) })
    for (const g of rule.eu) for (const x of look.euGroup(g.name)) out.eu.push({ ...x, notes: joinNotes(x.notes, notes(g.rule)) })
    if (npg && (npg.rel || npg.idlh))
      out.niosh.push({
        list: `NIOSH Pocket Guide to Chemical Hazards, ${npg.page} (copy of October 2015)`,
        substance: npg.name,
        values: [npg.rel && `REL ${npg.rel}`, npg.idlh && `IDLH ${npg.idlh}`].filter(Boolean).join('; '),
        notes: notes(rule.rule.npg),
      })
  }
  return out
}

const joinNotes = (a: string, b: string) => (a ? `${b} ${a}` : b)
