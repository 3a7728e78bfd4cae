/**
 * The GHS engine: from a harmonised classification (CLP Annex VI class codes and H codes) to
 * label elements for the US (29 CFR 1910.1200, GHS Rev. 7) or the EU (CLP). Pure: data in,
 * data out.
 */
import {
  CLASSES,
  CLASS_H_CODES,
  CLASS_OF_H,
  EXTRA_PICTOGRAMS,
  PRECAUTIONS,
  type Pictogram,
  type PrecautionSet,
  type SignalWord,
} from './allocation'
import { EUH_PHRASES, H_PHRASES, P_PHRASES, britishSpelling, phraseText, type Jurisdiction } from './phrases'

export type Route = 'oral' | 'dermal' | 'inhalation'

/** A hazard statement code as Annex VI prints it, e.g. `H372 (nervous system) **`. */
export type ParsedH = {
  code: string
  organs: string | null
  route: Route | null
  /** `**`: route of exposure cannot be excluded (CLP Annex VI Part 1, 1.2.2). */
  routeNotExcluded: boolean
  /** `***`: general reproductive concern, differentiation not possible (Annex VI Part 1, 1.2.3). */
  reproGeneral: boolean
}

export type ClassificationItem = {
  /** As printed in Annex VI, e.g. `Acute Tox. 3 *`. */
  raw: string
  abbr: string
  category: string
  kind: 'physical' | 'health' | 'environment'
  /** `*`: minimum classification (CLP Annex VI Part 1, 1.2.1). */
  minimum: boolean
  h: ParsedH | null
  /** Hazard statement assigned by a rule rather than printed in Annex VI (e.g. Press. Gas). */
  hAssigned: boolean
  /** Class inferred from a hazard statement Annex VI prints without its class code. */
  inferred: boolean
}

export type Statement = { code: string; text: string }

export type LabelElements = {
  jurisdiction: Jurisdiction
  classification: Array<{ code: string; name: string; statement: Statement | null; notes: string[] }>
  pictograms: Pictogram[]
  signalWord: SignalWord | null
  hazardStatements: Statement[]
  supplementalStatements: Statement[]
  precautionary: { prevention: Statement[]; response: Statement[]; storage: Statement[]; disposal: Statement[] }
  /** Hazards outside the jurisdiction's label scope (US: environmental hazards, OSHA has no remit). */
  outOfScope: Array<{ name: string; statement: Statement | null }>
  notes: string[]
}

const ROUTE_WORDS: Array<[RegExp, Route]> = [
  [/inhal/i, 'inhalation'],
  [/oral|swallow/i, 'oral'],
  [/dermal|skin contact/i, 'dermal'],
]

export function parseH(raw: string): ParsedH | null {
  const m = /^(H\d{3})([A-Za-z]{0,2})\s*(.*)$/.exec(raw.trim())
  if (!m) return null
  const rest = m[3]
  const stars = (rest.match(/\*/g) ?? []).length
  const parens = [...rest.matchAll(/\(([^)]*)\)/g)].map((x) => x[1])
  let route: Route | null = null
  const organs: string[] = []
  for (const group of parens) {
    for (const part of group
      .split(/[;,]/)
      .map((s) => s.trim())
      .filter(Boolean)) {
      const hit = ROUTE_WORDS.find(([re]) => re.test(part))
      // Annex VI sometimes lists two routes; only a single proven route may be stated (GHS A3.1.1 notes).
      if (hit) route = route && route !== hit[1] ? null : hit[1]
      else organs.push(part)
    }
  }
  const suffix = m[2]
  return {
    code: m[1] + suffix,
    organs: organs.length ? organs.join(', ') : null,
    route,
    routeNotExcluded: stars === 2,
    reproGeneral: stars === 3,
  }
}

export function parseClass(raw: string): { abbr: string; category: string; minimum: boolean } | null {
  const text = raw.replace(/\s+/g, ' ').trim()
  const abbr = Object.keys(CLASSES)
    .filter((a) => text === a || text.startsWith(a + ' '))
    .sort((a, b) => b.length - a.length)[0]
  if (!abbr) return null
  const rest = text.slice(abbr.length).trim()
  const minimum = /^[^*]*\*$/.test(rest) || / \*$/.test(rest)
  const category = rest.replace(/\*+/g, '').trim()
  if (!(category in CLASSES[abbr].categories)) return null
  return { abbr, category, minimum }
}

