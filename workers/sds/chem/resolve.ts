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
import { knowledge, type AnnexEntry, type SubstanceRecord } from './knowledge'

export type MatchedBy = 'cas' | 'ec' | 'index_no' | 'inchikey' | 'name' | 'formula' | 'smiles'

export type Resolved = { record: SubstanceRecord; entry: AnnexEntry | null; matchedBy: MatchedBy }

export type Candidate = { name: string; cas: string | null; ec: string | null; index_no: string | null; identifier: string }

export type Resolution =
  | { ok: true; substance: Resolved }
  | { ok: false; code: 'INVALID_CAS_NUMBER'; message: string }
  | { ok: false; code: 'CHEMICAL_NOT_FOUND'; message: string; suggestions: string[] }
  | { ok: false; code: 'AMBIGUOUS_IDENTIFIER'; message: string; candidates: Candidate[] }

const MAX_CANDIDATES = 10

/** An Annex VI name without its concentration placeholder ("sulphuric acid ... %"). */
export function cleanAnnexName(name: string): string {
  return name.replace(/\s*(\.{3,}|…)\s*%?/g, ' ').replace(/\s+/g, ' ').trim()
}

/**
 * The product identifier a document shows: the EU sheet uses the Annex VI name (REACH Annex II
 * 1.1 asks for the name as in Annex VI), the US sheet the common name where PubChem gives one.
 */
export function displayName(record: SubstanceRecord, entry: AnnexEntry | null = null, j: 'us' | 'eu' = 'us'): string {
  const own = record.cas && entry?.casNames?.[record.cas]
  const annex = own ? cleanAnnexName(own) : entry?.names[0] ? cleanAnnexName(entry.names[0]) : null
  const common = record.compound?.names[0] ?? null
  const name = j === 'eu' ? annex ?? common : common ?? annex
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
      identifier: byIndex ? entry!.index : record.cas ?? record.id,
    }
  })
}

/** A record with several Annex VI entries (e.g. nitric acid above and below 70 %) needs a choice. */
function pick(record: SubstanceRecord, matchedBy: MatchedBy, input: string): Resolution {
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

export async function resolveIdentifier(raw: string): Promise<Resolution> {
  const input = raw.trim().replace(/\s+/g, ' ')
  const kb = knowledge()

  if (CAS_SHAPE.test(input)) {
    if (!casCheckDigitValid(input))
      return {
        ok: false,
        code: 'INVALID_CAS_NUMBER',
        message: `"${input}" is not a valid CAS Registry Number: its check digit does not match. Check the number for a typo.`,
      }
    const r = kb.byCas.get(input)
    return r ? pick(r, 'cas', input) : notFound(input, `No substance with CAS number ${input} is in our data (CLP Annex VI and the PubChem identifier set).`, false)
  }
  if (EC_SHAPE.test(input)) {
    if (!ecCheckDigitValid(input))
      return notFound(input, `"${input}" is not a valid EC number: its check digit does not match.`, false)
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

  const byName = kb.byName.get(normaliseName(input))
  if (byName?.size === 1) return pick([...byName][0], 'name', input)
  if (byName && byName.size > 1) return ambiguous(input, 'name', [...byName])

  // "CO" is carbon monoxide as a formula and methanol as SMILES: when both readings find
  // something different, ask rather than guess.
  const formula = formulaMatches(input)
  const smiles = await smilesMatches(input)
  const both = [...new Set([...formula, ...smiles])]
  if (both.length === 1) return pick(both[0], formula.length ? 'formula' : 'smiles', input)
  if (both.length > 1) return ambiguous(input, formula.length && smiles.length ? 'formula or SMILES' : formula.length ? 'formula' : 'SMILES', both)

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
  if (!SMILES_SHAPE.test(input) || input.length > 500) return false
  const outside = input.replace(/\[[^\]]*\]/g, '')
  return /^(?:Cl|Br|[BCNOPSFI]|[bcnops]|[0-9%()=#$:/\\.+\-@*])*$/.test(outside)
}

async function smilesMatches(input: string): Promise<SubstanceRecord[]> {
  if (!couldBeSmiles(input)) return []
  const { Molecule } = await (ocl ??= import('openchemlib'))
  let mol: Molecule
  try {
    mol = Molecule.fromSmiles(input)
  } catch {
    return []
  }
  if (mol.getAllAtoms() === 0) return []
  const formula = hillFormula(parseFormula(mol.getMolecularFormula().formula) ?? new Map())
  const candidates = [...(knowledge().byFormula.get(formula) ?? [])]
  // Compare canonical structure codes: two spellings of one molecule give one code. Stereo is
  // compared first, then ignored, since the table and the caller may differ only in it.
  const code = mol.getIDCode()
  const flat = stripped(mol)
  const exact: SubstanceRecord[] = []
  const loose: SubstanceRecord[] = []
  for (const r of candidates) {
    if (!r.compound?.smiles) continue
    let other: Molecule
    try {
      other = Molecule.fromSmiles(r.compound.smiles)
    } catch {
      continue
    }
    if (other.getIDCode() === code) exact.push(r)
    else if (stripped(other) === flat) loose.push(r)
  }
  return exact.length ? exact : loose
}

function stripped(mol: Molecule): string {
  const copy = mol.getCompactCopy()
  copy.stripStereoInformation()
  return copy.getIDCode()
}

/** Closest known names by trigram similarity (Dice coefficient on the normalised names). */
export function suggest(input: string, limit = 5): string[] {
  const key = normaliseName(input)
  if (key.length < 2) return []
  const grams = trigrams(key)
  const scored: Array<{ name: string; score: number }> = []
  for (const n of knowledge().names) {
    if (Math.abs(n.key.length - key.length) > Math.max(6, key.length)) continue
    const other = trigrams(n.key)
    let common = 0
    for (const g of grams) if (other.has(g)) common++
    const score = (2 * common) / (grams.size + other.size)
    if (score > 0.3) scored.push({ name: n.name, score })
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
