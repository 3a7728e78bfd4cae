/**
 * `npx tsx scripts/sds/coverage.ts`: how many of the 500 substances with the most data in
 * `../shared/data/sds/` resolve, and how each is classified (issue 14). "Most data": the number
 * of staged data sets that list the CAS number (Annex VI, PubChem identifiers, Wikidata and EPA
 * properties, OSHA/EU limit values, transport, LD50, regulatory lists, IARC/NTP); ties by CAS
 * number. Each is resolved by CAS number and by the first name a source gives it. Prints a
 * Markdown table for docs/sds.md. Reads ../shared only; writes nothing.
 */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { gatherFacts } from '../../workers/sds/domain/sheet/facts'
import { firstAidByRoute, ROUTES } from '../../workers/sds/domain/sheet/first-aid'
import { section9 } from '../../workers/sds/domain/sheet/properties'
import { protectionBlocks } from '../../workers/sds/domain/sheet/content'
import { resolveRequest } from '../../workers/sds/domain/chem/request'
import { PPE_ROWS } from '../../test/sds/fixtures/regression-ppe-rows'
import { SHEET_ROWS } from '../../test/sds/fixtures/regression-sheets-rows'
import { TRANSPORT_ROWS } from '../../test/sds/fixtures/regression-transport-rows'

const FROM = resolve(process.env.SDS_SHARED ?? join(import.meta.dirname, '../../../shared/data/sds'))
const CAS = /\b\d{2,7}-\d{2}-\d\b/g
const TOP = 500

/** Minimal CSV reader (quoted fields with commas and doubled quotes). */
function csv(file: string): Array<Record<string, string>> {
  const text = readFileSync(join(FROM, file), 'utf8')
  const rows: string[][] = []
  let row: string[] = []
  let field = ''
  let quoted = false
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') (field += '"'), i++
      else if (ch === '"') quoted = false
      else field += ch
    } else if (ch === '"') quoted = true
    else if (ch === ',') row.push(field), (field = '')
    else if (ch === '\n') row.push(field), rows.push(row), (row = []), (field = '')
    else if (ch !== '\r') field += ch
  }
  if (field || row.length) row.push(field), rows.push(row)
  const [header, ...body] = rows
  return body.filter((r) => r.length > 1).map((r) => Object.fromEntries(header.map((h, i) => [h, r[i] ?? ''])))
}

const sets = new Map<string, Set<string>>()
const names = new Map<string, string>()
function add(set: string, casText: string, name?: string) {
  for (const cas of casText.match(CAS) ?? []) {
    if (!sets.has(cas)) sets.set(cas, new Set())
    sets.get(cas)!.add(set)
    if (name && !names.has(cas)) names.set(cas, name.trim())
  }
}

const annex = JSON.parse(readFileSync(join(FROM, 'clp_annex_vi_table3_atp21.json'), 'utf8')) as {
  entries: Array<{ cas_no: string | null; name: string }>
}
for (const e of annex.entries) add('annex-vi', e.cas_no ?? '')
for (const line of readFileSync(join(FROM, 'pubchem_identifiers_small.tsv'), 'utf8').split('\n')) {
  const f = line.split('\t')
  if (f[1]) add('pubchem', f[1], f[8])
}
const intCas = (s: string) => `${s.slice(0, -3)}-${s.slice(-3, -1)}-${s.slice(-1)}`
for (const line of readFileSync(join(FROM, 'wikidata_properties.tsv'), 'utf8').split('\n').slice(1)) {
  const f = line.split('\t')
  if (f[0] && f.slice(1).some((v) => v.trim())) add('wikidata', intCas(f[0].trim()))
}
for (const [file, set, cas, name] of [
  ['oel/osha_pel_table_z1.csv', 'osha-z1', 'cas', 'substance'],
  ['oel/osha_pel_table_z2.csv', 'osha-z2', 'cas', 'substance'],
  ['oel/osha_pel_table_z3.csv', 'osha-z3', 'cas', 'substance'],
  ['oel/osha_pel_substance_specific_standards.csv', 'osha-standard', 'cas', 'substance'],
  ['oel/eu_oel_ioelv_boelv.csv', 'eu-oel', 'cas_no', 'substance'],
  ['transport/cas_to_un_by_name_match.csv', 'transport', 'cas', 'matched_substance_name'],
  ['toxicity/ld50_rat_oral_zhu2009_tdc.csv', 'ld50', 'cas_via_pubchem_small', 'name_via_pubchem_small'],
  ['regulatory/ca_prop65_list.csv', 'prop65', 'cas', 'chemical'],
  ['regulatory/ntp_roc15.csv', 'ntp-roc15', 'cas', 'name'],
  ['regulatory/reach_annex_xiv_authorisation_list.csv', 'annex-xiv', 'cas', 'substance_name'],
  ['regulatory/reach_annex_xvii_restrictions.csv', 'annex-xvii', 'cas', 'substance_name'],
  ['regulatory/reach_svhc_candidate_list.csv', 'svhc', 'cas', 'substance_name'],
  ['properties/epa_rsl_chemical_parameters.csv', 'epa-rsl', 'cas', 'analyte'],
  ['properties/osha_occupational_chemical_data.csv', 'osha-occupational', 'cas', 'substance'],
] as const) {
  for (const r of csv(file)) add(set, r[cas] ?? '', r[name])
}
for (const r of csv('regulatory/tsca_inventory_2016_flags.csv')) if (sets.has(r.cas)) add('tsca', r.cas)
for (const file of ['iarc_carcinogens_chemicals-lib.tsv', 'ntp_roc_carcinogens_chemicals-lib.tsv'])
  for (const line of readFileSync(join(FROM, file), 'utf8').split('\n').slice(1))
    add(file.split('_')[0], line.split('\t')[0] ?? '', line.split('\t')[1])