/**
 * Pairs each Annex VI class code with its hazard statement. The table prints them in the same
 * order, but not always one to one (Press. Gas carries no H code), so each class takes the first
 * unused code its class may carry.
 */
export function classify(entry: { classes: string[]; hClass: string[]; hLabel: string[] }): {
  items: ClassificationItem[]
  unparsed: string[]
} {
  const items: ClassificationItem[] = []
  const unparsed: string[] = []
  const pool = entry.hClass.map((raw) => ({ raw, h: parseH(raw), used: false }))
  const labelPool = entry.hLabel.map((raw) => ({ raw, h: parseH(raw), used: false }))
  for (const raw of entry.classes) {
    const c = parseClass(raw)
    if (!c) {
      unparsed.push(raw)
      continue
    }
    const fits = CLASS_H_CODES[c.abbr]
    const take = (list: typeof pool) => {
      const hit = list.find((x) => !x.used && x.h && fits.test(x.h.code))
      if (hit) hit.used = true
      return hit?.h ?? null
    }
    let h = take(pool) ?? take(labelPool)
    let hAssigned = false
    if (!h && c.abbr === 'Press. Gas') {
      // Annex VI Note U: the group (compressed, liquefied, dissolved: H280; refrigerated
      // liquefied: H281) depends on how the gas is packaged. H280 covers the usual cylinders.
      h = { code: 'H280', organs: null, route: null, routeNotExcluded: false, reproGeneral: false }
      hAssigned = true
    }
    items.push({ raw, ...c, kind: CLASSES[c.abbr].kind, h, hAssigned, inferred: false })
  }
  // A statement printed without its class code still applies; infer the class from it.
  const paired = new Set(items.map((i) => i.h?.code.slice(0, 4)))
  const hasAcute1 = items.some((i) => i.abbr === 'Aquatic Acute')
  const orphans = [...pool.filter((x) => !x.used), ...labelPool.filter((x) => !x.used)]
  for (const { h } of orphans) {
    if (!h) continue
    const base = h.code.slice(0, 4)
    // H410 on the label of an Aquatic Acute 1 + Chronic 2/3 entry is the label rule, not a class.
    if (paired.has(base) || (base === 'H410' && hasAcute1) || !CLASS_OF_H[base]) continue
    const c = parseClass(CLASS_OF_H[base])!
    paired.add(base)
    items.push({ raw: CLASS_OF_H[base], ...c, kind: CLASSES[c.abbr].kind, h, hAssigned: false, inferred: true })
  }
  return { items, unparsed }
}

const ROUTE_OF_H: Record<string, Route> = {
  H300: 'oral',
  H301: 'oral',
  H302: 'oral',
  H310: 'dermal',
  H311: 'dermal',
  H312: 'dermal',
  H330: 'inhalation',
  H331: 'inhalation',
  H332: 'inhalation',
}

const ROUTE_NAME: Record<Route, string> = { oral: 'oral', dermal: 'dermal', inhalation: 'inhalation' }

/** The US code for a CLP-only code: OSHA/GHS have no H350i or H360F-style suffixes. */
function usCode(code: string): string {
  if (code === 'H350i') return 'H350'
  if (/^H36[01]/.test(code)) return code.slice(0, 4)
  return code
}

/**
 * The statement text with its fill-ins: organs and a proven route where Annex VI states them
 * (GHS A3.1.1: "<state all organs affected, if known>", "<state route of exposure if it is
 * conclusively proven that no other routes of exposure cause the hazard>").
 */
export function statementText(h: ParsedH, j: Jurisdiction): Statement {
  const code = j === 'us' ? usCode(h.code) : h.code
  let text: string
  let route = h.route
  if (j === 'us' && h.code === 'H350i') route = 'inhalation'
  if (j === 'us' && /^H36[01]./.test(h.code)) {
    // Keep the specific effect the EU differentiation states (GHS A3.1.1: "<state specific effect if known>").
    text = H_PHRASES[h.code].us
  } else {
    text = phraseText(H_PHRASES, code, j) ?? code
  }
  if (h.organs && /^H37[0-3]$/.test(h.code)) text = text.replace('damage to organs', `damage to organs (${h.organs})`)
  if (route && /^H3(4[01]|5[01]|6[01]|7[0-3])$/.test(code) && !/inhalation/.test(text)) {
    const phrase = /^H37/.test(code)
      ? { oral: 'if swallowed', dermal: 'in contact with skin', inhalation: 'if inhaled' }[route]
      : { oral: 'if swallowed', dermal: 'in contact with skin', inhalation: 'by inhalation' }[route]
    text = `${text} ${phrase}`
  }
  return { code, text: `${text.replace(/\.$/, '')}.` }
}

