/**
 * `npm run data:sds`: turns the reference data in `../shared/data/sds/` (see its SOURCES.md)
 * into the compact JSON the `sds` worker ships under `workers/sds/data/`. The output is
 * committed, so a fresh clone never needs `../shared`. Deterministic: same input, same bytes
 * (sorted keys and rows, no timestamps).
 *
 *   npx tsx scripts/sds/build-data.ts [--from <dir>] [--out <dir>]
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import sharp from 'sharp'
import type { AnnexEntry } from '../../workers/sds/data/types'

const args = process.argv.slice(2)
const opt = (name: string, fallback: string) => {
  const i = args.indexOf(name)
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback
}
const FROM = resolve(opt('--from', join(import.meta.dirname, '../../../shared/data/sds')))
const OUT = resolve(opt('--out', join(import.meta.dirname, '../../workers/sds/data')))

const CAS_RE = /\b(\d{2,7}-\d{2}-\d)\b/g
const EC_RE = /\b(\d{3}-\d{3}-\d)\b/g

type RawEntry = {
  index_no: string
  name: string
  ec_no: string | null
  cas_no: string | null
  class_category_codes: string[]
  classification_h_codes: string[]
  pictograms: string[]
  signal_word: string | null
  label_h_codes: string[]
  supplementary_h_codes: string[]
  specific_limits: string | null
  notes: string | null
  atp: string | null
}

const clean = (s: string) =>
  s
    .replace(/[\u00a0\u00ad]/g, (c) => (c === '\u00ad' ? '' : ' '))
    .replace(/\s+/g, ' ')
    .trim()

/** Splits the name cell into names; bracketed descriptions of UVCBs become `description`. */
function splitNames(raw: string): { names: string[]; description: string | null } {
  const text = raw.replace(/\u00ad/g, '').replace(/\u00a0/g, ' ')
  let description: string | null = null
  // A long "[A complex combination …]" block describes the substance rather than naming it.
  const withoutDesc = text.replace(/\[([^\]]{60,})\]/g, (_, d: string) => {
    description = description ?? clean(d)
    return ''
  })
  // "reaction mass of: A; B; C" and product-by-process names list components, not synonyms:
  // split, they would make "isopropanol" or "sodium chloride" a name of the mixture.
  if (/^\s*(reaction mass|reaction products?|product-by-process|mixture of|a mixture)/i.test(withoutDesc))
    return { names: [clean(withoutDesc.replace(/\[\d+\]/g, ''))], description }
  const names = withoutDesc
    .split(/;|\n/)
    .map((n) => clean(n.replace(/\[\d+\]/g, '')))
    .filter((n) => n.length > 1 && !/^\[.*\]$/.test(n))
  return { names: [...new Set(names)], description }
}

/** Pairs the "[k]" tags of a group entry's names and CAS numbers. */
function casNamesOf(name: string, cas: string | null): Record<string, string> | null {
  if (!cas || !/\[\d+\]/.test(cas)) return null
  const byTag = new Map<string, string>()
  const parts = name.replace(/\u00ad/g, '').split(/\[(\d+)\]/)
  for (let i = 1; i < parts.length; i += 2) {
    const first = parts[i - 1]
      .split(/;|\n/)
      .map((n) => clean(n.replace(/\[[^\]]*\]/g, '')))
      .find((n) => n.length > 1)
    if (first && !byTag.has(parts[i])) byTag.set(parts[i], first)
  }
  const out: Record<string, string> = {}
  for (const m of cas.matchAll(/(\d{2,7}-\d{2}-\d)\s*\[(\d+)\]/g)) {
    const n = byTag.get(m[2])
    if (n) out[m[1]] = n
  }
  return Object.keys(out).length ? out : null
}

function fixClass(code: string): string {
  // Two typos in the consolidated table; the Official Journal codes are "Skin Corr." and "Self-react.".
  return code
    .replace(/^Skin\. Corr\./, 'Skin Corr.')
    .replace(/^Self-React\./, 'Self-react.')
    .replace(/\s+/g, ' ')
    .trim()
}

/**
 * Annex VI numbers the forms of one substance as one index with another third group
 * (017-002-00-2 hydrogen chloride, 017-002-01-X hydrochloric acid ... %; Annex VI Part 1, 1.1.1.1:
 * "ABC-RST-VW-Y", VW the serial number of the entry for that substance). The consolidated table
 * prints the CAS number on the first form only; the others get it here, so a CAS number finds
 * every form and is never silently resolved to one of them.
 */