const top = [...sets.entries()].sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0])).slice(0, TOP)

// Section 9: items with a value from a data source (not the calculated vapour density, the state
// derived from the melting and boiling points, the classification's flammability or (r)).
const MEASURED = /^\((b|c|d|e|g|h|i|j|k|l|m|n|o|p)\)/
const s9Counts: number[] = []
const tally = {
  s4: 0,
  s9core: 0,
  s8: 0,
  s11: 0,
  s14: 0,
  s14candidates: 0,
  s14generic: 0,
  s14notRegulated: 0,
  s14undetermined: 0,
  s9colour: 0,
  ppe: 0,
  gloves: 0,
  euDirective: 0,
  euFrance: 0,
  byCas: 0,
  ambiguousCas: 0,
  byName: 0,
  named: 0,
  harmonised: 0,
  group: 0,
  supplierOnly: 0,
  supplierAdded: 0,
  notClassified: 0,
}
const unresolved: string[] = []
for (const [cas] of top) {
  const r = await resolveIdentifier(cas)
  if (r.ok) {
    tally.byCas++
    const f = gatherFacts(r.substance, 'eu')
    const d = f.classification
    if (d.annex && !d.group) tally.harmonised++
    else if (d.group) tally.group++
    else if (d.pairs.length) tally.supplierOnly++
    else tally.notClassified++
    if (d.annex && d.supplier.length) tally.supplierAdded++
    const l = f.exposureLimits
    if (l && (l.osha.length || l.eu.length || l.niosh.length)) tally.s8++
    if (l?.eu.some((x) => !x.list.startsWith('France:'))) tally.euDirective++
    if (l?.eu.some((x) => x.list.startsWith('France:'))) tally.euFrance++
    if (ppeFromRules(f)) tally.ppe++
    if (gloveMaterial(f)) tally.gloves++
    if (f.ld50Oral) tally.s11++
    const items = section9(f)
    const measured = items.filter((x) => MEASURED.test(x.item) && x.source !== null)
    s9Counts.push(measured.length)
    // The core of a usable Section 9: melting or boiling point, vapour pressure, density and solubility.
    const has = (k: string) => measured.some((x) => x.item.startsWith(k))
    if ((has('(d)') || has('(e)')) && has('(o)') && has('(p)') && has('(m)')) tally.s9core++
    const aid = firstAidByRoute(f)
    if (ROUTES.some((r) => aid[r].statements.length)) tally.s4++
    if (f.transport?.entry) tally.s14++
    else if (f.transport?.candidates.length) tally.s14candidates++
    if (f.transport?.how === 'generic') tally.s14generic++
    if (f.transport?.how === 'not-regulated') tally.s14notRegulated++
    if (f.transport?.how === 'undetermined') tally.s14undetermined++
    if (items.some((x) => x.item.startsWith('(b)') && x.source !== null)) tally.s9colour++
  } else if (r.code === 'AMBIGUOUS_IDENTIFIER') tally.ambiguousCas++
  else unresolved.push(`${cas} ${names.get(cas) ?? ''}`.trim())
  const name = names.get(cas)
  if (name) {
    tally.named++
    const n = await resolveIdentifier(name)
    if (n.ok || n.code === 'AMBIGUOUS_IDENTIFIER') tally.byName++
  }
}
/** Eye and respiratory rows both carry a recommendation (not "no rule", "not required" or "not in our data"). */
function ppeFromRules(f: ReturnType<typeof gatherFacts>): boolean {
  const block = protectionBlocks(f)[0]
  if (block.kind !== 'table') return false
  const [eyes, , resp] = block.rows
  return !/^No /.test(eyes[1]) && !/^(No |Not required|The NIOSH Pocket Guide page)/.test(resp[1])
}