function className(item: ClassificationItem, j: Jurisdiction): string {
  const info = CLASSES[item.abbr]
  let name = info.name
  let category = item.category
  if (item.abbr === 'Acute Tox.' && item.h && ROUTE_OF_H[item.h.code]) name = `${name}, ${ROUTE_NAME[ROUTE_OF_H[item.h.code]]}`
  // CLP's Eye Irrit. 2 is category 2A in GHS and OSHA Appendix A.3 (H319).
  if (j === 'us' && item.abbr === 'Eye Irrit.' && category === '2') category = '2A'
  if (item.abbr === 'Unst. Expl.') return `${name}, unstable explosive`
  if (item.abbr === 'Press. Gas') return `${name} (compressed, liquefied, refrigerated liquefied or dissolved gas, depending on packaging)`
  if (item.abbr === 'Lact.') return name
  const word = ['Self-react.', 'Org. Perox.'].includes(item.abbr) ? 'Type' : item.abbr === 'Expl.' ? 'Division' : 'Category'
  return `${name}, ${word} ${category}`
}

/** CLP Annex VI code as the EU SDS prints it in 2.1, e.g. `Acute Tox. 3 *`. */
function clpCode(item: ClassificationItem): string {
  return item.raw.replace(/\s+/g, ' ').trim()
}

function itemNotes(item: ClassificationItem, j: Jurisdiction): string[] {
  const notes: string[] = []
  if (item.minimum)
    notes.push('Minimum classification (CLP Annex VI Part 1, 1.2.1): where data show a more severe category, the supplier must apply it.')
  if (item.h?.routeNotExcluded) notes.push('Route of exposure cannot be excluded (CLP Annex VI Part 1, 1.2.2).')
  if (item.hAssigned)
    notes.push(
      'Group of gas under pressure depends on packaging (Annex VI Note U); H280 applies to compressed, liquefied and dissolved gases, H281 to refrigerated liquefied gases.'
    )
  if (j === 'us' && item.abbr === 'Eye Irrit.' && item.category === '2') notes.push('CLP Eye Irrit. 2 corresponds to GHS/OSHA Category 2A.')
  if (item.inferred)
    notes.push(`Annex VI prints ${item.h?.code} without its hazard class code; the most severe category carrying that statement is shown.`)
  return notes
}

type Reasons = Map<Pictogram, Set<string>>

/**
 * Pictogram precedence.
 * US: GHS Rev. 7 §1.4.10.5.3.1 and 29 CFR 1910.1200 Appendix C, C.2.3: the skull and crossbones
 * displaces the exclamation mark where that is used for acute toxicity; corrosion displaces it
 * for skin or eye irritation; the health hazard for respiratory sensitisation displaces it for
 * skin sensitisation and skin or eye irritation.
 * EU: CLP Article 26(1): the same, except that with GHS06 the GHS07 pictogram never appears.
 */
export function applyPictogramPrecedence(reasons: Reasons, j: Jurisdiction): Pictogram[] {
  const drop = (p: Pictogram, ...abbrs: string[]) => {
    for (const a of abbrs) reasons.get(p)?.delete(a)
  }
  if (reasons.has('GHS06')) {
    if (j === 'eu') reasons.get('GHS07')?.clear()
    else drop('GHS07', 'Acute Tox.')
  }
  if (reasons.has('GHS05')) drop('GHS07', 'Skin Irrit.', 'Eye Irrit.')
  // CLP Article 26(1)(a): with GHS01, GHS02 and GHS03 are optional unless compulsory for another
  // class; Annex VI leaves them off, and so do we (types B keep GHS02: GHS 2.8.3, 2.15.3).
  if (j === 'eu' && reasons.has('GHS01')) {
    drop('GHS02', 'Flam. Gas', 'Flam. Liq.', 'Flam. Sol.', 'Pyr. Liq.', 'Pyr. Sol.', 'Self-heat.', 'Water-react.', 'Aerosol')
    drop('GHS03', 'Ox. Gas', 'Ox. Liq.', 'Ox. Sol.')
  }
  if (reasons.get('GHS08')?.has('Resp. Sens.')) drop('GHS07', 'Skin Sens.', 'Skin Irrit.', 'Eye Irrit.')
  return [...reasons.entries()]
    .filter(([, why]) => why.size > 0)
    .map(([p]) => p)
    .sort()
}