function shareCasWithinSubstance(entries: AnnexEntry[]): AnnexEntry[] {
  const first = new Map<string, AnnexEntry>()
  for (const e of entries) if (e.cas.length && /-00-.$/.test(e.index)) first.set(e.index.slice(0, 7), e)
  return entries.map((e) => {
    const base = first.get(e.index.slice(0, 7))
    if (e.cas.length || !base || /-00-.$/.test(e.index) || /compounds|salts|with the exception/i.test(e.names.join(' '))) return e
    return { ...e, cas: [...base.cas], ec: e.ec.length ? e.ec : [...base.ec] }
  })
}

function buildAnnex(): AnnexEntry[] {
  const raw = JSON.parse(readFileSync(join(FROM, 'clp_annex_vi_table3_atp21.json'), 'utf8')) as { entries: RawEntry[] }
  return shareCasWithinSubstance(
    raw.entries.map((e) => {
      const { names, description } = splitNames(e.name)
      let hLabel = e.label_h_codes.map(clean)
      // One row splits "H370 (nervous system)" over two cells; join it back.
      hLabel = hLabel.reduce<string[]>((acc, h) => {
        if (/^\(/.test(h) && acc.length) acc[acc.length - 1] += ` ${h}`
        else acc.push(h)
        return acc
      }, [])
      return {
        index: e.index_no.trim(),
        names,
        casNames: casNamesOf(e.name, e.cas_no),
        description,
        ec: [...new Set((e.ec_no ?? '').match(EC_RE) ?? [])],
        cas: [...new Set((e.cas_no ?? '').match(CAS_RE) ?? [])],
        classes: e.class_category_codes.map(fixClass),
        hClass: e.classification_h_codes.map(clean),
        pictograms: e.pictograms,
        signal: e.signal_word,
        hLabel,
        euh: e.supplementary_h_codes.map(clean),
        limits: e.specific_limits ? e.specific_limits.replace(/\u00a0/g, ' ').trim() : null,
        notes: e.notes ? clean(e.notes) : null,
        atp: e.atp,
      }
    })
  )
}

/** PubChem compounds: [cid, cas, formula, mw, smiles, inchikey, iupac, names[]]. */
type Compound = [number, string, string, number, string, string, string, string[]]

const MAX_SYNONYMS = 12

function goodSynonym(s: string, cas: string): boolean {
  if (s.length < 2 || s.length > 60) return false
  if (s === cas || /^\d{2,7}-\d{2}-\d$/.test(s)) return false
  if (/[[\]{}|]/.test(s)) return false // language tags and vendor codes
  if (/^[a-z0-9]{8,}$/.test(s) && /\d/.test(s)) return false // UNII-like registry codes
  if (/\((?:van|tn|nf|jan|usp|inn|8ci|9ci|german|french|dutch|polish|italian)\)/i.test(s)) return false
  if (/^\./.test(s)) return false
  if (/^[a-z]{1,3}\d{2,}[a-z]?$/.test(s)) return false // catalogue and code numbers (e.g. h228)
  return true
}

function buildIdentifiers(): Compound[] {
  const lines = readFileSync(join(FROM, 'pubchem_identifiers_small.tsv'), 'utf8').split('\n')
  const out: Compound[] = []
  for (const line of lines) {
    if (!line.trim()) continue
    const f = line.split('\t')
    const [cid, cas, formula, mw, smiles, , inchikey, iupac, ...rest] = f
    const names: string[] = []
    for (const s of rest.map((x) => x.trim())) {
      if (goodSynonym(s, cas) && !names.includes(s)) names.push(s)
      if (names.length >= MAX_SYNONYMS) break
    }
    out.push([Number(cid), cas, formula, Math.round(Number(mw) * 1000) / 1000, smiles, inchikey, iupac, names])
  }
  return out.sort((a, b) => a[0] - b[0])
}

function casFromInt(n: string): string {
  const s = n.trim()
  return `${s.slice(0, -3)}-${s.slice(-3, -1)}-${s.slice(-1)}`
}

const round = (x: number, d: number) => Math.round(x * 10 ** d) / 10 ** d

/** Properties by CAS: [mp °C, bp °C, flash point °C, autoignition °C, LEL %, UEL %, logP]. */
function buildProperties(keep: Set<string>): Record<string, Array<number | null>> {
  const [header, ...rows] = readFileSync(join(FROM, 'wikidata_properties.tsv'), 'utf8').split('\n')
  const cols = header.split('\t')
  const at = (name: string) => cols.indexOf(name)
  const kelvin = (v: string) => (v.trim() ? round(Number(v) - 273.15, 1) : null)
  const fraction = (v: string) => (v.trim() ? round(Number(v) * 100, 2) : null)
  const plain = (v: string) => (v.trim() ? round(Number(v), 2) : null)
  const out: Record<string, Array<number | null>> = {}
  for (const row of rows) {
    if (!row.trim()) continue
    const f = row.split('\t')
    const cas = casFromInt(f[at('CAS')])
    if (!keep.has(cas)) continue
    const values = [
      kelvin(f[at('Tm')] ?? ''),
      kelvin(f[at('Tb')] ?? ''),
      kelvin(f[at('T_flash')] ?? ''),
      kelvin(f[at('T_autoignition')] ?? ''),
      fraction(f[at('LFL')] ?? ''),
      fraction(f[at('UFL')] ?? ''),
      plain(f[at('logP')] ?? ''),
    ]
    if (values.some((v) => v !== null)) out[cas] = values
  }
  return sortKeys(out)
}

function buildCarcinogens(): { iarc: Record<string, [string, string, string, number]>; ntp: Record<string, [string, string]> } {
  const GROUPS: Record<string, string> = { '1': '1', '11': '2A', '12': '2B', '3': '3' }
  const iarc: Record<string, [string, string, string, number]> = {}
  const [, ...irows] = readFileSync(join(FROM, 'iarc_carcinogens_chemicals-lib.tsv'), 'utf8').split('\n')
  for (const row of irows) {
    const [cas, desc, group, volumes, year] = row.split('\t')
    if (!cas?.trim() || !GROUPS[group?.trim()]) continue
    iarc[cas.trim()] = [GROUPS[group.trim()], clean(desc), clean(volumes ?? ''), Number(year)]
  }
  const ntp: Record<string, [string, string]> = {}
  const [, ...nrows] = readFileSync(join(FROM, 'ntp_roc_carcinogens_chemicals-lib.tsv'), 'utf8').split('\n')
  for (const row of nrows) {
    const [cas, chem, listing] = row.split('\t')
    if (!cas?.trim()) continue
    const label = listing?.trim() === '1' ? 'Known to be a human carcinogen' : 'Reasonably anticipated to be a human carcinogen'
    ntp[cas.trim()] = [label, clean(chem)]
  }
  return { iarc: sortKeys(iarc), ntp: sortKeys(ntp) }
}

/** Pictograms rasterised once here, so the worker needs no SVG renderer (Word wants PNG). */
async function buildPictograms(): Promise<Record<string, string>> {
  const out: Record<string, string> = {}
  for (let i = 1; i <= 9; i++) {
    const code = `GHS0${i}`
    const png = await sharp(readFileSync(join(FROM, 'pictograms', `${code}.svg`)), { density: 300 })
      .resize(192, 192, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
      .png({ compressionLevel: 9, palette: true })
      .toBuffer()
    out[code] = png.toString('base64')
  }
  return out
}

/**
 * Rat oral LD50 (mg/kg) by CAS, from the Zhu et al. 2009 set (ChemIDplus data) as staged, for
 * the rows the staging joined to a CAS number. One value per structure; organics only.
 */
function buildToxicity(): Record<string, number> {
  const [header, ...rows] = readFileSync(join(FROM, 'toxicity', 'ld50_rat_oral_zhu2009_tdc.csv'), 'utf8').split('\n')
  const cols = header.split(',')
  const out: Record<string, number> = {}
  for (const row of rows) {
    // SMILES hold no commas, names may: split off the known columns from the left.
    const f = row.split(',')
    const cas = f[cols.indexOf('cas_via_pubchem_small')]?.trim()
    const ld50 = Number(f[cols.indexOf('ld50_mg_per_kg')])
    if (!cas || !Number.isFinite(ld50)) continue
    // Several structures can join one CAS (salts, stereo): keep the lowest (most severe).
    out[cas] = Math.min(out[cas] ?? Infinity, Number(ld50.toPrecision(3)))
  }
  return sortKeys(out)
}

type CommonName = { cas: string; names: string[]; formula: string; mw: number; source: string; index?: string; form?: string }

/** Our own table of common names of substances the PubChem set lacks (scripts/sds/common-names.json). */
function buildCommonNames(): CommonName[] {
  const list = JSON.parse(readFileSync(join(import.meta.dirname, 'common-names.json'), 'utf8')) as { entries: CommonName[] }
  return [...list.entries].sort((a, b) => a.cas.localeCompare(b.cas))
}

/** Minimal CSV reader for the staged lists (quoted fields, doubled quotes). */
function readCsv(file: string): Array<Record<string, string>> {
  const text = readFileSync(join(FROM, file), 'utf8')
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"'
        i++
      } else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') {
      row.push(field)
      field = ''
    } else if (ch === '\n') {
      row.push(field)
      rows.push(row)
      row = []
      field = ''
    } else if (ch !== '\r') field += ch
  }
  if (field || row.length) {
    row.push(field)
    rows.push(row)
  }
  const [header, ...body] = rows
  return body.filter((r) => r.length > 1).map((r) => Object.fromEntries(header.map((h, i) => [h, (r[i] ?? '').trim()])))
}

