/**
 * The classification a sheet prints, and why: the substance's own CLP Annex VI entry, else the
 * group entry its composition makes it a member of; then classification by the supplier from
 * data where Annex VI is silent (self-classify.ts); then, for an aqueous solution, the
 * concentration limits (concentration.ts). Pure: data in, decision out.
 */
import type { AnnexEntry } from '../../data/types'
import { atConcentration, familyOf, parseScls, sclContains, type Form } from './concentration'
import type { GroupMatch } from './groups'
import type { Jurisdiction } from './phrases'
import { selfClassify, type Data } from './self-classify'
import { abbrOf, toEntry, toPairs, type EntryLike, type Pair } from './pairs'
import status from './rules/status.json'

export type Decision = {
  /** What the label engine reads; null when no class applies. */
  entry: EntryLike | null
  pairs: Pair[]
  /** The Annex VI entry that applies: the substance's own, or the group entry. */
  annex: AnnexEntry | null
  group: GroupMatch | null
  /** Classes added or changed by the supplier from data (printed as such). */
  supplier: Pair[]
  judged: string[]
  missing: string[]
  notes: string[]
  concentration: number | null
  form: string | null
}

export type DecideInput = {
  own: AnnexEntry | null
  group: { entry: AnnexEntry; match: GroupMatch } | null
  data: Omit<Data, 'asGas' | 'solution'>
  concentration: number | null
  form: string | null
  j: Jurisdiction
}

export function decide(input: DecideInput): Decision {
  const { group, data, concentration, j } = input
  const notes: string[] = []
  // An annulled entry is not applied (rules/status.json says why and since when).
  const annulled = status.annulled.find((a) => a.index === input.own?.index)
  const own = annulled ? null : input.own
  if (annulled)
    notes.push(
      `CLP Annex VI entry ${annulled.index} (${annulled.substance}) is not applied: annulled since ${annulled.since}. ${annulled.why}`
    )
  const annex = own ?? group?.entry ?? null
  const basis = own
    ? `CLP Annex VI index no. ${own.index}`
    : group
      ? `CLP Annex VI group entry ${group.entry.index} (“${group.match.name}”): ${group.match.why}`
      : ''
  let pairs = annex ? toPairs(annex, basis, own ? 'harmonised' : 'group') : []
  // A specific concentration limit for a class the entry's class column lacks ("STOT SE 3; H335:
  // C ≥ 1 %", triethylamine) classifies the substance itself, whose concentration meets it (CLP Art. 10).
  for (const scl of parseScls(annex?.limits ?? null)) {
    const fam = familyOf(scl.cls, scl.h)
    if (!sclContains(scl, 100) || pairs.some((p) => familyOf(p.cls, p.h) === fam || p.cls === scl.cls)) continue
    const range =
      `${scl.lo !== null ? `C ${scl.loIncl ? '≥' : '>'} ${scl.lo} %` : ''}${scl.hi !== null ? ` C ${scl.hiIncl ? '≤' : '<'} ${scl.hi} %` : ''}`.trim()
    pairs.push({
      cls: scl.cls,
      h: scl.h,
      basis: `${basis}, specific concentration limit ${scl.cls}; ${scl.h}: ${range} (CLP Art. 10)`,
      by: own ? 'harmonised' : 'group',
    })
  }

  const solution = concentration !== null || /solution/i.test(input.form ?? '')
  const gasAt20 = data.boilingC !== null && data.boilingC < 20
  // The entry for the gas form (Press. Gas: hydrogen chloride, not hydrochloric acid) is a gas.
  const gasEntry = Boolean(annex?.classes.some((c) => c.startsWith('Press. Gas')))
  const asGas = !solution && (input.form === 'gas' || (input.form === null && (gasAt20 || gasEntry)))
  const self = selfClassify(pairs, { ...data, asGas, solution }, j)
  for (const { from, to } of self.replace) pairs = pairs.map((p) => (p === from ? to : p))
  pairs = [...pairs, ...self.add]
  // Classes for hazards Annex VI leaves open, from a named source (rules/status.json), never inferred here.
  const notified: Pair[] = []
  for (const n of status.notified.filter((x) => x.cas === data.cas))
    for (const c of n.classes) {
      const pair: Pair = { cls: c.cls, h: c.h, basis: `Classification by the supplier from ${n.source}`, by: 'supplier' }
      if (!pairs.some((p) => abbrOf(p) === abbrOf(pair))) notified.push(pair)
    }
  pairs = [...pairs, ...notified]
  const supplier = [...self.replace.map((r) => r.to), ...self.add, ...notified]

  if (concentration !== null && concentration < 100) {
    const form: Form = input.form === 'dust' || input.form === 'powder' ? 'dust' : 'vapour'
    const r = atConcentration(pairs, annex?.limits ?? null, concentration, form)
    pairs = r.pairs
    notes.push(...r.notes)
  }
  return {
    entry: pairs.length ? toEntry(pairs, annex?.euh ?? []) : null,
    pairs,
    annex,
    group: group?.match ?? null,
    supplier,
    judged: self.judged,
    missing: self.missing,
    notes,
    concentration,
    form: solution ? `aqueous solution${concentration !== null ? `, ${concentration} %` : ''}` : asGas ? 'gas' : input.form,
  }
}
