/**
 * Section 5 extinguishing media from fire-rules.json, and the label's P378 / P501 details the
 * data decide (issue 15). Where the data do not decide a detail the statement says visibly that
 * the supplier must complete it, rather than printing a bare "…".
 */
import type { LabelElements, Statement } from '../ghs/engine'
import rules from './fire-rules.json'

type FireRule = (typeof rules.rules)[number]

function codesOf(label: LabelElements | null): Set<string> {
  const codes = new Set<string>()
  if (!label) return codes
  for (const c of label.classification) if (c.statement) codes.add(c.statement.code)
  for (const s of [...label.hazardStatements, ...label.supplementalStatements]) for (const code of s.code.split('+')) codes.add(code)
  return codes
}

/** The first rule that applies, most restrictive first (order of fire-rules.json). */
export function fireRule(label: LabelElements | null): FireRule | null {
  const codes = codesOf(label)
  return rules.rules.find((r) => r.h.some((h) => codes.has(h))) ?? null
}

export function extinguishing(label: LabelElements | null): { suitable: string; unsuitable: string; source: string | null } {
  const r = fireRule(label)
  if (!r) return { ...rules.default, source: null }
  const keys = r.source as Array<keyof typeof rules.sources>
  return { suitable: r.suitable, unsuitable: r.unsuitable, source: keys.map((k) => rules.sources[k]).join('; ') }
}

/**
 * P370+P378 (and P378 in its other combinations) with the medium of the rule, P501 with a
 * visible request to the supplier: the data never decide a disposal facility.
 */
export function completeStatements(label: LabelElements | null): LabelElements | null {
  if (!label) return label
  const media = fireRule(label)?.media ?? null
  const fill = (s: Statement): Statement => {
    const codes = s.code.split('+')
    if (codes.includes('P378')) {
      const i = s.text.lastIndexOf('Use … to extinguish')
      if (i >= 0)
        return {
          ...s,
          text: `${s.text.slice(0, i)}Use ${media ?? rules.supplierPlaceholder} to extinguish${s.text.slice(i + 'Use … to extinguish'.length)}`,
        }
    }
    if (codes.includes('P501') && s.text.endsWith('…')) return { ...s, text: `${s.text.slice(0, -1)}${rules.p501}` }
    return s
  }
  const pr = label.precautionary
  return {
    ...label,
    precautionary: { prevention: pr.prevention, response: pr.response.map(fill), storage: pr.storage, disposal: pr.disposal.map(fill) },
  }
}

/** Section 16: the references of the fire rule used on this sheet. */
export function fireSources(label: LabelElements | null): string[] {
  const r = fireRule(label)
  return r
    ? (r.source as Array<keyof typeof rules.sources>).map((k) => `Section 5 (extinguishing media) and P378: ${rules.sources[k]}.`)
    : []
}

/** The acid rule (byReactiveClass): media, what not to do with water, the hazards, and its sources. */
export function acidFireRule(): { suitable: string; unsuitable: string; hazards: string; source: string } {
  const r = rules.byReactiveClass.find((x) => x.id === 'acid')!
  const keys = r.source as Array<keyof typeof rules.sources>
  return { suitable: r.suitable, unsuitable: r.unsuitable, hazards: r.hazards, source: keys.map((k) => rules.sources[k]).join('; ') }
}