function casValid(cas: string): boolean {
  const m = /^(\d{2,7})-(\d{2})-(\d)$/.exec(cas)
  if (!m) return false
  const digits = (m[1] + m[2]).split('').reverse()
  return digits.reduce((acc, d, i) => acc + Number(d) * (i + 1), 0) % 10 === Number(m[3])
}

/**
 * Names of substances listed by CAS number in the staged US lists (NTP RoC 15th, OEHHA
 * Proposition 65, OSHA Table Z-1, EPA RSL parameters) that neither Annex VI nor PubChem has:
 * enough to identify the substance and say which data we lack. One CAS per row only (group
 * listings such as "lead and lead compounds" are skipped).
 */
function buildListedNames(known: Set<string>): Array<[string, string, string]> {
  const out = new Map<string, [string, string, string]>()
  const lists: Array<[string, string, string, string]> = [
    ['regulatory/ntp_roc15.csv', 'cas', 'name', 'NTP Report on Carcinogens, 15th edition'],
    ['regulatory/ca_prop65_list.csv', 'cas', 'chemical', 'California Proposition 65 list (OEHHA, 2023-12-29)'],
    ['oel/osha_pel_table_z1.csv', 'cas', 'substance', '29 CFR 1910.1000 Table Z-1'],
    ['properties/epa_rsl_chemical_parameters.csv', 'cas', 'analyte', 'US EPA Regional Screening Levels, chemical parameters'],
  ]
  for (const [file, casCol, nameCol, source] of lists) {
    for (const r of readCsv(file)) {
      const cas = r[casCol]
      // NTP cross-references ("(see N-Nitrosamines: 15 listings)") are not part of the name.
      const name = clean(r[nameCol] ?? '').replace(/\s*\(see [^)]*\)\s*$/i, '')
      if (!cas || !casValid(cas) || known.has(cas) || out.has(cas) || name.length < 2 || name.length > 120) continue
      out.set(cas, [cas, name, source])
    }
  }
  return [...out.values()].sort((a, b) => a[0].localeCompare(b[0]))
}