/**
 * Signal word precedence: "Danger" displaces "Warning" (GHS Rev. 7 §1.4.10.5.3.2; 29 CFR
 * 1910.1200 Appendix C, C.2.1; CLP Article 20(3)).
 */
export function signalWordOf(words: Array<SignalWord | null>): SignalWord | null {
  if (words.includes('Danger')) return 'Danger'
  if (words.includes('Warning')) return 'Warning'
  return null
}

/**
 * Hazard statement redundancy: CLP Article 27 and GHS Rev. 7 §1.4.10.5.3.3 (all statements
 * appear unless evidently duplicated). H314 covers skin irritation and serious eye damage
 * (H315, H318, H319); H410 covers H400 (CLP Annex I 4.1.4 label table; GHS A3.1.1 notes).
 */
const REDUNDANT: Array<[string, string[]]> = [
  ['H314', ['H315', 'H318', 'H319']],
  ['H318', ['H319']],
  ['H410', ['H400']],
]

/** Combined acute toxicity statements (GHS Rev. 7 Table A3.1.2; CLP Annex III Table 1.2). */
const COMBINABLE = [
  ['H300', 'H310', 'H330'],
  ['H301', 'H311', 'H331'],
  ['H302', 'H312', 'H332'],
]

export function combineAcute(statements: Statement[], j: Jurisdiction): Statement[] {
  let out = [...statements]
  for (const group of COMBINABLE) {
    const present = group.filter((code) => out.some((s) => s.code === code))
    if (present.length < 2) continue
    const code = present.join('+')
    const text = phraseText(H_PHRASES, code, j)
    if (!text) continue
    const first = out.findIndex((s) => present.includes(s.code))
    const rest = out.filter((s) => !present.includes(s.code))
    rest.splice(first, 0, { code, text: `${text}.` })
    out = rest
  }
  return out
}

/**
 * Precautionary statement de-duplication (GHS Rev. 7 A3.2.1 and Annex 3 Section 3 notes; CLP
 * Article 28(1): no evidently redundant statements): P260 makes P261 redundant; P310 (call
 * immediately) makes P311 and P312 redundant, and P311 (call) makes P312 (call if unwell)
 * redundant, also in the swallowing combination; P361+P364 covers
 * P362+P364; a combined storage statement covers its single parts.
 */
const P_REDUNDANT: Array<[string, string[]]> = [
  ['P260', ['P261']],
  ['P310', ['P311', 'P312', 'P301+P312']],
  ['P311', ['P312']],
  ['P301+P310', ['P301+P312']],
  ['P361+P364', ['P362+P364']],
  ['P403+P233', ['P403']],
  ['P403+P235', ['P403', 'P235']],
  ['P410+P403', ['P403', 'P410']],
  ['P410+P412', ['P410']],
  ['P402+P404', ['P402', 'P404']],
]

function pNumber(code: string): number {
  return Number(code.slice(1, 4))
}

function precautionKey(h: string, item: ClassificationItem): PrecautionSet | undefined {
  const base = h === 'H350i' ? 'H350' : /^H36[01]/.test(h) ? h.slice(0, 4) : h
  return PRECAUTIONS[`${base}|${item.abbr} ${item.category}`] ?? PRECAUTIONS[`${base}|${item.abbr}`] ?? PRECAUTIONS[base]
}

