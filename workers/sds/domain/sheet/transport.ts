/**
 * Section 14 in the order the regulations prescribe (UN Model Regulations 2.0.2 and 3.1.2, ADR
 * 2.1.1.2, 49 CFR 172.101(c)): the transport hazards follow from the classification on the sheet
 * (rules in `transport-rules.json`); then a named entry of the table that fits the substance, its
 * form and its concentration; else the generic or n.o.s. entry of its class with the technical name
 * in brackets; else "not dangerous goods" with the reason, or "not determined" with the data
 * missing. The named entries come from a name join (a lookup aid), so each is checked against
 * the sheet before it is printed. Pure.
 */
import type { DotEntry } from '../chem/knowledge'
import { abbrOf, acuteRoute, categoryOf, type Pair } from '../ghs/pairs'
import rules from './transport-rules.json'

export type TransportHazard = { cls: string; pg: string | null; from: string; rule: string }

export type TransportDecision = {
  entry: DotEntry | null
  candidates: DotEntry[]
  rejected: Array<{ entry: DotEntry; why: string }>
  /** Transport hazards derived from the classification, each with its rule. */
  hazards: TransportHazard[]
  how: 'named' | 'generic' | 'choice' | 'not-regulated' | 'undetermined'
  /** For a generic or n.o.s. entry: the name in brackets after the proper shipping name. */
  technicalName: string | null
  /** Why the outcome is what it is, in a sentence the sheet prints. */
  reason: string
}

export type TransportInput = {
  rows: DotEntry[]
  generic: (id: string) => DotEntry[]
  pairs: Pair[]
  form: string | null
  state: 'gas' | 'liquid' | 'solid' | null
  concentration: number | null
  name: string
  kind: { acidBase: 'acidic' | 'basic' | null; organic: boolean | null; carbonFree: boolean }
  flashKnown: boolean
  /** The sheet's classification rests on data judged (false: not classified for lack of data). */
  classified: boolean
  j: 'us' | 'eu'
}

/** The classes on the sheet that a table entry's class needs (49 CFR 173 class definitions vs GHS classes). */
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

type Bounds = { lo: number; loIncl: boolean; hi: number; hiIncl: boolean }

/**
 * The concentration range a table name states ("with more than 10 percent but not more than 35
 * percent ammonia", "with not more than 51% acid"); null when it states none. Only numbers
 * followed by "percent" or "%" count ("relative density between 0.880 and 0.957" is not one).
 */
export function concentrationRange(name: string): Bounds | null {
  const b: Bounds = { lo: 0, loIncl: true, hi: 100, hiIncl: true }
  let found = false
  const re =
    /(not more than|not less than|more than|less than|at least)\s{0,3}(\d{1,3}(?:\.\d{1,3})?)\s{0,3}(?:percent|%)|(\d{1,3}(?:\.\d{1,3})?)\s{0,3}(?:percent|%)\s{0,3}or more/gi
  for (const m of name.matchAll(re)) {
    found = true
    if (m[3]) {
      b.lo = Number(m[3])
      b.loIncl = true
      continue
    }
    const x = Number(m[2])
    const op = m[1].toLowerCase()
    if (op === 'not more than') Object.assign(b, { hi: x, hiIncl: true })
    else if (op === 'less than') Object.assign(b, { hi: x, hiIncl: false })
    else if (op === 'more than') Object.assign(b, { lo: x, loIncl: false })
    else Object.assign(b, { lo: x, loIncl: true })
  }
  return found ? b : null
}

const inRange = (b: Bounds, c: number) => (b.loIncl ? c >= b.lo : c > b.lo) && (b.hiIncl ? c <= b.hi : c < b.hi)