/** `until`: the last day the value applies (ISO date), where the list sets one. */
type Limit = { list: string; substance: string; values: string; notes: string; until?: string }

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
/** "in force until 9 Apr 2026" → the day before it stops applying is not stated: the date itself is kept. */
function untilOf(status: string): string | undefined {
  const m = /until (\d{1,2}) ([A-Z][a-z]{2})[a-z]* (\d{4})/.exec(status)
  const month = m ? MONTHS.indexOf(m[2]) + 1 : 0
  return m && month ? `${m[3]}-${String(month).padStart(2, '0')}-${m[1].padStart(2, '0')}` : undefined
}
type Oel = { osha: Limit[]; eu: Limit[]; niosh: Limit[] }

const unitText = (v: string, unit: string) => (v ? `${v} ${unit.replace('ug/m3', 'µg/m³').replace('mg/m3', 'mg/m³')}` : '')
const joinValues = (parts: string[]) => parts.filter(Boolean).join('; ')

/**
 * Occupational exposure limits by CAS number, as printed in the staged transcriptions: OSHA
 * Tables Z-1/Z-2/Z-3 (29 CFR 1910.1000) and substance-specific standards (paragraph (c)), EU
 * IOELVs/BOELVs (with the transcriber's notes, e.g. "verify against EUR-Lex"), NIOSH REL and
 * IDLH. No ACGIH TLVs (copyrighted).
 */
