/**
 * The `classification` object of every generation response: the classes the sheet prints,
 * each with how it was reached, and the label elements, so an integrator can print a label
 * without opening the DOCX. Pure: a decision or a mixture result in, plain data out.
 */
import type { Decision } from './decide'
import { parseClass, parseH, type LabelElements } from './engine'
import type { Basis, MixtureClassification } from './mixture/types'
import type { Pair, Route } from './pairs'

export type ApiBasis =
  | 'harmonised entry'
  | 'SCL'
  | 'generic limit'
  | 'summation'
  | 'additivity formula'
  | 'test data'
  | 'not classified because data lacking'

export type HazardClassOut = { class: string; category: string | null; h_code: string | null; basis: ApiBasis; detail?: string }

export type ClassificationOut = {
  hazard_classes: HazardClassOut[]
  signal_word: 'Danger' | 'Warning' | null
  pictograms: string[]
  h_statements: Array<{ code: string; text: string }>
  p_statements: Array<{ code: string; text: string }>
  ate?: { oral: number | null; dermal: number | null; inhalation: number | null }
}

const MIXTURE_BASIS: Record<Basis, ApiBasis> = {
  'test data': 'test data',
  'additivity formula': 'additivity formula',
  summation: 'summation',
  'specific concentration limit': 'SCL',
  'generic concentration limit': 'generic limit',
  // A measured pH is test data on the mixture (CLP Annex I 3.2.3.1.2).
  'extreme pH': 'test data',
}

/** What a missing datum of self-classify.ts leaves undecided, by the words it is named with. */
const LACKING_CLASS: Array<[RegExp, string]> = [
  [/flammable liquids/, 'Flam. Liq.'],
  [/flammable gases/, 'Flam. Gas'],
  [/flammable solid/, 'Flam. Sol.'],
  [/acute toxicity/, 'Acute Tox.'],
]

function split(cls: string, h: string | null): Pick<HazardClassOut, 'class' | 'category' | 'h_code'> {
  const parsed = parseClass(cls)
  return {
    class: parsed?.abbr ?? cls.replace(/\s*\*+$/, ''),
    category: parsed?.category ?? null,
    h_code: h ? (parseH(h)?.code ?? null) : null,
  }
}

function labelPart(label: LabelElements | null): Omit<ClassificationOut, 'hazard_classes' | 'ate'> {
  if (!label) return { signal_word: null, pictograms: [], h_statements: [], p_statements: [] }
  const p = label.precautionary
  return {
    signal_word: label.signalWord,
    pictograms: label.pictograms,
    h_statements: [...label.hazardStatements, ...label.supplementalStatements],
    p_statements: [...p.prevention, ...p.response, ...p.storage, ...p.disposal],
  }
}

function pairBasis(p: Pair): ApiBasis {
  if (/specific concentration limit/.test(p.basis)) return 'SCL'
  if (/generic concentration limit|generic limit/.test(p.basis)) return 'generic limit'
  // The supplier's classes rest on measured data of a named source (flash point, LD50).
  return p.by === 'supplier' ? 'test data' : 'harmonised entry'
}

/** A substance sheet's classification: Annex VI (or group) entry, its limits at the stated concentration, data judged. */
export function substanceClassification(d: Decision, label: LabelElements | null, j: 'us' | 'eu'): ClassificationOut {
  const classes: HazardClassOut[] = d.pairs
    .filter((p) => j === 'eu' || !/^Aquatic|^Ozone/.test(p.cls))
    .map((p) => ({ ...split(p.cls, p.h), basis: pairBasis(p), detail: p.basis }))
  for (const m of d.missing) {
    const cls = LACKING_CLASS.find(([re]) => re.test(m))?.[1]
    if (cls && !classes.some((c) => c.class === cls))
      classes.push({ class: cls, category: null, h_code: null, basis: 'not classified because data lacking', detail: `missing: ${m}` })
  }
  return { hazard_classes: classes, ...labelPart(label) }
}

/** A mixture's classification by the calculation methods, with ATEmix per route where one was calculated or measured. */
export function mixtureClassification(r: MixtureClassification, label: LabelElements | null): ClassificationOut {
  const classes: HazardClassOut[] = r.classes.map((c) => ({ ...split(c.cls, c.h), basis: MIXTURE_BASIS[c.basis], detail: c.detail }))
  for (const l of r.lacking)
    classes.push({ class: l.cls, category: null, h_code: null, basis: 'not classified because data lacking', detail: l.detail })
  const routes: Route[] = ['oral', 'dermal', 'inhalation']
  const hasAte = routes.some((k) => r.ate[k] !== undefined)
  return {
    hazard_classes: classes,
    ...labelPart(label),
    ...(hasAte ? { ate: { oral: r.ate.oral ?? null, dermal: r.ate.dermal ?? null, inhalation: r.ate.inhalation ?? null } } : {}),
  }
}