/** The Hands row names a glove material from the cited chart. */
function gloveMaterial(f: ReturnType<typeof gatherFacts>): boolean {
  const block = protectionBlocks(f)[0]
  return block.kind === 'table' && block.rows[1][1].includes('Material for direct contact:')
}

const pct = (n: number, d = TOP) => `${((100 * n) / d).toFixed(1)} %`
console.log(`| measure (top ${TOP} CAS numbers by data sets listing them; minimum ${top[top.length - 1][1].size} sets) | count | share |`)
console.log('|---|---:|---:|')
console.log(`| resolve by CAS number to one sheet | ${tally.byCas} | ${pct(tally.byCas)} |`)
console.log(
  `| resolve by CAS number to a choice of Annex VI entries (AMBIGUOUS_IDENTIFIER with candidates) | ${tally.ambiguousCas} | ${pct(tally.ambiguousCas)} |`
)
console.log(`| not found by CAS number | ${unresolved.length} | ${pct(unresolved.length)} |`)
console.log(
  `| resolve by the first name a source gives (one sheet or candidates), of ${tally.named} named | ${tally.byName} | ${pct(tally.byName, tally.named)} |`
)
console.log(`| of those resolved: own Annex VI entry | ${tally.harmonised} | ${pct(tally.harmonised, tally.byCas)} |`)
console.log(`| of those resolved: Annex VI group entry | ${tally.group} | ${pct(tally.group, tally.byCas)} |`)
console.log(
  `| of those resolved: classified by the supplier from data only | ${tally.supplierOnly} | ${pct(tally.supplierOnly, tally.byCas)} |`
)
console.log(
  `| of those resolved: not classified on the data judged (what is missing listed) | ${tally.notClassified} | ${pct(tally.notClassified, tally.byCas)} |`
)
console.log(`| of those with an Annex VI entry: classes added by the supplier from data | ${tally.supplierAdded} | |`)
console.log(
  `| of those resolved: Section 8 with at least one limit value (OSHA, EU or NIOSH) | ${tally.s8} | ${pct(tally.s8, tally.byCas)} |`
)
console.log(`| of those resolved: Section 11 with an oral LD50 | ${tally.s11} | ${pct(tally.s11, tally.byCas)} |`)
console.log(
  `| of those resolved: Section 14 with one checked DOT entry / with candidates to choose from | ${tally.s14} / ${tally.s14candidates} | ${pct(tally.s14, tally.byCas)} / ${pct(tally.s14candidates, tally.byCas)} |`
)
console.log(
  `| of those resolved: Section 14 entry that is an n.o.s./generic entry (included above) / not regulated with the reason / not determined, data missing named | ${tally.s14generic} / ${tally.s14notRegulated} / ${tally.s14undetermined} | ${pct(tally.s14generic, tally.byCas)} / ${pct(tally.s14notRegulated, tally.byCas)} / ${pct(tally.s14undetermined, tally.byCas)} |`
)
console.log(
  `| of those resolved: Section 9 colour from a source (NIOSH Pocket Guide) | ${tally.s9colour} | ${pct(tally.s9colour, tally.byCas)} |`
)
console.log(
  `| of those resolved: Section 8.1 (EU sheet) with an EU directive value / with a French R4412-149 value | ${tally.euDirective} / ${tally.euFrance} | ${pct(tally.euDirective, tally.byCas)} / ${pct(tally.euFrance, tally.byCas)} |`
)
console.log(
  `| of those resolved: Section 8.2 eye and respiratory protection both chosen by a cited rule (EU sheet) | ${tally.ppe} | ${pct(tally.ppe, tally.byCas)} |`
)
console.log(
  `| of those resolved: Section 8.2 glove material from the cited chart (UNR EH&S, 34 substances) | ${tally.gloves} | ${pct(tally.gloves, tally.byCas)} |`
)
const bucket = (lo: number, hi: number) => s9Counts.filter((n) => n >= lo && n <= hi).length
console.log(
  `| of those resolved: Section 9, items (b)-(p) with a value from a source: 0-3 / 4-6 / 7-9 / 10 or more (of 14; none has (j), (k) or (l)) | ${bucket(0, 3)} / ${bucket(4, 6)} / ${bucket(7, 9)} / ${bucket(10, 14)} | ${pct(bucket(0, 3), tally.byCas)} / ${pct(bucket(4, 6), tally.byCas)} / ${pct(bucket(7, 9), tally.byCas)} / ${pct(bucket(10, 14), tally.byCas)} |`
)
console.log(
  `| of those resolved: Section 9 with melting or boiling point, vapour pressure, density and solubility from a source | ${tally.s9core} | ${pct(tally.s9core, tally.byCas)} |`
)
console.log(`| of those resolved: Section 9 complete (all 18 items from data) | 0 | 0 % |`)
console.log(
  `| of those resolved: Section 4 with at least one route decided by the classification | ${tally.s4} | ${pct(tally.s4, tally.byCas)} |`
)
console.log(`\nNot found (first 40): ${unresolved.slice(0, 40).join('; ')}`)