function buildOel(): {
  byCas: Record<string, Oel>
  byGroupIndex: Record<string, Oel['osha']>
  euGroups: Record<string, Oel['eu']>
} {
  const out: Record<string, Oel> = {}
  const byGroupIndex: Record<string, Oel['osha']> = {}
  // EU rows for a group of compounds ("Inorganic lead and its compounds") have no CAS number:
  // kept by name for workers/sds/domain/sheet/exposure-groups.json to apply through the element.
  const euGroups: Record<string, Oel['eu']> = {}
  const at = (cas: string) => (out[cas] ??= { osha: [], eu: [], niosh: [] })
  const groups = JSON.parse(readFileSync(join(import.meta.dirname, 'oel-group-rows.json'), 'utf8')) as {
    rows: Array<{ z1Substance: string; annexGroupIndex: string; note: string }>
  }
  for (const r of readCsv('oel/osha_pel_table_z1.csv')) {
    const values = joinValues([
      r.ppm ? `${r.ceiling ? 'Ceiling' : 'TWA'} ${r.ppm} ppm` : '',
      r.mg_m3 ? `${r.ceiling && !r.ppm ? 'Ceiling ' : r.ppm ? '' : 'TWA '}${r.mg_m3} mg/m³` : '',
      r.skin ? 'skin designation' : '',
      r.see_standard ? `see the substance-specific standard 29 CFR ${r.see_standard}` : '',
      r.refer_to,
    ])
    if (!values) continue
    for (const g of groups.rows.filter((g) => g.z1Substance === r.substance && !r.cas))
      (byGroupIndex[g.annexGroupIndex] ??= []).push({ list: '29 CFR 1910.1000 Table Z-1', substance: r.substance, values, notes: g.note })
    for (const cas of r.cas.split(/[;\s]+/).filter(casValid))
      at(cas).osha.push({
        list: '29 CFR 1910.1000 Table Z-1',
        substance: [r.substance, r.fraction].filter(Boolean).join(', '),
        values,
        notes: r.notes,
      })
  }
  for (const r of readCsv('oel/osha_pel_table_z2.csv')) {
    const values = joinValues([
      unitText(r.twa, r.twa_unit) && `TWA ${unitText(r.twa, r.twa_unit)}`,
      unitText(r.ceiling, r.ceiling_unit) && `acceptable ceiling ${unitText(r.ceiling, r.ceiling_unit)}`,
      unitText(r.peak, r.peak_unit) &&
        `maximum peak ${unitText(r.peak, r.peak_unit)}${r.peak_max_duration ? ` (${r.peak_max_duration})` : ''}`,
    ])
    if (!values) continue
    for (const cas of r.cas.split(/[;\s]+/).filter(casValid))
      at(cas).osha.push({
        list: `29 CFR 1910.1000 Table Z-2${r.ansi_standard ? ` (${r.ansi_standard})` : ''}`,
        substance: r.substance,
        values,
        notes: r.notes,
      })
  }
  for (const r of readCsv('oel/osha_pel_table_z3.csv')) {
    const values = joinValues([r.mppcf && `${r.mppcf} mppcf`, r.mg_m3 && `${r.mg_m3} mg/m³`])
    for (const cas of r.cas.split(/[;\s]+/).filter(casValid))
      at(cas).osha.push({ list: '29 CFR 1910.1000 Table Z-3', substance: r.substance, values, notes: r.notes })
  }
  for (const r of readCsv('oel/osha_pel_substance_specific_standards.csv')) {
    const values = joinValues([
      unitText(r.twa, r.twa_unit) && `PEL (TWA) ${unitText(r.twa, r.twa_unit)}`,
      unitText(r.stel, r.stel_unit) && `STEL ${unitText(r.stel, r.stel_unit)}`,
      unitText(r.action_level, r.action_level_unit) && `action level ${unitText(r.action_level, r.action_level_unit)}`,
    ])
    for (const cas of r.cas.split(/[;\s]+/).filter(casValid))
      at(cas).osha.push({ list: `29 CFR ${r.paragraph}`, substance: r.substance, values, notes: r.notes })
  }
  for (const r of readCsv('oel/eu_oel_ioelv_boelv.csv')) {
    if (r.status === 'repealed') continue
    const values = joinValues([
      r.twa_8h_mg_m3 || r.twa_8h_ppm
        ? `8 h TWA ${joinValues([r.twa_8h_mg_m3 && `${r.twa_8h_mg_m3} mg/m³`, r.twa_8h_ppm && `${r.twa_8h_ppm} ppm`]).replace('; ', ' / ')}`
        : '',
      r.stel_mg_m3 || r.stel_ppm
        ? `short-term ${joinValues([r.stel_mg_m3 && `${r.stel_mg_m3} mg/m³`, r.stel_ppm && `${r.stel_ppm} ppm`]).replace('; ', ' / ')}`
        : '',
      r.notation ? `notation: ${r.notation}` : '',
    ])
    // A dated status ("in force until 9 Apr 2026") is part of the value a reader must see.
    const status = r.status && !r.status.startsWith('in force (') && r.status !== 'in force' ? `Status: ${r.status}. ` : ''
    const until = untilOf(r.status)
    const limit: Limit = {
      list: `${r.list_type}, ${r.directive}`,
      substance: r.substance,
      values,
      notes: `${status}${r.note}`,
      ...(until && { until }),
    }
    if (casValid(r.cas_no)) at(r.cas_no).eu.push(limit)
    else (euGroups[r.substance] ??= []).push(limit)
  }
  // Rows the staged transcription lacks, each read from the source its entry names (data/SOURCES.md).
  const extra = JSON.parse(readFileSync(join(import.meta.dirname, 'eu-oel-rows.json'), 'utf8')) as {
    rows: Array<{ cas: string; list: string; substance: string; values: string; notes: string }>
  }
  for (const r of extra.rows) {
    const limit: Limit = { list: r.list, substance: r.substance, values: r.values, notes: r.notes }
    if (casValid(r.cas)) at(r.cas).eu.push(limit)
    else (euGroups[r.substance] ??= []).push(limit)
  }
  for (const r of readCsv('properties/osha_occupational_chemical_data.csv')) {
    if (!casValid(r.cas)) continue
    const values = joinValues([r.niosh_rel && `REL ${r.niosh_rel}`, r.idlh && `IDLH ${r.idlh}`])
    // The staging notes say how each value was read, not something a sheet should print.
    if (values)
      at(r.cas).niosh.push({
        list: 'NIOSH Pocket Guide to Chemical Hazards (read from OSHA Chemical Sampling Information and copies of the Pocket Guide)',
        substance: r.substance,
        values,
        notes: '',
      })
  }
  return { byCas: sortKeys(out), byGroupIndex: sortKeys(byGroupIndex), euGroups: sortKeys(euGroups) }
}

