import { stateFromText, type StateCode } from '../address/states'
import CITY_ROWS from '../../data/us-cities.json'

/**
 * Turns what a person types (`austin`, `Austin TX`, `austin, tx`, `St Louis, Missouri`)
 * into a market label `City, ST` from the committed city list (GeoNames via
 * scripts/screening/build-cities.mjs: US places of 10,000 people or more, DC and the
 * territories).
 */
export type Market = {
  /** `Austin, TX` */
  label: string
  name: string
  state: StateCode
  population: number
  /** Public classifieds region serving the city, or null when none is near. */
  classifiedsSite: string | null
}

export type CityLookup =
  | { ok: true; market: Market }
  | { ok: false; reason: 'unknown'; suggestions: string[] }
  | { ok: false; reason: 'ambiguous'; candidates: string[] }

type Row = [name: string, state: string, population: number, site: string]

const MARKETS: Market[] = (CITY_ROWS as Row[]).map(([name, state, population, site]) => ({
  label: `${name}, ${state}`,
  name,
  state: state as StateCode,
  population,
  classifiedsSite: site || null,
}))

// Everyday names that are not how the list spells the place.
const ALIASES: Record<string, string> = {
  nyc: 'New York, NY',
  'new york city': 'New York, NY',
  'washington dc': 'Washington, DC',
  dc: 'Washington, DC',
  sf: 'San Francisco, CA',
  la: 'Los Angeles, CA',
  philly: 'Philadelphia, PA',
}

/** A bare name resolves to its largest city only when that is at least twice the next. */
const DOMINANCE = 2

const byKey = new Map<string, Market[]>()
const byLabel = new Map<string, Market>()
for (const m of MARKETS) {
  const list = byKey.get(cityKey(m.name)) ?? []
  list.push(m)
  byKey.set(cityKey(m.name), list)
  byLabel.set(m.label, m)
}

/** Lower case, no accents or punctuation, `saint`/`st.` → `st`, `fort`/`ft` → `fort`. */
export function cityKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[.'’]/g, '')
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((w) => (w === 'saint' ? 'st' : w === 'ft' ? 'fort' : w === 'mt' ? 'mount' : w))
    .join(' ')
}

export function findMarket(input: string): CityLookup {
  const raw = input
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/,?\s*(usa|u\.s\.a\.|us|u\.s\.|united states)$/i, '')
  const alias = ALIASES[cityKey(raw)]
  if (alias) return { ok: true, market: byLabel.get(alias)! }

  // `City, State` with a comma: what follows it must be a state.
  const comma = raw.lastIndexOf(',')
  if (comma > 0) {
    const state = stateFromText(raw.slice(comma + 1))
    return state ? inState(raw.slice(0, comma), state) : { ok: false, reason: 'unknown', suggestions: suggest(raw.slice(0, comma)) }
  }

  // `City ST` / `City State Name`: try the last one to three words as a state.
  const words = raw.split(' ')
  for (let n = Math.min(3, words.length - 1); n >= 1; n--) {
    const state = stateFromText(words.slice(-n).join(' '))
    if (!state) continue
    const found = inState(words.slice(0, -n).join(' '), state)
    if (found.ok) return found
  }

  return bare(raw)
}

function inState(city: string, state: StateCode): CityLookup {
  const alias = ALIASES[cityKey(city)]
  if (alias && byLabel.get(alias)?.state === state) return { ok: true, market: byLabel.get(alias)! }
  const match = (byKey.get(cityKey(city)) ?? []).find((m) => m.state === state)
  return match ? { ok: true, market: match } : { ok: false, reason: 'unknown', suggestions: suggest(city, state) }
}

function bare(city: string): CityLookup {
  const matches = [...(byKey.get(cityKey(city)) ?? [])].sort((a, b) => b.population - a.population)
  if (matches.length === 0) return { ok: false, reason: 'unknown', suggestions: suggest(city) }
  if (matches.length === 1 || matches[0].population >= DOMINANCE * matches[1].population) {
    return { ok: true, market: matches[0] }
  }
  return { ok: false, reason: 'ambiguous', candidates: matches.slice(0, 8).map((m) => m.label) }
}

/** Up to five labels whose names are a small edit away, largest cities first. */
function suggest(city: string, state?: StateCode): string[] {
  const key = cityKey(city)
  if (!key) return []
  const limit = Math.max(1, Math.floor(key.length / 4))
  const pool = state ? MARKETS.filter((m) => m.state === state) : MARKETS
  return pool
    .map((m) => ({ m, d: distance(key, cityKey(m.name), limit) }))
    .filter((x) => x.d <= limit)
    .sort((a, b) => a.d - b.d || b.m.population - a.m.population)
    .slice(0, 5)
    .map((x) => x.m.label)
}

/** Levenshtein distance, giving up (returning limit + 1) once past `limit`. */
function distance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1
  let prev = Array.from({ length: b.length + 1 }, (_, i) => i)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    let rowMin = i
    for (let j = 1; j <= b.length; j++) {
      cur[j] = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1))
      rowMin = Math.min(rowMin, cur[j])
    }
    if (rowMin > limit) return limit + 1
    prev = cur
  }
  return prev[b.length]
}