/** Transport hazards from the classification (UN Model Regulations Part 2; see transport-rules.json). */
export function transportHazards(pairs: Pair[], state: TransportInput['state']): TransportHazard[] {
  const out: TransportHazard[] = []
  const by = rules.byClass as Record<
    string,
    { class: string; pg?: Record<string, string>; byRoute?: Record<string, Record<string, string>>; rule: string }
  >
  for (const p of pairs) {
    const abbr = abbrOf(p)
    const cat = categoryOf(p)
    if (!abbr || !cat) continue
    const r = by[abbr]
    if (!r) continue
    if (abbr === 'Acute Tox.') {
      const route = acuteRoute(p)
      // A gas that is toxic by inhalation is class 2.3, not 6.1 (UN 2.2.2.1(b)).
      if (state === 'gas') {
        if (route === 'inhalation')
          out.push({
            cls: '2.3',
            pg: null,
            from: p.cls,
            rule: 'UN Model Regulations 2.2.2.1(b) / 49 CFR 173.115(c): a gas toxic by inhalation (LC50 up to 5,000 mL/m³)',
          })
        continue
      }
      const pg = route ? (r.byRoute?.[route]?.[cat] ?? null) : null
      // Category 4 (oral LD50 above 300 mg/kg, dermal above 1,000) is outside class 6.1.
      if (pg || (route === 'inhalation' && /^[23]$/.test(cat))) out.push({ cls: r.class, pg, from: `${p.cls} (${route})`, rule: r.rule })
      continue
    }
    if (r.class.startsWith('2') && state !== 'gas') continue
    const pg = r.pg?.[cat] ?? null
    if (r.pg && Object.keys(r.pg).length && !pg && !(abbr === 'Skin Corr.' && cat === '1')) continue
    out.push({ cls: r.class, pg, from: p.cls, rule: r.rule })
  }
  const env = rules.environmental
  const aquatic = pairs.filter((p) => env.classes.includes(p.cls.replace(/\s*\*+$/, '').trim()))
  if (aquatic.length) out.push({ cls: '9 (environment)', pg: env.pg, from: aquatic.map((p) => p.cls).join(', '), rule: env.rule })
  return out
}

const PG_ORDER = ['I', 'II', 'III']
const severest = (pgs: Array<string | null>) => {
  const known = pgs.filter((x): x is string => x !== null)
  return known.length ? known.sort((a, b) => PG_ORDER.indexOf(a) - PG_ORDER.indexOf(b))[0] : null
}

/** Words in a table name that mean a form or grade the sheet must name too. */
const FORM_WORDS: Array<[RegExp, string]> = [
  [/\bred fuming\b/i, 'red fuming'],
  [/\bfuming\b/i, 'fuming'],
  [/\bmolten\b/i, 'molten'],
  [/\bspent\b/i, 'spent'],
  [/\bwaste\b/i, 'waste'],
  [/\bwetted\b|\bwith not less than \d+ ?percent water\b/i, 'wetted'],
  [/\bdenatured\b/i, 'denatured'],
  [/paraformaldehyde/i, 'paraformaldehyde'],
]

function rejectWhy(
  e: DotEntry,
  x: TransportInput,
  solution: boolean,
  c: number | null,
  abbrs: Set<string>
): { why: string | null; byConcentration: boolean } {
  const name = e.name.toLowerCase()
  // "Nitric acid other than red fuming" is the entry for the ordinary acid.
  const own = name.replace(/\bother than [a-z ]+?(?=,| with\b|$)/g, '')
  for (const [re, word] of FORM_WORDS)
    if (re.test(own) && !x.name.toLowerCase().includes(word))
      return { why: `an entry for the ${word} material, which this sheet is not for`, byConcentration: false }
  if (/solution/.test(name) && !solution && !/ or .*solution/.test(name))
    return { why: 'an entry for a solution; this sheet is for the substance itself', byConcentration: false }
  if (/\bsolid\b/.test(name) && (solution || (x.state !== null && x.state !== 'solid')))
    return { why: 'an entry for the solid', byConcentration: false }
  if (/anhydrous|refrigerated liquid/.test(name) && solution)
    return { why: 'an entry for the anhydrous substance or gas', byConcentration: false }
  if (e.hazardClass.startsWith('2') && !/solution/.test(name) && (solution || (x.state !== null && x.state !== 'gas')))
    return { why: 'an entry for a gas', byConcentration: false }
  if (!e.hazardClass.startsWith('2') && x.state === 'gas' && !solution)
    return { why: 'an entry for a liquid or solid; this sheet is for the gas', byConcentration: false }
  const range = concentrationRange(e.name)
  if (range) {
    if (c === null) return { why: null, byConcentration: false }
    if (!inRange(range, c)) return { why: `its concentration range does not include ${c} %`, byConcentration: false }
    return { why: null, byConcentration: true }
  }
  if (solution && !/solution/.test(name) && /^(UN|NA)/.test(e.id) && e.hazardClass.startsWith('2'))
    return { why: 'an entry for the gas', byConcentration: false }
  const needs = CLASS_NEEDS[e.hazardClass.split(' ')[0]]
  if (needs && !needs.some((a) => abbrs.has(a)))
    return {
      why: `its class ${e.hazardClass} needs a ${needs.join(' or ')} classification, which this sheet does not have`,
      byConcentration: false,
    }
  return { why: null, byConcentration: false }
}

