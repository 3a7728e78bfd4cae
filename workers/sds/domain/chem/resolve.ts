/**
 * Identifier resolution: one string (CAS, EC or Annex VI index number, InChIKey, name or
 * synonym, formula, SMILES) to one substance, or a reason it cannot be one.
 */
import type { Molecule } from 'openchemlib'
import {
  CAS_SHAPE,
  EC_SHAPE,
  INCHIKEY_SHAPE,
  INDEX_SHAPE,
  casCheckDigitValid,
  ecCheckDigitValid,
  hillFormula,
  normaliseName,
  parseFormula,
} from './identifiers'
import aliases from './aliases.json'
import { knowledge, type AnnexEntry, type SubstanceRecord } from './knowledge'

export type MatchedBy = 'cas' | 'ec' | 'index_no' | 'inchikey' | 'name' | 'formula' | 'smiles'

export type Resolved = {
  record: SubstanceRecord
  entry: AnnexEntry | null
  matchedBy: MatchedBy
  /** Percent by weight in water, from the identifier ("sulfuric acid 98%") or the request. */
  concentration?: number | null
  /** The form the sheet is for, from a name that means one ("formalin") or the request. */
  form?: string | null
}

export type Candidate = { name: string; cas: string | null; ec: string | null; index_no: string | null; identifier: string }

export type Resolution =
  | { ok: true; substance: Resolved }
  | { ok: false; code: 'INVALID_CAS_NUMBER'; message: string }
  | { ok: false; code: 'CHEMICAL_NOT_FOUND'; message: string; suggestions: string[] }
  | { ok: false; code: 'AMBIGUOUS_IDENTIFIER'; message: string; candidates: Candidate[] }
  | { ok: false; code: 'VALIDATION_ERROR'; message: string; issues: Array<{ path: string; message: string }> }
  | { ok: false; code: 'MIXTURE_NOT_SUPPORTED'; message: string; components: string[] }

const MAX_CANDIDATES = 10

/**
 * The longest SMILES we parse. The longest one of a compound in our data has 155 characters;
 * parsing and canonicalising grow faster than linearly with size, so longer strings are refused
 * before the parser sees them (issue 13: bounded cost per request).
 */
export const MAX_SMILES_LENGTH = 200