/**
 * The toxicity types a Proposition 65 row still lists. OEHHA keeps a delisted endpoint in the row
 * and says so in the chemical's name ("Toluene [… removal of female reproductive endpoint effective
 * March 7, 2014]", type "female"): that endpoint is no longer listed, so it is dropped.
 */
function prop65Endpoints(chemical: string, types: string): string {
  const removed = /removal of (developmental|female|male)(?: reproductive)? endpoint/i.exec(chemical)?.[1]?.toLowerCase()
  return types
    .split(',')
    .map((t) => t.trim())
    .filter((t) => t && t.toLowerCase() !== removed)
    .join(', ')
}

/**
 * An NTP RoC 15th listing as a reader understands it: "RAHC" spelled out, and where the substance is
 * listed only as part of another listing ("Sulfuric Acid (see Strong Inorganic Acid Mists Containing
 * Sulfuric Acid)"), that listing named, so the sheet does not call the substance itself a carcinogen.
 */
function ntpListing(name: string, listing: string): string {
  const text = listing === 'RAHC' ? 'Reasonably anticipated to be a human carcinogen' : listing
  const part = /\(see ([^)]+)\)\s*$/.exec(name)?.[1]
  return part ? `${text}, as part of the listing "${part}"` : text
}

type Listings = { svhc?: string; xiv?: string; xvii?: string; prop65?: string; ntp15?: string; tsca?: string }

/**
 * Regulatory list memberships by CAS number, as the staged exports print them (dates and
 * editions in SOURCES): REACH Candidate List, Annex XIV, Annex XVII, Proposition 65, NTP RoC
 * 15th, TSCA Inventory (2016 public snapshot). Group entries without a CAS number are not joined.
 */
function buildRegulatory(known: Set<string>): Record<string, Listings> {
  const out: Record<string, Listings> = {}
  const add = (casText: string, key: keyof Listings, text: string) => {
    for (const cas of casText.split(/[\s,;/]+/).filter(casValid)) {
      if (!known.has(cas)) continue
      const o = (out[cas] ??= {})
      o[key] = o[key] && !o[key]!.includes(text) ? `${o[key]}; ${text}` : text
    }
  }
  for (const r of readCsv('regulatory/reach_svhc_candidate_list.csv'))
    add(r.cas, 'svhc', `${r.reason_for_inclusion} (included ${r.date_of_inclusion})`)
  for (const r of readCsv('regulatory/reach_annex_xiv_authorisation_list.csv'))
    add(r.cas, 'xiv', `entry ${r.entry_no}, ${r.intrinsic_property}; sunset date ${r.sunset_date || r.sunset_date_text || 'not given'}`)
  for (const r of readCsv('regulatory/reach_annex_xvii_restrictions.csv')) add(r.cas, 'xvii', `entry ${r.entry_no}`)
  for (const r of readCsv('regulatory/ca_prop65_list.csv')) {
    const types = prop65Endpoints(r.chemical, r.type_of_toxicity)
    if (types) add(r.cas, 'prop65', `${types} (listed ${r.date_listed})`)
  }
  for (const r of readCsv('regulatory/ntp_roc15.csv')) add(r.cas, 'ntp15', ntpListing(r.name, r.listing))
  for (const r of readCsv('regulatory/tsca_inventory_2016_flags.csv'))
    add(r.cas, 'tsca', r.flags ? `listed (EPA flags: ${r.flags})` : 'listed')
  return sortKeys(out)
}

/**
 * Measured (or, where the reference is EPI, estimated) physical parameters by CAS from the US EPA
 * RSL chemical parameters: [vapour pressure mmHg, ref, density g/cm³, ref, water solubility
 * mg/L, ref, log Kow, ref, melting point °C, ref]. The reference code travels with each value.
 */
function buildEpaProperties(): Record<string, Array<string | number | null>> {
  const out: Record<string, Array<string | number | null>> = {}
  const num = (v: string) => (v && Number.isFinite(Number(v)) ? Number(v) : null)
  for (const r of readCsv('properties/epa_rsl_chemical_parameters.csv')) {
    if (!casValid(r.cas)) continue
    const row = [
      num(r.vapor_pressure_mmHg),
      r.vp_ref || null,
      num(r.density_g_cm3),
      r.density_ref || null,
      num(r.water_solubility_mg_L),
      r.ws_ref || null,
      num(r.log_kow),
      r.log_kow_ref || null,
      num(r.melting_point_C),
      r.mp_ref || null,
    ]
    if (row.some((v, i) => i % 2 === 0 && v !== null)) out[r.cas] = row
  }
  return sortKeys(out)
}

