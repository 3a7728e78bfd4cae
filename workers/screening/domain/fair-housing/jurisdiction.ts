import data from '../../data/fair-chance.json'

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
  eviction: { lookbackYears: number; law: string | null; confidence: string } | null
}

const RULES = data.rules as JurisdictionRule[]
export const DEFAULT_EVICTION_LOOKBACK_YEARS = data.defaults.evictionLookbackYears

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

export type CriminalPolicy = { use: CriminalUse; rule: JurisdictionRule | null }

/** The most local rule that says anything about criminal history. */
export function criminalPolicy(city: string, state: string): CriminalPolicy {
  const rule = rulesFor(city, state).find((r) => r.criminal.use !== 'none') ?? null
  return { use: rule?.criminal.use ?? 'none', rule }
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