const key = (e: DotEntry) => `${e.id}|${e.name}|${e.hazardClass}|${e.pg}`

export function decideTransport(x: TransportInput): TransportDecision {
  const abbrs = new Set(x.pairs.map(abbrOf).filter(Boolean) as string[])
  const solution = x.form?.startsWith('aqueous solution') ?? false
  // A sheet for the substance itself is 100 %; a solution of unstated strength matches no range.
  const c = x.concentration ?? (solution ? null : 100)
  const state = solution ? 'liquid' : x.state
  const hazards = transportHazards(x.pairs, state)
  const base = { hazards, rejected: [] as TransportDecision['rejected'], technicalName: null }

  // 1. A named entry (49 CFR 172.101(c)(1); UN 3.1.2.1): one that fits the form and concentration.
  let kept: DotEntry[] = []
  for (const e of x.rows) {
    const r = rejectWhy(e, { ...x, state }, solution, c, abbrs)
    if (r.why) base.rejected.push({ entry: e, why: r.why })
    else kept.push(e)
  }
  // Column 1: D is for US domestic transport, I for international (49 CFR 172.101(b)(2), (b)(3)).
  const dropSymbol = x.j === 'us' ? 'I' : 'D'
  kept = kept.filter(
    (e) => !e.symbols.includes(dropSymbol) || !kept.some((o) => o.id === e.id && o !== e && !o.symbols.includes(dropSymbol))
  )
  if (x.j === 'eu')
    kept = kept.filter((e) => {
      const usOnly = e.symbols.includes('D') || e.id.startsWith('NA')
      if (usOnly)
        base.rejected.push({
          entry: e,
          why: `US-only (${e.id.startsWith('NA') ? 'an NA number, recognised within North America only' : 'marked D, for US domestic transport only'}; 49 CFR 172.101(b))`,
        })
      return !usOnly
    })
  // Several packing-group rows of one entry (hypochlorite solutions II and III): the classification decides.
  if (new Set(kept.map(key)).size > 1) {
    const byPg = kept.filter((e) => {
      const pg = severest(hazards.filter((h) => h.cls === e.hazardClass).map((h) => h.pg))
      return pg !== null && e.pg === pg
    })
    const sameEntry = new Set(kept.map((e) => e.id)).size === 1
    if (sameEntry && new Set(byPg.map(key)).size === 1) kept = byPg
    else if (sameEntry && !byPg.length) {
      // More severe than every row of the entry (Skin Corr. 1A, rows II and III): its most severe row.
      const derived = severest(hazards.filter((h) => h.cls === kept[0].hazardClass).map((h) => h.pg))
      const rows = [...kept].sort((a, b) => PG_ORDER.indexOf(a.pg) - PG_ORDER.indexOf(b.pg))
      if (derived && rows[0].pg && PG_ORDER.indexOf(derived) < PG_ORDER.indexOf(rows[0].pg)) kept = [rows[0]]
    }
  }
  const distinct = [...new Map(kept.map((e) => [key(e), e])).values()]
  if (distinct.length === 1)
    return {
      ...base,
      entry: distinct[0],
      candidates: distinct,
      how: 'named',
      reason: 'the entry of the table named for this substance, checked against its form, concentration and classification',
    }
  if (distinct.length > 1)
    return {
      ...base,
      entry: null,
      candidates: distinct,
      how: 'choice',
      reason:
        solution && c === null
          ? 'the entries for this substance depend on the concentration, which is not stated'
          : 'more than one entry named for this substance fits; the shipper must choose by concentration and form',
    }

  // A named entry set aside only because its class is not in the classification (tetrachloroethylene
  // 6.1 without Acute Tox.): the name still assigns it (UN 2.0.2.2), so the shipper decides; no n.o.s. guess.
  const byClass = base.rejected.filter((r) => r.why.startsWith('its class '))
  if (byClass.length && !solution)
    return {
      ...base,
      entry: null,
      candidates: byClass.map((r) => r.entry),
      how: 'choice',
      reason: `the entry named for this substance has a class that the classification on this sheet does not give (${byClass.map((r) => `${r.entry.id}: ${r.why}`).join('; ')}); a named entry applies to the substance it names (UN Model Regulations 2.0.2.2), so the shipper must confirm its class from test data`,
    }

  // 2. A generic or n.o.s. entry of the class the classification gives (UN 2.0.2.2, 3.1.2.8).
  const primary = hazards.filter((h) => !h.cls.startsWith('9'))
  const classes = [...new Set(primary.map((h) => h.cls))]
  const env = hazards.find((h) => h.cls.startsWith('9'))
  const technicalName = x.name.split('; ')[0]
  if (classes.length === 1 || (classes.length === 0 && env)) {
    const cls = classes[0] ?? '9'
    if (!state)
      return {
        ...base,
        entry: null,
        candidates: [],
        how: 'undetermined',
        reason: `class ${cls} follows from the classification, but the physical state (solid or liquid) is not in our data, so the entry cannot be chosen`,
      }
    const pg = cls === '9' ? 'III' : severest(primary.map((h) => h.pg))
    const g = genericEntry(cls, [], state, x.kind)
    if (g) {
      const rows = x.generic(g).filter((e) => !e.id.startsWith('NA'))
      const row = rows.find((e) => e.pg === pg)
      if (row)
        return {
          ...base,
          entry: row,
          candidates: [row],
          how: 'generic',
          technicalName,
          reason: `no entry of the table names this substance; the ${cls === '9' ? 'environmentally hazardous substance' : `class ${cls} n.o.s.`} entry applies, with the technical name in brackets`,
        }
      return {
        ...base,
        entry: null,
        candidates: rows,
        how: 'choice',
        technicalName,
        reason: `no entry names this substance; the class ${cls} n.o.s. entry applies, but its packing group does not follow from the classification alone`,
      }
    }
    return {
      ...base,
      entry: null,
      candidates: [],
      how: 'undetermined',
      reason: `class ${cls} follows from the classification, but no generic entry for a ${state} of this class is in our rules`,
    }
  }
  if (classes.length > 1) {
    const combos = classes
      .flatMap((a) => classes.filter((b) => b !== a).map((b) => genericEntry(a, [b], state ?? '', x.kind)))
      .filter((g): g is string => g !== null)
    const rows = combos.flatMap((id) => x.generic(id))
    return {
      ...base,
      entry: null,
      candidates: rows,
      how: 'choice',
      technicalName,
      reason: `the classification gives classes ${classes.join(' and ')}; the primary class follows from the precedence of hazards (UN Model Regulations 2.0.3, 49 CFR 173.2a), which is not applied here`,
    }
  }

  // 3. None of the criteria applies: not dangerous goods, if the data to judge it are there.
  const missing: string[] = []
  if (!x.classified) missing.push('the data for a classification (Section 2 names them)')
  // A solution in water of a carbon-free solute (sodium hydroxide 1 %) has no flash point to judge.
  if (state === 'liquid' && !x.flashKnown && !abbrs.has('Flam. Liq.') && !(solution && x.kind.carbonFree))
    missing.push('the flash point (class 3)')
  if (state === null) missing.push('the physical state')
  if (missing.length)
    return {
      ...base,
      entry: null,
      candidates: [],
      how: 'undetermined',
      reason: `no transport class follows from the classification on this sheet, but ${missing.join(', ')} ${missing.length > 1 ? 'are' : 'is'} missing, so this is not a statement that it is not dangerous goods`,
    }
  return {
    ...base,
    entry: null,
    candidates: [],
    how: 'not-regulated',
    reason: `no criterion of classes 2 to 9 applies on the classification on this sheet (no flammable, oxidising, toxic (categories 1-3), corrosive or aquatic acute 1 / chronic 1-2 class), and no entry of the table names it`,
  }
}

function genericEntry(cls: string, sub: string[], state: string, kind: TransportInput['kind']): string | null {
  const kinds = [
    kind.acidBase && kind.organic !== null ? `${kind.acidBase} ${kind.organic ? 'organic' : 'inorganic'}` : null,
    kind.organic !== null ? (kind.organic ? 'organic' : 'inorganic') : null,
    undefined,
  ]
  for (const k of kinds) {
    const hit = rules.generic.entries.find(
      (g) =>
        g.class === cls &&
        g.state === state &&
        g.sub.join() === sub.join() &&
        (k === undefined ? !('kind' in g) : 'kind' in g && g.kind === k)
    )
    if (hit) return hit.id
  }
  return null
}