// The frozen regression sets of issue 32 §6 (test/sds/fixtures/regression-*-rows.ts), US and EU sheet each.
const reg = {
  unRight: 0,
  unRows: 0,
  oelRows: 0,
  oelPresent: 0,
  euRows: 0,
  euPresent: 0,
  frRows: 0,
  frPresent: 0,
  anyEuRows: 0,
  anyEuPresent: 0,
  gloveRows: 0,
  gloveRight: 0,
  gloveAny: 0,
  ppe: 0,
  sheets: 0,
}
for (const r of TRANSPORT_ROWS)
  for (const j of ['us', 'eu'] as const) {
    const res = await resolveRequest({ chemical_identifier: r.id })
    if (!res.ok) continue
    const t = gatherFacts(res.substance, j).transport
    reg.unRows++
    if (r.gap ? t?.how === r.gap && !t.entry : t?.entry?.id === r.un) reg.unRight++
  }
for (const r of SHEET_ROWS)
  for (const j of ['us', 'eu'] as const) {
    const res = await resolveRequest({ chemical_identifier: r.id })
    if (!res.ok) continue
    const f = gatherFacts(res.substance, j)
    const l = f.exposureLimits
    reg.sheets++
    if (j === 'us' && (r.us || r.npg)) {
      reg.oelRows++
      if (l && l.osha.length + l.niosh.length > 0 && (!r.us?.value || l.osha.some((x) => x.values.includes(r.us?.value ?? ''))))
        reg.oelPresent++
    }
    if (j === 'eu' && r.eu) {
      reg.euRows++
      if (l?.eu.some((x) => x.values.includes(r.eu?.value ?? ''))) reg.euPresent++
    }
    const p = PPE_ROWS[r.cas]
    if (j === 'eu' && p?.fr) {
      reg.frRows++
      if (l?.eu.some((x) => x.list.includes('R4412-149') && x.values.includes(p.fr?.value ?? ''))) reg.frPresent++
    }
    if (j === 'eu' && (r.eu || p?.fr)) {
      reg.anyEuRows++
      if (l?.eu.length) reg.anyEuPresent++
    }
    const block = protectionBlocks(f)[0]
    const material = block.kind === 'table' ? /Material for direct contact: (.*?) \(the chart lists/.exec(block.rows[1][1])?.[1] : undefined
    if (material) reg.gloveAny++
    if (p?.gloves) {
      reg.gloveRows++
      if (material?.split(' or ').length === p.gloves.materials.length) reg.gloveRight++
    }
    if (ppeFromRules(f)) reg.ppe++
  }
console.log('\n| regression set (issue 32 §6) | right / rows | share |')
console.log('|---|---:|---:|')
console.log(
  `| Section 14: UN number right (or the gap the row names), ${TRANSPORT_ROWS.length} substances × US, EU | ${reg.unRight} / ${reg.unRows} | ${pct(reg.unRight, reg.unRows)} |`
)
console.log(
  `| Section 8.1 (US): OSHA/NIOSH limit present, with the Table Z-1 value, where a source has one | ${reg.oelPresent} / ${reg.oelRows} | ${pct(reg.oelPresent, reg.oelRows)} |`
)
console.log(
  `| Section 8.1 (EU): EU limit present where the staged EU list has one | ${reg.euPresent} / ${reg.euRows} | ${pct(reg.euPresent, reg.euRows)} |`
)
console.log(
  `| Section 8.1 (EU): French R4412-149 value present where the article has one | ${reg.frPresent} / ${reg.frRows} | ${pct(reg.frPresent, reg.frRows)} |`
)
console.log(
  `| Section 8.1 (EU): an EU or French value present where either source has one | ${reg.anyEuPresent} / ${reg.anyEuRows} | ${pct(reg.anyEuPresent, reg.anyEuRows)} |`
)
console.log(
  `| Section 8.2: eye and respiratory protection both from a cited rule, ${SHEET_ROWS.length} substances × US, EU | ${reg.ppe} / ${reg.sheets} | ${pct(reg.ppe, reg.sheets)} |`
)
console.log(
  `| Section 8.2: glove materials as the chart lists them, where it lists the substance (× US, EU) | ${reg.gloveRight} / ${reg.gloveRows} | ${pct(reg.gloveRight, reg.gloveRows)} |`
)
console.log(
  `| Section 8.2: glove material present, ${SHEET_ROWS.length} substances × US, EU | ${reg.gloveAny} / ${reg.sheets} | ${pct(reg.gloveAny, reg.sheets)} |`
)