/** An Annex VI name without its concentration placeholder ("sulphuric acid ... %"). */
export function cleanAnnexName(name: string): string {
  return name
    .replace(/\s*(\.{3,}|…)\s*%?/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * The product identifier a document shows: the EU sheet uses the Annex VI name (REACH Annex II
 * 1.1 asks for the name as in Annex VI), the US sheet the common name where PubChem gives one.
 */
export function displayName(record: SubstanceRecord, entry: AnnexEntry | null = null, j: 'us' | 'eu' = 'us'): string {
  const own = record.cas && entry?.casNames?.[record.cas]
  const annex = own ? cleanAnnexName(own) : entry?.names[0] ? cleanAnnexName(entry.names[0]) : null
  const common = record.compound?.names[0] ?? null
  // Where one CAS number has several entries (hydrogen chloride, hydrochloric acid ... %), the
  // entry's name says which form the sheet is for, in both formats.
  const name = j === 'eu' || (record.annex.length > 1 && entry) ? (annex ?? common) : (common ?? annex)
  return (name ?? record.names[0] ?? record.id).replace(/\s+/g, ' ')
}

function candidatesOf(pairs: Array<{ record: SubstanceRecord; entry: AnnexEntry | null }>): Candidate[] {
  return pairs.slice(0, MAX_CANDIDATES).map(({ record, entry }) => {
    // The identifier that picks exactly this candidate: its CAS if that is unique, else the index no.
    const byIndex = entry && (record.annex.length > 1 || !record.cas)
    return {
      name: entry && record.annex.length > 1 ? entry.names.join('; ') : displayName(record, entry),
      cas: record.cas,
      ec: record.ec[0] ?? null,
      index_no: entry?.index ?? null,
      identifier: byIndex ? entry!.index : (record.cas ?? record.id),
    }
  })
}

/** "[C > 70 %]", "[C ≤ 70 %]": the concentration range an Annex VI entry's name gives it. */
function rangeOf(entry: AnnexEntry): ((c: number) => boolean) | null {
  for (const n of entry.names) {
    const m = /\[C\s?(>|≥|<|≤)\s?(\d{1,3})\s?%\]/.exec(n)
    if (!m) continue
    const x = Number(m[2])
    return m[1] === '>' ? (c) => c > x : m[1] === '≥' ? (c) => c >= x : m[1] === '<' ? (c) => c < x : (c) => c <= x
  }
  return null
}

/**
 * Of several Annex VI entries of one CAS number (gas and solution, forms, concentration
 * ranges), the one the caller means, if the name or the concentration decides it: a name that
 * means one entry ("muriatic acid"), a name printed on one entry only ("hydrogen chloride" vs
 * "hydrochloric acid ... %"), or the concentration range in the entry's name.
 */
function chooseEntry(record: SubstanceRecord, key: string | null, concentration: number | null): AnnexEntry | null {
  const kb = knowledge()
  if (key) {
    const hinted = kb.entryOfName.get(key)
    const hit = hinted && record.annex.find((e) => e.index === hinted)
    if (hit) return hit
    const named = record.annex.filter((e) => e.names.some((n) => normaliseName(cleanAnnexName(n)) === key))
    if (named.length === 1) return named[0]
  }
  if (concentration !== null) {
    const fits = record.annex.filter((e) => rangeOf(e)?.(concentration))
    if (fits.length === 1) return fits[0]
  }
  return null
}

/** A record with several Annex VI entries (e.g. nitric acid above and below 70 %) needs a choice. */
function pick(
  record: SubstanceRecord,
  matchedBy: MatchedBy,
  input: string,
  key: string | null = null,
  concentration: number | null = null
): Resolution {
  const chosen = record.annex.length > 1 ? chooseEntry(record, key, concentration) : null
  if (chosen) return { ok: true, substance: { record, entry: chosen, matchedBy } }
  if (record.annex.length > 1) {
    return {
      ok: false,
      code: 'AMBIGUOUS_IDENTIFIER',
      message: `"${input}" matches ${record.annex.length} harmonised entries of CLP Annex VI (different forms or concentrations). Send the index number of the one you mean as chemical_identifier.`,
      candidates: candidatesOf(record.annex.map((entry) => ({ record, entry }))),
    }
  }
  return { ok: true, substance: { record, entry: record.annex[0] ?? null, matchedBy } }
}

function ambiguous(input: string, kind: string, records: SubstanceRecord[]): Resolution {
  const pairs = records.flatMap((record) =>
    record.annex.length > 1 ? record.annex.map((entry) => ({ record, entry })) : [{ record, entry: record.annex[0] ?? null }]
  )
  return {
    ok: false,
    code: 'AMBIGUOUS_IDENTIFIER',
    message: `The ${kind} "${input}" fits ${pairs.length} substances. Send the CAS number (or index number) of the one you mean.`,
    candidates: candidatesOf(pairs),
  }
}

function notFound(input: string, message: string, withSuggestions = true): Resolution {
  return { ok: false, code: 'CHEMICAL_NOT_FOUND', message, suggestions: withSuggestions ? suggest(input) : [] }
}

const SOLUTION_WORDS = new Set(['solution', 'soln', 'soln.', 'aqueous', 'aq', 'aq.', '(aq)', 'w/w', '(w/w)', 'in', 'water'])

/**
 * "sulfuric acid 98%", "NaOH 50% solution", "hydrochloric acid 37 % w/w": the name and the
 * concentration in percent. Read token by token from the end (no pattern over the whole input).
 */
export function splitConcentration(input: string): { name: string; concentration: number } | null {
  const tokens = input.split(' ')
  let end = tokens.length
  while (end > 1 && SOLUTION_WORDS.has(tokens[end - 1].toLowerCase())) end--
  let number: string | null = null
  if (end > 1 && /^\d{1,3}(?:[.,]\d{1,4})?%$/.test(tokens[end - 1])) {
    number = tokens[end - 1].slice(0, -1)
    end -= 1
  } else if (end > 2 && tokens[end - 1] === '%' && /^\d{1,3}(?:[.,]\d{1,4})?$/.test(tokens[end - 2])) {
    number = tokens[end - 2]
    end -= 2
  }
  if (number === null) return null
  const concentration = Number(number.replace(',', '.'))
  if (!(concentration > 0 && concentration <= 100)) return null
  while (end > 1 && SOLUTION_WORDS.has(tokens[end - 1].toLowerCase())) end--
  return { name: tokens.slice(0, end).join(' '), concentration }
}

export async function resolveIdentifier(raw: string, requested: { concentration?: number | null } = {}): Promise<Resolution> {
  const input = raw.trim().replace(/\s+/g, ' ')
  // Two concentrations ("acetone 50% water 50%", "10% NaOH, 5% KCl") describe a mixture.
  if ((input.match(/\d\s?%/g) ?? []).length >= 2) return mixture(input, [])
  const split = splitConcentration(input)
  if (split) {
    if (requested.concentration != null && requested.concentration !== split.concentration) {
      const message = `chemical_identifier says ${split.concentration} % and concentration says ${requested.concentration} %: send one of them.`
      return { ok: false, code: 'VALIDATION_ERROR', message, issues: [{ path: 'concentration', message }] }
    }
    const inner = await resolveName(split.name, split.concentration)
    if (inner.ok)
      return {
        ok: true,
        substance: { ...inner.substance, concentration: split.concentration, form: inner.substance.form ?? 'aqueous solution' },
      }
    return inner
  }
  const r = await resolveName(input, requested.concentration ?? null)
  return r.ok && requested.concentration != null ? { ok: true, substance: { ...r.substance, concentration: requested.concentration } } : r
}

const ABBREVIATIONS = new Map(aliases.abbreviations.map((a) => [a.name.toLowerCase(), a]))
const GRADE_WORDS = [...aliases.grades, ...aliases.hydrates].sort((a, b) => b.length - a.length)

/** "sodium hydroxide pellets", "copper(II) sulfate pentahydrate, ACS reagent": the name without them, or null. */
export function withoutGrade(input: string): string | null {
  let s = input.toLowerCase().replace(/[,;]/g, ' ').replace(/\s+/g, ' ').trim()
  let changed = false
  for (let round = 0; round < 4; round++) {
    const hit = GRADE_WORDS.find((w) => s.endsWith(` ${w}`) || s.startsWith(`${w} `))
    if (!hit) break
    s = (s.endsWith(` ${hit}`) ? s.slice(0, -hit.length - 1) : s.slice(hit.length + 1)).trim()
    changed = true
  }
  return changed && s.length > 1 ? s : null
}

function mixture(input: string, components: string[]): Resolution {
  return {
    ok: false,
    code: 'MIXTURE_NOT_SUPPORTED',
    message: `"${input}" reads as a mixture${components.length ? ` of ${components.join(', ')}` : ''}. chemical_identifier names one substance (or one substance in water with concentration). For a mixture send product_name and components: [{ identifier, concentration, unit: "% w/w" }, …] instead; it is classified by the mixture rules (CLP Annex I Parts 3-4 / 29 CFR 1910.1200 App. A).`,
    components,
  }
}

/** Parts of a not-found string that each name a substance: two or more make it a mixture. Bounded: at most 8 parts. */
function mixtureParts(input: string): string[] | null {
  const lower = input.toLowerCase()
  const parts = input
    .split(/\s*(?:,|;|\+|&|\/|\band\b|\bwith\b)\s*/i)
    .map((x) => x.replace(/\d{1,3}(?:[.,]\d{1,4})?\s?%/g, '').trim())
    .filter(Boolean)
  const found = parts.length <= 8 ? parts.filter((x) => quickFind(x) !== null) : []
  if (found.length >= 2) return found
  if (aliases.mixture.words.some((w) => lower.includes(w))) return found
  return null
}

/** A name, an abbreviation or a CAS number, without the formula and SMILES readings. */
function quickFind(part: string): SubstanceRecord | null {
  const kb = knowledge()
  if (CAS_SHAPE.test(part)) return kb.byCas.get(part) ?? null
  const byName = kb.byName.get(normaliseName(part))
  if (byName?.size) return [...byName][0]
  const a = ABBREVIATIONS.get(part.toLowerCase())
  return a ? (kb.byCas.get(a.cas) ?? null) : null
}

async function resolveName(input: string, concentration: number | null, depth = 0): Promise<Resolution> {
  const kb = knowledge()
  // A CAS number written without its hyphens ("67641"): the last digit is the check digit.
  if (/^\d{5,10}$/.test(input)) input = `${input.slice(0, -3)}-${input.slice(-3, -1)}-${input.slice(-1)}`

  if (CAS_SHAPE.test(input)) {
    if (!casCheckDigitValid(input))
      return {
        ok: false,
        code: 'INVALID_CAS_NUMBER',
        message: `"${input}" is not a valid CAS Registry Number: its check digit does not match. Check the number for a typo.`,
      }
    const r = kb.byCas.get(input)
    return r
      ? pick(r, 'cas', input, null, concentration)
      : notFound(input, `No substance with CAS number ${input} is in our data (CLP Annex VI and the PubChem identifier set).`, false)
  }
  if (EC_SHAPE.test(input)) {
    if (!ecCheckDigitValid(input)) return notFound(input, `"${input}" is not a valid EC number: its check digit does not match.`, false)
    const rs = kb.byEc.get(input) ?? []
    if (rs.length === 0) return notFound(input, `No substance with EC number ${input} is in our data.`, false)
    return rs.length === 1 ? pick(rs[0], 'ec', input) : ambiguous(input, 'EC number', rs)
  }
  if (INDEX_SHAPE.test(input)) {
    const hit = kb.byIndexNo.get(input)
    if (!hit) return notFound(input, `No CLP Annex VI entry has index number ${input}.`, false)
    return { ok: true, substance: { record: hit.record, entry: hit.entry, matchedBy: 'index_no' } }
  }
  if (INCHIKEY_SHAPE.test(input)) {
    const r = kb.byInchiKey.get(input)
    return r ? pick(r, 'inchikey', input) : notFound(input, `No substance with InChIKey ${input} is in our data.`, false)
  }

  const key = normaliseName(input)
  const byName = kb.byName.get(key)
  if (byName?.size === 1) {
    const r = pick([...byName][0], 'name', input, key, concentration)
    const form = kb.formOfName.get(key)
    return r.ok && form ? { ok: true, substance: { ...r.substance, form } } : r
  }
  if (byName && byName.size > 1) return ambiguous(input, 'name', [...byName])
  const abbr = ABBREVIATIONS.get(input.toLowerCase())
  const abbrRecord = abbr ? kb.byCas.get(abbr.cas) : undefined
  if (abbr && abbrRecord) {
    const r = pick(abbrRecord, 'name', input, null, concentration)
    return r.ok && 'form' in abbr ? { ok: true, substance: { ...r.substance, form: abbr.form } } : r
  }
  // Grade and hydrate words: the name without them, once.
  const bare = depth === 0 ? withoutGrade(input) : null
  if (bare) {
    const r = await resolveName(bare, concentration, 1)
    if (r.ok) return r
  }

  // "CO" is carbon monoxide as a formula and methanol as SMILES: when both readings find
  // something different, ask rather than guess.
  const formula = formulaMatches(input)
  if (!formula.length && input.length > MAX_SMILES_LENGTH && smilesAlphabet(input)) {
    const message = `chemical_identifier reads as a SMILES string of ${input.length} characters; at most ${MAX_SMILES_LENGTH} are accepted (no substance in our data has a longer one). Send its CAS number or name instead.`
    return { ok: false, code: 'VALIDATION_ERROR', message, issues: [{ path: 'chemical_identifier', message }] }
  }
  const smiles = await smilesMatches(input)
  const both = [...new Set([...formula, ...smiles])]
  if (both.length === 1) return pick(both[0], formula.length ? 'formula' : 'smiles', input, null, concentration)
  if (both.length > 1)
    return ambiguous(input, formula.length && smiles.length ? 'formula or SMILES' : formula.length ? 'formula' : 'SMILES', both)

  const parts = depth === 0 ? mixtureParts(input) : null
  if (parts) return mixture(input, parts)
  return notFound(input, `"${input}" matches no CAS number, EC number, name, synonym, formula or SMILES in our data.`)
}

function formulaMatches(input: string): SubstanceRecord[] {
  const counts = parseFormula(input)
  if (!counts) return []
  return [...(knowledge().byFormula.get(hillFormula(counts)) ?? [])]
}

/** SMILES characters only; names with spaces or lower-case words never reach the parser. */
const SMILES_SHAPE = /^[A-Za-z0-9@+\-[\]()=#$:/\\.%*]+$/

// openchemlib is 1 MB of compiled Java: loaded on the first SMILES only, so it costs the
// worker's start-up nothing.
let ocl: Promise<typeof import('openchemlib')> | null = null

/**
 * Outside brackets SMILES only knows the organic subset (B C N O P S F Cl Br I, aromatic
 * b c n o p s); "C6H6", "NaOH" or "CH3OH" can only be formulas, so the parser is not loaded.
 */
export function couldBeSmiles(input: string): boolean {
  return input.length <= MAX_SMILES_LENGTH && smilesAlphabet(input)
}

/**
 * The SMILES alphabet, checked character by character (one pass, no backtracking): inside
 * brackets anything but a bracket; outside, the organic subset, where "l" may only follow "C"
 * and "r" only "B".
 */
function smilesAlphabet(input: string): boolean {
  if (!SMILES_SHAPE.test(input)) return false
  let inBracket = false
  for (let i = 0; i < input.length; i++) {
    const ch = input[i]
    if (inBracket) {
      if (ch === '[') return false
      if (ch === ']') inBracket = false
      continue
    }
    if (ch === '[') inBracket = true
    else if (ch === ']') return false
    else if (ch === 'l' ? input[i - 1] !== 'C' : ch === 'r' ? input[i - 1] !== 'B' : !ORGANIC.has(ch)) return false
  }
  return !inBracket
}

const ORGANIC = new Set('BCNOPSFIbcnops0123456789%()=#$:/\\.+-@*')

/** Constitution codes (no stereo) of the compounds in our data, computed once per isolate on first need. */
const flatCodes = new Map<SubstanceRecord, string | null>()

type OCL = typeof import('openchemlib')

function parseBare(Molecule: OCL['Molecule'], smiles: string): Molecule | null {
  try {
    const mol = Molecule.fromSmiles(smiles, { noCoordinates: true, noStereo: true })
    return mol.getAllAtoms() ? mol : null
  } catch {
    return null
  }
}

/**
 * The records whose structure the SMILES spells. Cheap steps first, so that a string that is
 * no known compound costs one linear parse: the formula (parsed without 2-D coordinates or
 * stereo), then the canonical constitution code against the few compounds of that formula;
 * stereo, whose perception needs coordinates, is compared only between stereoisomers that are
 * all in our data, i.e. for an input that resolves anyway.
 */
async function smilesMatches(input: string): Promise<SubstanceRecord[]> {
  if (!couldBeSmiles(input)) return []
  const { Molecule } = await (ocl ??= import('openchemlib'))
  const bare = parseBare(Molecule, input)
  if (!bare) return []
  const formula = hillFormula(parseFormula(bare.getMolecularFormula().formula) ?? new Map())
  const candidates = [...(knowledge().byFormula.get(formula) ?? [])].filter((r) => r.compound?.smiles)
  if (!candidates.length) return []
  const flat = bare.getIDCode()
  const same = candidates.filter((r) => {
    if (!flatCodes.has(r)) flatCodes.set(r, parseBare(Molecule, r.compound!.smiles)?.getIDCode() ?? null)
    return flatCodes.get(r) === flat
  })
  if (same.length < 2) return same
  const stereo = (smiles: string) => {
    try {
      return Molecule.fromSmiles(smiles).getIDCode()
    } catch {
      return null
    }
  }
  const code = stereo(input)
  const exact = same.filter((r) => code !== null && stereo(r.compound!.smiles) === code)
  return exact.length ? exact : same
}

type TrigramIndex = { postings: Map<string, number[]>; sizes: Uint16Array }
let trigramIndex: TrigramIndex | null = null

/** Trigram postings of every known name, built once per isolate on the first suggestion. */
function trigramsOfNames(): TrigramIndex {
  if (trigramIndex) return trigramIndex
  const names = knowledge().names
  const postings = new Map<string, number[]>()
  const sizes = new Uint16Array(names.length)
  names.forEach((n, i) => {
    const grams = trigrams(n.key)
    sizes[i] = Math.min(grams.size, 0xffff)
    for (const g of grams) {
      const list = postings.get(g)
      if (list) list.push(i)
      else postings.set(g, [i])
    }
  })
  return (trigramIndex = { postings, sizes })
}

/**
 * Closest known names by trigram similarity (Dice coefficient on the normalised names). The
 * work is bounded by the size of the name index whatever the input: each distinct trigram of
 * the input visits its posting list once.
 */
export function suggest(input: string, limit = 5): string[] {
  const key = normaliseName(input)
  if (key.length < 2) return []
  const grams = trigrams(key)
  const { postings, sizes } = trigramsOfNames()
  const common = new Map<number, number>()
  for (const g of grams) for (const i of postings.get(g) ?? []) common.set(i, (common.get(i) ?? 0) + 1)
  const names = knowledge().names
  const scored: Array<{ name: string; score: number }> = []
  for (const [i, c] of common) {
    const score = (2 * c) / (grams.size + sizes[i])
    if (score > 0.3) scored.push({ name: names[i].name, score })
  }
  scored.sort((a, b) => b.score - a.score || a.name.length - b.name.length || a.name.localeCompare(b.name))
  const out: string[] = []
  for (const s of scored) {
    if (!out.some((o) => o.toLowerCase() === s.name.toLowerCase())) out.push(s.name)
    if (out.length === limit) break
  }
  return out
}

function trigrams(s: string): Set<string> {
  const padded = `  ${s} `
  const out = new Set<string>()
  for (let i = 0; i < padded.length - 2; i++) out.add(padded.slice(i, i + 3))
  return out
}
