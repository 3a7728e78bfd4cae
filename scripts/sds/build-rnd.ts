/**
 * Derived data of the R&D proxy sheet (workers/sds/domain/rnd/), from the committed knowledge base
 * (workers/sds/data/, built by build-data.ts) and the staged data in `../shared/data/sds/`:
 *
 * - `analogues.json`: the read-across pool, i.e. every knowledge-base compound with a SMILES
 *   that has a harmonised classification or a rat oral LD50, with its openchemlib FragFp
 *   fingerprint (precomputed so the worker never parses 1,000 structures) and its LD50
 *   (Zhu et al. 2009 via TDC, joined by openchemlib constitution code, since the staged file
 *   has CAS numbers for only a third of its rows).
 * - `validation.json`: the measured error of each prediction method, by running the worker's
 *   own code over the knowledge-base compounds that have a measured value.
 *
 * Deterministic (sorted rows, no timestamps).
 *
 *   npx tsx scripts/sds/build-rnd.ts [--from <shared data/sds dir>]
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import * as OCL from 'openchemlib'
import annex from '../../workers/sds/data/annex-vi.json'
import identifiers from '../../workers/sds/data/identifiers.json'
import properties from '../../workers/sds/data/properties.json'
import { fpToHex } from '../../workers/sds/domain/rnd/fingerprint'
import { jobackBoilingPoint } from '../../workers/sds/domain/rnd/joback'
import { flashPointFromBoiling } from '../../workers/sds/domain/rnd/predict-properties'

const args = process.argv.slice(2)
const i = args.indexOf('--from')
const FROM = resolve(i >= 0 ? args[i + 1] : join(import.meta.dirname, '../../../shared/data/sds'))
const OUT = join(import.meta.dirname, '../../workers/sds/domain/rnd/data')

function parse(smiles: string): OCL.Molecule | null {
  try {
    const m = OCL.Molecule.fromSmiles(smiles, { noCoordinates: true, noStereo: true })
    if (!m.getAllAtoms()) return null
    m.ensureHelperArrays(OCL.Molecule.cHelperRings)
    return m
  } catch {
    return null
  }
}

function csvRows(path: string): string[][] {
  const text = readFileSync(path, 'utf8').trim()
  const rows: string[][] = []
  for (const line of text.split('\n')) {
    const cells: string[] = []
    let cur = ''
    let quoted = false
    for (let k = 0; k < line.length; k++) {
      const ch = line[k]
      if (quoted) {
        if (ch === '"' && line[k + 1] === '"') (cur += '"'), k++
        else if (ch === '"') quoted = false
        else cur += ch
      } else if (ch === '"') quoted = true
      else if (ch === ',') cells.push(cur), (cur = '')
      else cur += ch
    }
    cells.push(cur)
    rows.push(cells)
  }
  return rows
}

// LD50 by constitution (idcode without stereo); the lowest value where a structure repeats.
const ld50Path = join(FROM, 'toxicity/ld50_rat_oral_zhu2009_tdc.csv')
const [ldHead, ...ldRows] = csvRows(ld50Path)
const smilesCol = ldHead.indexOf('smiles')
const ldCol = ldHead.indexOf('ld50_mg_per_kg')
const ld50ByCode = new Map<string, number>()
for (const row of ldRows) {
  const m = parse(row[smilesCol])
  const v = Number(row[ldCol])
  if (!m || !Number.isFinite(v) || v <= 0) continue
  const code = m.getIDCode()
  ld50ByCode.set(code, Math.min(v, ld50ByCode.get(code) ?? Infinity))
}

const annexCas = new Set<string>()
const casIdx = annex.columns.indexOf('cas')
for (const row of annex.rows as unknown[][]) for (const cas of row[casIdx] as string[]) annexCas.add(cas)

const col = (name: string) => identifiers.columns.indexOf(name)
const [CAS, SMILES] = [col('cas'), col('smiles')]

const pool: Array<[string, string, number | null]> = []
const errors = { boiling_point: [] as number[], flash_point: [] as number[], log_p: [] as number[], log_s: [] as number[] }
const propCols = properties.columns
const prop = (cas: string, name: string): number | null => {
  const row = (properties.byCas as Record<string, Array<number | null>>)[cas]
  return row ? row[propCols.indexOf(name)] : null
}

// Water solubility (mg/L) and molecular weight from the EPA RSL parameters, for logS.
const [rslHead, ...rslRows] = csvRows(join(FROM, 'properties/epa_rsl_chemical_parameters.csv'))
const solubility = new Map<string, number>()
const logKow = new Map<string, number>()
for (const r of rslRows) {
  const ws = Number(r[rslHead.indexOf('water_solubility_mg_L')])
  const mw = Number(r[rslHead.indexOf('mw')])
  const ref = r[rslHead.indexOf('ws_ref')]
  // EPI values are themselves estimates: only measured ones validate a prediction.
  if (ws > 0 && mw > 0 && ref && ref !== 'EPI') solubility.set(r[rslHead.indexOf('cas')], Math.log10(ws / 1000 / mw))
  const kow = r[rslHead.indexOf('log_kow')]
  const kowRef = r[rslHead.indexOf('log_kow_ref')]
  if (kow !== '' && Number.isFinite(Number(kow)) && kowRef && kowRef !== 'EPI') logKow.set(r[rslHead.indexOf('cas')], Number(kow))
}

for (const row of identifiers.compounds as unknown[][]) {
  const cas = row[CAS] as string
  const m = parse(row[SMILES] as string)
  if (!m) continue
  const ld50 = ld50ByCode.get(m.getIDCode()) ?? null
  if (annexCas.has(cas) || ld50 !== null) pool.push([cas, fpToHex(m.getIndex()), ld50])

  const tb = jobackBoilingPoint(m)
  const bp = prop(cas, 'boiling_point_c')
  const fp = prop(cas, 'flash_point_c')
  const kow = logKow.get(cas) ?? prop(cas, 'log_kow')
  if (tb.ok && bp !== null) errors.boiling_point.push(Math.abs(tb.tb_k - 273.15 - bp))
  if (tb.ok && fp !== null) errors.flash_point.push(Math.abs(flashPointFromBoiling(tb.tb_k) - 273.15 - fp))
  if (kow !== null || solubility.has(cas)) {
    const p = new OCL.MoleculeProperties(m)
    if (kow !== null) errors.log_p.push(Math.abs(p.logP - kow))
    if (solubility.has(cas)) errors.log_s.push(Math.abs(p.logS - solubility.get(cas)!))
  }
}

pool.sort((a, b) => a[0].localeCompare(b[0]))

// Secondary alerts: the SureChEMBL and Glaxo sets of the ChEMBL structural alerts (the ones
// closest to toxicity among the staged filter collection), kept where openchemlib parses the
// SMARTS without a warning (some use RDKit-only syntax).
const [alHead, ...alRows] = csvRows(join(FROM, 'alerts/structural_alerts_rd_filters.csv'))
const smartsParser = new OCL.SmilesParser({ smartsMode: 'smarts', createSmartsWarnings: true })
const secondary: Array<[string, string, string]> = []
let skipped = 0
for (const r of alRows) {
  const set = r[alHead.indexOf('rule_set_name')]
  if (set !== 'SureChEMBL' && set !== 'Glaxo') continue
  const smarts = r[alHead.indexOf('smarts')]
  try {
    smartsParser.parseMolecule(smarts, { noCoordinates: true })
    if (smartsParser.getSmartsWarning()) throw new Error(smartsParser.getSmartsWarning())
    secondary.push([set, r[alHead.indexOf('description')], smarts])
  } catch {
    skipped++
  }
}
secondary.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]))
writeFileSync(
  join(OUT, 'secondary-alerts.json'),
  JSON.stringify({
    source:
      'ChEMBL structural alerts, SureChEMBL and Glaxo sets, via PatWalters/rd_filters alert_collection.csv (repository MIT, (c) 2018 Patrick Walters; the ChEMBL alert sets are distributed by ChEMBL under CC BY-SA 3.0, and so is this derived file). Medicinal-chemistry and reactivity filters, not validated toxicity models: shown for information only, never used to classify.',
    licence: 'CC BY-SA 3.0',
    columns: ['set', 'description', 'smarts'],
    skipped_unparseable: skipped,
    rows: secondary,
  }) + '\n'
)

function stats(list: number[], against: string) {
  const s = [...list].sort((a, b) => a - b)
  const r = (v: number) => Math.round(v * 100) / 100
  return {
    n: s.length,
    mae: s.length ? r(s.reduce((x, y) => x + y, 0) / s.length) : 0,
    p90: s.length ? r(s[Math.min(s.length - 1, Math.floor(s.length * 0.9))]) : 0,
    against,
  }
}

writeFileSync(
  join(OUT, 'analogues.json'),
  JSON.stringify({
    source:
      'Knowledge-base compounds (PubChem identifiers via CalebBell/chemicals, MIT) that have a CLP Annex VI entry or a rat oral LD50; fingerprints: openchemlib FragFp (512 keys); LD50: Zhu H. et al. (2009) Chem. Res. Toxicol. 22, 1913-1921, via Therapeutics Data Commons LD50_Zhu (data originally from ChemIDplus; redistributed for research, licence unclear: reference data for an R&D proxy only).',
    columns: ['cas', 'fp', 'ld50_mg_per_kg'],
    rows: pool,
  }) + '\n'
)
writeFileSync(
  join(OUT, 'validation.json'),
  JSON.stringify(
    {
      note: 'Absolute errors of each prediction method over the knowledge-base compounds with a measured value (computed by scripts/sds/build-rnd.ts with the worker code). Knowledge-base compounds are small, common industrial chemicals; errors on novel structures are likely larger.',
      properties: {
        boiling_point: stats(errors.boiling_point, 'Wikidata boiling points (°C) of knowledge-base compounds'),
        flash_point: stats(errors.flash_point, 'Wikidata flash points (°C) of knowledge-base compounds'),
        log_p: stats(errors.log_p, 'measured log Kow of knowledge-base compounds (US EPA RSL, not EPI estimates; else Wikidata)'),
        log_s: stats(errors.log_s, 'US EPA RSL measured water solubility (PHYSPROP and others, not EPI estimates), as log10 mol/L'),
      },
    },
    null,
    1
  ) + '\n'
)
console.log(`analogues: ${pool.length} (with LD50: ${pool.filter((p) => p[2] !== null).length}); LD50 structures: ${ld50ByCode.size}`)
console.log(JSON.stringify(errors && Object.fromEntries(Object.entries(errors).map(([k, v]) => [k, stats(v, '')]))))
