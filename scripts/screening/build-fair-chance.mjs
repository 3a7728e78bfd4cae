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
// California is `assessment`: the FEHA regulations (2 CCR §12264-12271) bar some records at
// any time and require directly-related convictions and an individualized assessment; they do
// not forbid the inquiry itself. The service never asks before a conditional offer anywhere.
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
  california: 'assessment',
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

// How long the applicant has to answer the notice of the records (dispute them, or give
// evidence of rehabilitation or mitigating information) before the landlord may decide, read
// from the raw entry's `criminal_history.notice` sentences. `days` and whether they are
// business or calendar days as the sentence says; confidence lowered to `uncertain` where the
// sentence says "verify". Places without a period in the raw file get the service's own
// minimum (DEFAULT_RESPONSE below), which says it is not the law's.
const RESPONSE = {
  nyc: { days: 5, unit: 'business', from: 'criminal_history.notice[1]', confidence: 'secondary' },
  'cook-county': { days: 5, unit: 'business', from: 'criminal_history.notice[2] ("5 business days - verify")', confidence: 'uncertain' },
  nj: { days: 10, unit: 'calendar', from: 'uncertain[1] ("reported as 10 days; not verified")', confidence: 'uncertain' },
  'san-francisco': { days: 14, unit: 'calendar', from: 'criminal_history.notice[0] ("14 days - verify")', confidence: 'uncertain' },
}
const DEFAULT_RESPONSE = {
  days: 10,
  unit: 'business',
  basis:
    'Service minimum: no response period for this place was found in the sources checked (shared/data/screening/fair-chance-jurisdictions.json); the longest period found there (14 calendar days, San Francisco, unverified) is about ten business days.',
  confidence: 'service_policy',
}

// The factors an individualized assessment records. HUD's (2016 OGC guidance) unless the
// raw entry's notice lists the ordinance's own; each rule names its source.
const HUD_FACTORS = [
  { id: 'nature_severity', label: 'the nature and severity of the offence' },
  { id: 'safety_relevance', label: 'whether it bears on the safety of residents or property (a demonstrable risk)' },
  { id: 'time_elapsed', label: 'how long ago it happened' },
  { id: 'age_at_offence', label: "the applicant's age at the time" },
  { id: 'rehabilitation', label: 'evidence of rehabilitation: tenancy history since, employment, treatment, references' },
  { id: 'applicant_information', label: 'any information the applicant gave to dispute or explain the record' },
]
const FACTORS = {
  nj: {
    from: 'criminal_history.notice[1]',
    extra: [{ id: 'offence_on_rented_property', label: 'whether the offence occurred on or was connected to rented property' }],
  },
  nyc: {
    from: 'criminal_history.notice[1]',
    extra: [
      {
        id: 'legitimate_business_interest',
        label: 'why the history relates to a legitimate business interest (the written explanation the applicant receives)',
      },
    ],
  },
  california: {
    from: 'laws[criminal history].summary (2 CCR §12266: directly-related convictions, nature and severity, time passed)',
    extra: [
      {
        id: 'directly_related',
        label: 'whether the conviction is directly related to a substantial, legitimate, nondiscriminatory interest',
      },
    ],
  },
}

// What may never be considered, for entries whose raw file states it outside
// criminal_history (California: laws[criminal history].summary, 2 CCR §12269).
const PROHIBITED = {
  california: ['arrests not leading to conviction', 'diversion', 'sealed, dismissed or expunged convictions', 'juvenile records'],
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
    law: j.law ?? ((j.laws ?? []).map((l) => l.law).join('; ') || null),
    confidence: j.confidence,
    officialUrl: j.official_url ?? null,
    criminal: {
      use,
      lookbacks,
      measuredFrom: lookback.measured_from ?? null,
      prohibited: ch.prohibited ?? PROHIBITED[j.id] ?? [],
    },
    response:
      use === 'not_permitted'
        ? null
        : RESPONSE[j.id]
          ? {
              days: RESPONSE[j.id].days,
              unit: RESPONSE[j.id].unit,
              basis: `${j.law ?? j.name} (${RESPONSE[j.id].from})`,
              confidence: RESPONSE[j.id].confidence,
            }
          : null,
    assessmentFactors:
      use === 'not_permitted'
        ? []
        : [...HUD_FACTORS, ...(FACTORS[j.id]?.extra ?? [])].map((f) => ({
            ...f,
            source: FACTORS[j.id] && !HUD_FACTORS.includes(f) ? `${j.law ?? j.name} (${FACTORS[j.id].from})` : 'HUD OGC guidance 2016',
          })),
    status: j.status ?? null,
    sourcesChecked: j.law ? [] : (j.sources ?? []),
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
  defaults: {
    evictionLookbackYears: 3,
    response: DEFAULT_RESPONSE,
    assessmentFactors: HUD_FACTORS.map((f) => ({ ...f, source: 'HUD OGC guidance 2016' })),
  },
  federal,
  rules,
}
writeFileSync(OUT, JSON.stringify(out, null, 1) + '\n')
console.log(`${OUT}: ${rules.length} jurisdictions`)