/**
 * NIOSH Pocket Guide physical data, first aid and incompatibilities by CAS, from the staged
 * transcription (properties/osha_occupational_chemical_data.csv: five substances, four with
 * physical data). Values are kept as printed (°F, mmHg, %) next to their °C conversion; the
 * physical description is split into state, colour and odour. "NA" is the Guide's "not
 * applicable", kept as such; a blank cell is "not seen", so nothing is stored for it.
 */
type Niosh = {
  substance: string
  description: string | null
  state: string | null
  colour: string | null
  odour: string | null
  boilingF: number | null
  meltingF: number | null
  flashF: number | 'NA' | null
  vapourPressure: string | null
  solubility: string | null
  specificGravity: number | null
  lel: string | null
  uel: string | null
  incompatibilities: string | null
  personalProtection: string | null
  firstAid: Record<string, string>
}

function buildNiosh(): Record<string, Niosh> {
  const out: Record<string, Niosh> = {}
  const fahrenheit = (v: string): number | null => {
    const m = /^(-?\d+(?:\.\d+)?)°F$/.exec(v.trim())
    return m ? Number(m[1]) : null
  }
  for (const r of readCsv('properties/osha_occupational_chemical_data.csv')) {
    if (!casValid(r.cas)) continue
    const description = r.physical_description.trim() || null
    // "Colorless to light-yellow liquid with an aromatic odor. [Note: …]"
    const d = description
      ? /^(.*?)\s*\b(liquid|solid|gas|crystals|powder|flakes|pellets)\b(?:\s+with an? (.*?) odor)?/i.exec(description)
      : null
    const firstAid: Record<string, string> = {}
    for (const part of r.first_aid.split(';')) {
      const [route, ...rest] = part.split(':')
      if (route.trim() && rest.length) firstAid[route.trim().toLowerCase()] = rest.join(':').trim()
    }
    const row: Niosh = {
      substance: r.substance,
      description,
      state: d ? d[2].toLowerCase() : null,
      colour: d && d[1] ? d[1] : null,
      odour: d && d[3] ? d[3] : null,
      boilingF: fahrenheit(r.boiling_point),
      meltingF: fahrenheit(r.melting_point),
      flashF: r.flash_point.trim() === 'NA' ? 'NA' : fahrenheit(r.flash_point),
      vapourPressure: r.vapor_pressure.trim() || null,
      solubility: r.water_solubility.trim() || null,
      specificGravity: r.specific_gravity.trim() && Number.isFinite(Number(r.specific_gravity)) ? Number(r.specific_gravity) : null,
      lel: r.lel.trim() || null,
      uel: r.uel.trim() || null,
      incompatibilities: r.incompatibilities.trim() || null,
      personalProtection: r.personal_protection.trim() || null,
      firstAid,
    }
    if (description || row.boilingF !== null || Object.keys(firstAid).length) out[r.cas] = row
  }
  return sortKeys(out)
}

function buildEuh(): Array<{ code: string; statement: string }> {
  return JSON.parse(readFileSync(join(FROM, 'euh_statements.json'), 'utf8'))
}

function sortKeys<T>(o: Record<string, T>): Record<string, T> {
  return Object.fromEntries(
    Object.keys(o)
      .sort()
      .map((k) => [k, o[k]])
  )
}

function write(name: string, value: unknown): void {
  const text = JSON.stringify(value)
  writeFileSync(join(OUT, name), text + '\n')
  console.log(`${name}: ${(text.length / 1024).toFixed(0)} KiB`)
}

