// Builds workers/screening/data/fair-chance.json: the jurisdiction rules VetScore applies to
// criminal history and eviction records (docs/vetscore.md, issue 12 §3).
//
// Source: ../shared/data/screening/fair-chance-jurisdictions.json (compiled by the research
// helper, see ../shared/data/SOURCES.md: every entry cited and marked verified, secondary or
// uncertain). The raw file is not committed; this script reads it and keeps, per
// jurisdiction, what the worker needs: where it applies (MATCH below: ours, the raw file has
// no machine-readable places), whether criminal history may be used at all and when, the
// lookback periods per offence class (copied from the raw `lookback`), the eviction lookback,
// and the citation with its confidence.
//
// Run: npm run data:screening (builds the cities too), or node scripts/screening/build-fair-chance.mjs [raw.json]
import { readFileSync, writeFileSync } from 'node:fs'

const RAW = process.argv[2] ?? '../shared/data/screening/fair-chance-jurisdictions.json'
const OUT = 'workers/screening/data/fair-chance.json'

// Where each rule applies. Cities as USPS-style names of the property's city; `state` alone
// means the whole state. Cook County: its larger municipalities only (the raw file names
// Chicago); other Cook County places are not recognised, which the docs say.
const MATCH = {
  nyc: { state: 'NY', cities: ['New York', 'Manhattan', 'Brooklyn', 'Queens', 'Bronx', 'The Bronx', 'Staten Island'] },
  nj: { state: 'NJ' },
  dc: { state: 'DC' },
  'cook-county': {
    state: 'IL',
    cities: [
      'Chicago',
      'Evanston',
      'Cicero',
      'Skokie',
      'Arlington Heights',
      'Schaumburg',
      'Palatine',
      'Des Plaines',
      'Orland Park',
      'Oak Lawn',
      'Berwyn',
      'Mount Prospect',
      'Oak Park',
      'Glenview',
      'Wilmette',
      'Park Ridge',
      'Northbrook',
      'Calumet City',
      'Niles',
      'Harvey',
    ],
  },
  seattle: { state: 'WA', cities: ['Seattle'] },
  oakland: { state: 'CA', cities: ['Oakland'] },
  berkeley: { state: 'CA', cities: ['Berkeley'] },
  'san-francisco': { state: 'CA', cities: ['San Francisco'] },
  'los-angeles': { state: 'CA', cities: ['Los Angeles'] },
  'portland-or': { state: 'OR', cities: ['Portland'] },
  minneapolis: { state: 'MN', cities: ['Minneapolis'] },
  detroit: { state: 'MI', cities: ['Detroit'] },
  'ann-arbor': { state: 'MI', cities: ['Ann Arbor'] },
  illinois: { state: 'IL' },
  california: { state: 'CA' },
  colorado: { state: 'CO' },
  'washington-state': { state: 'WA' },
  oregon: { state: 'OR' },
  'new-york-state': { state: 'NY' },
}

// How the law treats criminal history, read from the raw entry's `prohibited`, `two_step` and
// `individualized_assessment` (our reading, one word per jurisdiction):
//   not_permitted  no adverse action on criminal history at all (registry exceptions not modelled)
//   after_offer    only after a conditional offer, within the lookbacks, with an individualized assessment
//   assessment     no two-step rule in law; within the lookbacks, with an individualized assessment
//   none           no local rule found (state entries, LA): HUD practice applies
const CRIMINAL_USE = {
  nyc: 'after_offer',
  nj: 'after_offer',
  dc: 'after_offer',
  'cook-county': 'after_offer',
  seattle: 'not_permitted',
  oakland: 'not_permitted',
  berkeley: 'not_permitted',
  'ann-arbor': 'not_permitted',
  'san-francisco': 'after_offer',
  detroit: 'after_offer',
  'portland-or': 'assessment',
  minneapolis: 'assessment',
  'los-angeles': 'none',
  illinois: 'none',
  california: 'none',
  colorado: 'none',
  'washington-state': 'none',
  oregon: 'none',
  'new-york-state': 'none',
}

// Eviction records: the lookback in years where the raw entry states one (Portland's and
// Minneapolis's "older than 3 years"), 0 where the law forbids refusing for past
// landlord-tenant litigation (New York RPL § 227-f, marked uncertain in the raw file).
const EVICTION = {
  'portland-or': { lookbackYears: 3, from: 'eviction_records.low_barrier' },
  minneapolis: { lookbackYears: 3, from: 'eviction_records.inclusive' },
  'new-york-state': { lookbackYears: 0, from: 'laws[eviction records]' },
}

// Offence classes, from the raw lookback keys.
const LOOKBACK_KEYS = {
  misdemeanor_years: 'misdemeanor',
  felony_years: 'felony',
  serious_offense_years: 'serious offence',
  first_degree_years: 'first-degree crime',
  second_third_degree_years: 'second- or third-degree crime',
  fourth_degree_years: 'fourth-degree crime',
  listed_offenses_years: 'listed offence',
  conviction_years: 'any conviction',
  imprisonment_years: 'imprisonment',
  sex_offense_registry: 'registry offence',
}

const raw = JSON.parse(readFileSync(RAW, 'utf8'))
const rules = raw.jurisdictions.map((j) => {
  const match = MATCH[j.id]
  const use = CRIMINAL_USE[j.id]
  if (!match || !use) throw new Error(`no MATCH/CRIMINAL_USE for ${j.id}: add it before building`)
  const ch = j.criminal_history ?? {}
  const lookback = ch.lookback ?? {}
  const lookbacks = Object.entries(lookback)
    .filter(([k, v]) => k in LOOKBACK_KEYS && typeof v === 'number')
    .map(([k, v]) => ({ offence: LOOKBACK_KEYS[k], years: v }))
  const evictionLaw = j.id === 'new-york-state' ? (j.laws ?? []).find((l) => l.topic === 'eviction records') : null
  return {
    id: j.id,
    name: j.name,
    level: j.level,
    state: match.state,
    cities: match.cities ?? null,
    law: j.law ?? (j.laws ?? []).map((l) => l.law).join('; ') ?? null,
    confidence: j.confidence,
    officialUrl: j.official_url ?? null,
    criminal: {
      use,
      lookbacks,
      measuredFrom: lookback.measured_from ?? null,
      prohibited: ch.prohibited ?? [],
    },
    eviction: EVICTION[j.id]
      ? { lookbackYears: EVICTION[j.id].lookbackYears, law: evictionLaw?.law ?? null, confidence: evictionLaw?.confidence ?? j.confidence }
      : null,
  }
})
const federal = raw.federal.map((f) => ({
  id: f.id,
  name: f.name,
  citation: f.citation ?? null,
  confidence: f.confidence,
  url: f.url ?? null,
}))
const out = {
  source: 'shared/data/screening/fair-chance-jurisdictions.json',
  compiled: raw.meta.compiled,
  note: 'Built by scripts/screening/build-fair-chance.mjs. Not legal advice: every rule carries the confidence of its source.',
  defaults: { evictionLookbackYears: 3 },
  federal,
  rules,
}
writeFileSync(OUT, JSON.stringify(out, null, 1) + '\n')
console.log(`${OUT}: ${rules.length} jurisdictions`)
