import data from '../../data/fair-chance.json'
import type { ResponsePeriod } from '../fair-chance/deadline'

export type AssessmentFactor = { id: string; label: string; source: string }

/**
 * The fair-chance and eviction-record rules of the property's place, from the data built by
 * scripts/screening/build-fair-chance.mjs (sources and confidence in the data). These are
 * state and local laws; HUD's 2016 criminal-records guidance and 2024 screening guidance were
 * reported withdrawn in 2025 and are followed as best practice only (docs/vetscore.md).
 */
export type CriminalUse = 'not_permitted' | 'after_offer' | 'assessment' | 'none'

export type JurisdictionRule = {
  id: string
  name: string
  level: string
  state: string
  cities: string[] | null
  law: string | null
  confidence: string
  officialUrl: string | null
  criminal: { use: CriminalUse; lookbacks: { offence: string; years: number }[]; measuredFrom: string | null; prohibited: string[] }
  /** How long the applicant has to answer the notice of records; null: the service minimum applies (or the check is forbidden). */
  response: ResponsePeriod | null
  /** What an individualized assessment must address, each with its source. */
  assessmentFactors: AssessmentFactor[]
  /** For a place searched and found without a rule: what was found (e.g. a motion, not an ordinance). */
  status: string | null
  sourcesChecked: string[]
  eviction: { lookbackYears: number; law: string | null; confidence: string } | null
}

const RULES = data.rules as JurisdictionRule[]
export const DEFAULT_EVICTION_LOOKBACK_YEARS = data.defaults.evictionLookbackYears
export const DEFAULT_RESPONSE = data.defaults.response as ResponsePeriod
export const DEFAULT_ASSESSMENT_FACTORS = data.defaults.assessmentFactors as AssessmentFactor[]

const cityKey = (city: string) =>
  city
    .trim()
    .toUpperCase()
    .replace(/[.,']/g, '')
    .replace(/\s+/g, ' ')
    .replace(/^SAINT /, 'ST ')

/** The rules that apply at a property: its city's (if any) first, then its state's. */
export function rulesFor(city: string, state: string): JurisdictionRule[] {
  const key = cityKey(city)
  const st = state.toUpperCase()
  const local = RULES.filter((r) => r.state === st && r.cities?.some((c) => cityKey(c) === key))
  const statewide = RULES.filter((r) => r.state === st && r.cities === null)
  return [...local, ...statewide]
}

export type CriminalPolicy = {
  use: CriminalUse
  rule: JurisdictionRule | null
  /** More local places searched and found without a rule (Los Angeles): what was found, and where. */
  noRuleFound: { id: string; name: string; status: string; sourcesChecked: string[] }[]
}

/** The most local rule that says anything about criminal history. */
export function criminalPolicy(city: string, state: string): CriminalPolicy {
  const rules = rulesFor(city, state)
  const rule = rules.find((r) => r.criminal.use !== 'none') ?? null
  const noRuleFound = rules
    .filter((r) => r.criminal.use === 'none' && r.status)
    .map((r) => ({ id: r.id, name: r.name, status: r.status!, sourcesChecked: r.sourcesChecked }))
  return { use: rule?.criminal.use ?? 'none', rule, noRuleFound }
}

/** The applicant's time to answer the notice of records under a rule, or the service minimum. */
export function responsePeriod(rule: JurisdictionRule | null): ResponsePeriod {
  return rule?.response ?? DEFAULT_RESPONSE
}

export function assessmentFactors(rule: JurisdictionRule | null): AssessmentFactor[] {
  return rule?.assessmentFactors.length ? rule.assessmentFactors : DEFAULT_ASSESSMENT_FACTORS
}

export type EvictionPolicy = { lookbackYears: number; rule: JurisdictionRule | null }

/** The strictest eviction lookback that applies (0: eviction records may not be used). */
export function evictionPolicy(city: string, state: string): EvictionPolicy {
  let best: EvictionPolicy = { lookbackYears: DEFAULT_EVICTION_LOOKBACK_YEARS, rule: null }
  for (const rule of rulesFor(city, state)) {
    if (rule.eviction && rule.eviction.lookbackYears < best.lookbackYears) best = { lookbackYears: rule.eviction.lookbackYears, rule }
  }
  return best
}