export function labelElements(
  entry: { classes: string[]; hClass: string[]; hLabel: string[]; euh: string[] },
  j: Jurisdiction
): LabelElements {
  const { items, unparsed } = classify(entry)
  const notes: string[] = []
  if (unparsed.length)
    notes.push(
      `Annex VI also lists ${unparsed.join(', ')}: the category is not given in the harmonised entry (see Annex VI Part 1, 1.2); the supplier must establish it.`
    )
  const inScope = items.filter((i) => j === 'eu' || i.kind !== 'environment')
  const outOfScope = items
    .filter((i) => j === 'us' && i.kind === 'environment')
    .map((i) => ({ name: className(i, j), statement: i.h ? statementText(i.h, j) : null }))

  const reasons: Reasons = new Map()
  const words: Array<SignalWord | null> = []
  for (const item of inScope) {
    const { pictogram, signal } = CLASSES[item.abbr].categories[item.category]
    const pics = [pictogram, ...(EXTRA_PICTOGRAMS[`${item.abbr} ${item.category}`] ?? [])].filter(Boolean) as Pictogram[]
    for (const pic of pics) {
      if (!reasons.has(pic)) reasons.set(pic, new Set())
      reasons.get(pic)!.add(item.abbr)
    }
    words.push(signal)
  }

  let hazard: Statement[] = []
  const seen = new Set<string>()
  for (const item of inScope) {
    if (!item.h) continue
    const s = statementText(item.h, j)
    if (seen.has(s.text)) continue
    seen.add(s.text)
    hazard.push(s)
  }
  const codes = new Set(hazard.map((s) => s.code))
  // EU: Aquatic Acute 1 with Aquatic Chronic 2 or 3 is labelled H410 alone, as every such entry of
  // Annex VI Table 3 since ATP 9 prints it (e.g. 605-022-00-X, 616-235-00-2): very toxic to aquatic
  // life (acute 1) with long lasting effects (chronic) is what H410 says.
  if (j === 'eu' && codes.has('H400') && (codes.has('H411') || codes.has('H412'))) {
    hazard = hazard.filter((s) => !['H411', 'H412'].includes(s.code))
    hazard[hazard.findIndex((s) => s.code === 'H400')] = { code: 'H410', text: `${phraseText(H_PHRASES, 'H410', j)}.` }
    codes.add('H410')
  }
  for (const [keeper, dropped] of REDUNDANT) if (codes.has(keeper)) hazard = hazard.filter((s) => !dropped.includes(s.code))
  hazard = combineAcute(hazard, j)

  const precautionary = { prevention: [] as string[], response: [] as string[], storage: [] as string[], disposal: [] as string[] }
  for (const item of inScope) {
    if (!item.h) continue
    const set = precautionKey(item.h.code, item)
    if (!set) continue
    for (const type of ['prevention', 'response', 'storage', 'disposal'] as const) {
      for (const code of set[type]) if (!precautionary[type].includes(code)) precautionary[type].push(code)
    }
  }
  const allP = new Set(Object.values(precautionary).flat())
  for (const [keeper, dropped] of P_REDUNDANT) {
    if (!allP.has(keeper)) continue
    for (const type of Object.keys(precautionary) as Array<keyof typeof precautionary>)
      precautionary[type] = precautionary[type].filter((c) => !dropped.includes(c))
  }
  const toStatements = (list: string[]) =>
    list
      .sort((a, b) => pNumber(a) - pNumber(b) || a.length - b.length || a.localeCompare(b))
      .map((code) => ({ code, text: phraseText(P_PHRASES, code, j) ?? code }))

  const supplementalStatements =
    j === 'eu'
      ? entry.euh
          .filter((c) => /^EUH/.test(c))
          .map((code) => ({ code, text: `${britishSpelling(EUH_PHRASES[code] ?? code).replace(/\.$/, '')}.` }))
      : []

  return {
    jurisdiction: j,
    classification: inScope.map((item) => ({
      code: j === 'eu' ? clpCode(item) : className(item, j),
      name: className(item, j),
      statement: item.h ? statementText(item.h, j) : null,
      notes: itemNotes(item, j),
    })),
    pictograms: applyPictogramPrecedence(reasons, j),
    signalWord: signalWordOf(words),
    hazardStatements: hazard,
    supplementalStatements,
    precautionary: {
      prevention: toStatements(precautionary.prevention),
      response: toStatements(precautionary.response),
      storage: toStatements(precautionary.storage),
      disposal: toStatements(precautionary.disposal),
    },
    outOfScope,
    notes,
  }
}

export const PICTOGRAM_NAMES: Record<Pictogram, string> = {
  GHS01: 'Exploding bomb',
  GHS02: 'Flame',
  GHS03: 'Flame over circle',
  GHS04: 'Gas cylinder',
  GHS05: 'Corrosion',
  GHS06: 'Skull and crossbones',
  GHS07: 'Exclamation mark',
  GHS08: 'Health hazard',
  GHS09: 'Environment',
}