const SOURCES = {
  annexVI:
    'Regulation (EC) No 1272/2008 (CLP), Annex VI Part 3 Table 3, as amended up to ATP 21 (Delegated Regulation (EU) 2024/197); extracted from ECHA’s consolidated (unofficial) table.',
  identifiers: 'PubChem (NCBI) identifiers via CalebBell/chemicals “chemical identifiers pubchem small” (MIT).',
  properties: 'Wikidata (CC0) via CalebBell/chemicals wikidata_properties.tsv; converted from K to °C and from fractions to %.',
  iarc: 'IARC Monographs classifications via CalebBell/chemicals (MIT); entries up to 2020.',
  ntp: 'NTP Report on Carcinogens via CalebBell/chemicals (MIT); edition not stated.',
  pictograms: 'UN GHS pictograms (Wikimedia Commons, public domain) via cheminfo/ghs-hazard, rasterised to 192 px PNG.',
  euh: 'EUH statements from cheminfo/ghs-hazard (MIT), completed from CLP Annex III.',
  toxicity:
    'Rat oral LD50: Zhu et al., Chem. Res. Toxicol. 2009, 22, 1913 (data from ChemIDplus), as the TDC “LD50_Zhu” set via ntua-unit-of-control-and-informatics/pyrosage; one value per structure, no study details.',
  regulatory: {
    svhc: 'ECHA Candidate List of substances of very high concern, export of 22 February 2026',
    xiv: 'REACH Annex XIV (Authorisation List), ECHA export of 22 May 2024 (later entries missing)',
    xvii: 'REACH Annex XVII restriction list, ECHA export of 22 February 2026 (conditions not included)',
    prop65: 'California Proposition 65 list, OEHHA, 29 December 2023',
    ntp15: 'NTP Report on Carcinogens, 15th edition (2021)',
    tsca: 'TSCA Chemical Substance Inventory, public portion, January 2016 (no active/inactive designation)',
  },
  epa: 'US EPA Regional Screening Levels, chemical-specific parameters (public domain); each value carries its reference (PHYSPROP, CRC89, HSDB …; EPI = estimated by EPI Suite).',
  oel: 'OSHA 29 CFR 1910.1000 Tables Z-1, Z-2, Z-3 and substance-specific standards (eCFR text, public domain); EU IOELV/BOELV directives as transcribed (partial: see each row); NIOSH Pocket Guide REL/IDLH for five substances. No ACGIH TLVs.',
  niosh:
    'NIOSH Pocket Guide to Chemical Hazards (public domain), physical description and properties, first aid and incompatibilities, transcribed from OSHA Chemical Sampling Information pages and copies of the Pocket Guide for five substances (acetone, toluene, benzene, chloroform, n-hexane); each row lists its pages.',
  listedNames:
    'Names of substances listed by CAS number in the NTP Report on Carcinogens (15th), the California Proposition 65 list, OSHA Table Z-1 and the US EPA RSL parameters.',
  commonNames:
    'Common names and formulas of frequently supplied substances as on their PubChem compound records (scripts/sds/common-names.json).',
}

async function main() {
  mkdirSync(OUT, { recursive: true })
  const annex = buildAnnex()
  const compounds = buildIdentifiers()
  const common = buildCommonNames()
  const known = new Set<string>([...annex.flatMap((e) => e.cas), ...compounds.map((c) => c[1]), ...common.map((c) => c.cas)])
  // Rows as arrays in `columns` order: a third smaller than objects, and parsed once at start.
  const columns = Object.keys(annex[0]) as Array<keyof AnnexEntry>
  write('annex-vi.json', { source: SOURCES.annexVI, columns, rows: annex.map((e) => columns.map((k) => e[k])) })
  write('identifiers.json', {
    source: SOURCES.identifiers,
    columns: ['cid', 'cas', 'formula', 'mw', 'smiles', 'inchikey', 'iupac', 'names'],
    compounds,
  })
  write('properties.json', {
    source: SOURCES.properties,
    columns: ['melting_point_c', 'boiling_point_c', 'flash_point_c', 'autoignition_c', 'lel_pct', 'uel_pct', 'log_kow'],
    byCas: buildProperties(known),
  })
  write('carcinogens.json', { sources: { iarc: SOURCES.iarc, ntp: SOURCES.ntp }, ...buildCarcinogens() })
  write('pictograms.json', { source: SOURCES.pictograms, png: await buildPictograms() })
  write('euh.json', { source: SOURCES.euh, statements: buildEuh() })
  write('toxicity.json', { source: SOURCES.toxicity, ld50OralRat: buildToxicity() })
  write('common-names.json', { source: SOURCES.commonNames, entries: common })
  // transport.json gave way to dangerous-goods.json, built by scripts/sds/build-transport.ts.
  const listedCas = new Set([...known, ...buildListedNames(new Set()).map((r) => r[0])])
  write('regulatory.json', { sources: SOURCES.regulatory, byCas: buildRegulatory(listedCas) })
  write('epa-properties.json', {
    source: SOURCES.epa,
    columns: [
      'vapour_pressure_mmhg',
      'vp_ref',
      'density_g_cm3',
      'density_ref',
      'water_solubility_mg_l',
      'ws_ref',
      'log_kow',
      'log_kow_ref',
      'melting_point_c',
      'mp_ref',
    ],
    byCas: buildEpaProperties(),
  })
  write('oel.json', { source: SOURCES.oel, ...buildOel() })
  write('niosh.json', { source: SOURCES.niosh, byCas: buildNiosh() })
  write('listed-names.json', { source: SOURCES.listedNames, columns: ['cas', 'name', 'list'], rows: buildListedNames(known) })
}

await main()
