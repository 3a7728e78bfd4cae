/**
 * Hazards not otherwise classified and OSHA-defined hazards of a mixture, from its components'
 * data (29 CFR 1910.1200(c), (d)(1); rules in hnoc-rules.json). Three answers kept apart: what a
 * component's data show, what no component's data can decide (a test on the mixture must), and
 * which components could not be checked at all; "none known" is only the caller's to print when
 * the last two are empty.
 */
import rules from './hnoc-rules.json'

export type HnocComponent = {
  name: string
  /** % w/w used for classification (the upper end of a range). */
  concentration: number
  cas: string | null
  /** The EUH codes of the component's CLP Annex VI entry; null when it has no entry. */
  euh: string[] | null
}

export type HnocFinding = { hazard: string; components: string[]; rule: string }
export type HnocResult = {
  found: HnocFinding[]
  undetermined: Array<{ hazard: string; why: string; rule: string }>
  /** Components whose data could not be checked, with the reason. */
  unchecked: Array<{ name: string; why: string }>
}

const SUPPLEMENTAL = new Map(rules.supplemental.codes.map((c) => [c.code, c.effect]))
const ASPHYXIANTS = new Map(rules.simpleAsphyxiant.gases.map((g) => [g.cas, g]))
const KNOWN_NONE = new Set(rules.knownNone.cas)

const label = (c: HnocComponent) => `${c.name} (${c.concentration} %)`

export function hazardsNotOtherwiseClassified(components: HnocComponent[], state: 'gas' | 'liquid' | 'solid' | null): HnocResult {
  const relevant = components.filter((c) => c.concentration >= rules.relevantAtLeast.value)
  const found: HnocFinding[] = []
  const unchecked: HnocResult['unchecked'] = []

  const byEffect = new Map<string, string[]>()
  for (const c of relevant) {
    if (c.cas === null) {
      unchecked.push({ name: c.name, why: 'no CAS number to look its data up by' })
      continue
    }
    if (c.euh === null && !KNOWN_NONE.has(c.cas) && !ASPHYXIANTS.has(c.cas))
      unchecked.push({ name: c.name, why: 'no CLP Annex VI entry, so its supplemental (EUH) hazards are not in our data' })
    for (const code of c.euh ?? []) {
      const effect = SUPPLEMENTAL.get(code)
      if (effect) byEffect.set(`${code}: ${effect}`, [...(byEffect.get(`${code}: ${effect}`) ?? []), label(c)])
    }
  }
  for (const [hazard, names] of byEffect) found.push({ hazard, components: names, rule: rules.supplemental.cite })

  const undetermined: HnocResult['undetermined'] = []
  const gases = relevant.filter((c) => c.cas !== null && ASPHYXIANTS.has(c.cas))
  if (gases.length && state === 'gas')
    found.push({
      hazard: `Simple asphyxiant (OSHA-defined hazard; label: “${rules.simpleAsphyxiant.label}”)`,
      components: gases.map(label),
      rule: rules.simpleAsphyxiant.rule,
    })
  else if (gases.length && state === null)
    undetermined.push({
      hazard: 'Simple asphyxiant',
      why: `${gases.map(label).join(', ')} ${gases.length > 1 ? 'are asphyxiant gases' : 'is an asphyxiant gas'}; whether the mixture is a gas is not given (physical_state)`,
      rule: rules.simpleAsphyxiant.rule,
    })
  if (state === 'gas' || state === null)
    undetermined.push({
      hazard: 'Pyrophoric gas',
      why: `${state === null ? 'the physical state of the mixture is not given; ' : ''}${rules.pyrophoricGas.why}`,
      rule: rules.pyrophoricGas.rule,
    })
  if (state === 'solid' || state === null)
    undetermined.push({
      hazard: 'Combustible dust',
      why: `${state === null ? 'the physical state of the mixture is not given; ' : ''}${rules.combustibleDust.why}`,
      rule: rules.combustibleDust.rule,
    })
  return { found, undetermined, unchecked }
}

export const HNOC_RULE = rules.rule
export const HNOC_SOURCES_CHECKED = `the EU harmonised supplemental hazards (EUH statements of CLP Annex VI) and the asphyxiant gases of our transport data (${rules.simpleAsphyxiant.gases.length} gases), per component at ${rules.relevantAtLeast.value} % or more`
