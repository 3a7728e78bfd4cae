/**
 * The chemical knowledge base: the committed JSON under `data/` (built by
 * `npm run data:sds`, see scripts/sds/build-data.ts) joined by CAS number into substance
 * records, with lookup indexes built once per isolate on first use.
 */
import annexJson from '../../data/annex-vi.json'
import carcinogensJson from '../../data/carcinogens.json'
import commonNamesJson from '../../data/common-names.json'
import identifiersJson from '../../data/identifiers.json'
import listedNamesJson from '../../data/listed-names.json'
import oelJson from '../../data/oel.json'
import oelFrJson from '../../data/oel-fr.json'
import glovesJson from '../../data/gloves.json'
import epaJson from '../../data/epa-properties.json'
import nioshJson from '../../data/niosh.json'
import regulatoryJson from '../../data/regulatory.json'
import transportJson from '../../data/dangerous-goods.json'
import npgJson from '../../data/niosh-npg.json'
import npgLimitsJson from '../../data/niosh-limits.json'
import propertiesJson from '../../data/properties.json'
import toxicityJson from '../../data/toxicity.json'
import type { AnnexEntry } from '../../data/types'
import { hillFormula, normaliseName, parseFormula } from './identifiers'

export type { AnnexEntry } from '../../data/types'

export type Compound = {
  /** 0 for a compound from our common-names table (no PubChem CID recorded). */
  cid: number
  cas: string
  formula: string
  mw: number
  smiles: string
  inchikey: string
  iupac: string
  names: string[]
}

export type Properties = {
  melting_point_c: number | null
  boiling_point_c: number | null
  flash_point_c: number | null
  autoignition_c: number | null
  lel_pct: number | null
  uel_pct: number | null
  log_kow: number | null
}

export type Carcinogen = {
  iarc: { group: string; agent: string; volumes: string; year: number | null } | null
  ntp: { listing: string; name: string } | null
}

/** One identity: a CAS number, or an Annex VI entry that has none. */
export type SubstanceRecord = {
  id: string
  cas: string | null
  names: string[]
  ec: string[]
  annex: AnnexEntry[]
  compound: Compound | null
  /** The US list that names a substance neither Annex VI nor PubChem has (NTP RoC, Prop 65, OSHA Z-1, EPA RSL). */
  listedIn?: string
}

export const SOURCES = {
  annexVI: annexJson.source,
  identifiers: identifiersJson.source,
  properties: propertiesJson.source,
  toxicity: toxicityJson.source,
  commonNames: commonNamesJson.source,
  listedNames: listedNamesJson.source,
  oel: oelJson.source,
  transport: transportJson.source,
  regulatory: regulatoryJson.sources,
  epa: epaJson.source,
  niosh: nioshJson.source,
  nioshLimits: npgLimitsJson.source,
  iarc: carcinogensJson.sources.iarc,
  ntp: carcinogensJson.sources.ntp,
}

type Index = {
  records: SubstanceRecord[]
  byCas: Map<string, SubstanceRecord>
  byEc: Map<string, SubstanceRecord[]>
  byIndexNo: Map<string, { record: SubstanceRecord; entry: AnnexEntry }>
  byInchiKey: Map<string, SubstanceRecord>
  byName: Map<string, Set<SubstanceRecord>>
  byFormula: Map<string, Set<SubstanceRecord>>
  /** Distinct display names with their lookup form, for suggestions. */
  names: Array<{ key: string; name: string; record: SubstanceRecord }>
  /** Names that mean one Annex VI entry of a CAS number with several ("muriatic acid"). */
  entryOfName: Map<string, string>
  /** Names that mean a form of the substance ("formalin": its aqueous solution). */
  formOfName: Map<string, string>
}

let index: Index | null = null

function rowsToObjects<T>(columns: readonly string[], rows: readonly unknown[][]): T[] {
  return rows.map((row) => Object.fromEntries(columns.map((c, i) => [c, row[i]])) as T)
}

export function knowledge(): Index {
  if (index) return index
  const annex = rowsToObjects<AnnexEntry>(annexJson.columns, annexJson.rows as unknown[][])
  const compounds = rowsToObjects<Compound>(identifiersJson.columns, identifiersJson.compounds as unknown[][])

  const byCas = new Map<string, SubstanceRecord>()
  const records: SubstanceRecord[] = []
  const byIndexNo: Index['byIndexNo'] = new Map()
  const recordFor = (cas: string) => {
    let r = byCas.get(cas)
    if (!r) {
      r = { id: cas, cas, names: [], ec: [], annex: [], compound: null }
      byCas.set(cas, r)
      records.push(r)
    }
    return r
  }
  for (const entry of annex) {
    if (entry.cas.length === 0) {
      const r: SubstanceRecord = { id: entry.index, cas: null, names: [...entry.names], ec: [...entry.ec], annex: [entry], compound: null }
      records.push(r)
      byIndexNo.set(entry.index, { record: r, entry })
      continue
    }
    for (const cas of entry.cas) {
      const r = recordFor(cas)
      r.annex.push(entry)
      // A group entry ("mono-methylamine [1] di-methylamine [2]") names each CAS number; where
      // the tags do not pair them, its names are shared (and a name can be ambiguous).
      const own = entry.casNames?.[cas]
      for (const n of own ? [own] : entry.names) if (!r.names.includes(n)) r.names.push(n)
      for (const ec of entry.ec) if (!r.ec.includes(ec)) r.ec.push(ec)
    }
    byIndexNo.set(entry.index, { record: byCas.get(entry.cas[0])!, entry })
  }
  for (const c of compounds) {
    const r = recordFor(c.cas)
    r.compound = c
    // PubChem's common name first: Annex VI names are often IUPAC-style or lists.
    const names = [c.names[0], c.iupac, ...c.names.slice(1)].filter(Boolean)
    r.names = [...new Set([...(r.annex.length ? r.names : []), ...names, ...r.names])]
  }

  const entryOfName = new Map<string, string>()
  const formOfName = new Map<string, string>()
  for (const c of commonNamesJson.entries as Array<{
    cas: string
    names: string[]
    formula: string
    mw: number
    index?: string
    form?: string
  }>) {
    const r = recordFor(c.cas)
    r.compound ??= { cid: 0, cas: c.cas, formula: c.formula, mw: c.mw, smiles: '', inchikey: '', iupac: '', names: c.names }
    for (const n of c.names) {
      if (!r.names.includes(n)) r.names.push(n)
      if (c.index) entryOfName.set(normaliseName(n), c.index)
      if (c.form) formOfName.set(normaliseName(n), c.form)
    }
  }

  for (const [cas, name, list] of listedNamesJson.rows as Array<[string, string, string]>) {
    if (byCas.has(cas)) continue
    const r = recordFor(cas)
    r.names.push(name)
    r.listedIn = list
  }

  const byEc = new Map<string, SubstanceRecord[]>()
  const byInchiKey = new Map<string, SubstanceRecord>()
  const byName = new Map<string, Set<SubstanceRecord>>()
  const byFormula = new Map<string, Set<SubstanceRecord>>()
  const names: Index['names'] = []
  const add = <K>(map: Map<K, Set<SubstanceRecord>>, key: K, r: SubstanceRecord) => {
    if (!map.has(key)) map.set(key, new Set())
    map.get(key)!.add(r)
  }
  for (const r of records) {
    for (const ec of r.ec) byEc.set(ec, [...(byEc.get(ec) ?? []), r])
    if (r.compound) {
      if (r.compound.inchikey) byInchiKey.set(r.compound.inchikey, r)
      const counts = parseFormula(r.compound.formula)
      if (counts) add(byFormula, hillFormula(counts), r)
    }
    for (const name of r.names) {
      const key = normaliseName(name)
      if (!key) continue
      if (!byName.get(key)?.has(r)) names.push({ key, name, record: r })
      add(byName, key, r)
    }
  }
  index = { records, byCas, byEc, byIndexNo, byInchiKey, byName, byFormula, names, entryOfName, formOfName }
  return index
}

const PROPERTY_COLUMNS = propertiesJson.columns as Array<keyof Properties>

export function propertiesOf(cas: string | null): Properties | null {
  if (!cas) return null
  const row = (propertiesJson.byCas as Record<string, Array<number | null>>)[cas]
  if (!row) return null
  return Object.fromEntries(PROPERTY_COLUMNS.map((c, i) => [c, row[i]])) as Properties
}

export function carcinogenListings(cas: string | null): Carcinogen {
  if (!cas) return { iarc: null, ntp: null }
  const i = (carcinogensJson.iarc as unknown as Record<string, [string, string, string, number | null]>)[cas]
  const n = (carcinogensJson.ntp as unknown as Record<string, [string, string]>)[cas]
  return {
    iarc: i ? { group: i[0], agent: i[1], volumes: i[2], year: i[3] } : null,
    ntp: n ? { listing: n[0], name: n[1] } : null,
  }
}

/** Rat oral LD50 in mg/kg where our toxicity data has the substance. */
export function oralLd50Of(cas: string | null): { value: number; source: string } | null {
  if (!cas) return null
  const v = (toxicityJson.ld50OralRat as Record<string, number>)[cas]
  return v === undefined ? null : { value: v, source: toxicityJson.source }
}

/** `until`: the date from which the value no longer applies (ISO), where its list sets one. */
export type Limit = { list: string; substance: string; values: string; notes: string; until?: string }
export type ExposureLimits = { osha: Limit[]; eu: Limit[]; niosh: Limit[] }

type FrRow = { name: string; values: string; notes: string }

/**
 * A row of the French Labour Code's binding table (art. R4412-149, scripts/sds/build-oel-fr.ts) as
 * an EU-sheet limit: France transposes the EU indicative lists through it, but the article names
 * no directive per row and may be stricter than the EU value, so it is never labelled an EU value.
 */
function frLimit(r: FrRow): Limit {
  const s = oelFrJson.source
  return {
    list: `France: Code du travail art. R4412-149, binding limit value, as in force on ${s.version} (may have been amended since)`,
    substance: r.name,
    values: r.values,
    notes: [
      `French binding value: France transposes the EU limit value lists through this article, but the article does not state the directive of origin (EU IOELV transposed in FR R4412-149; directive not stated in the source), and the French value may be stricter than the EU value. Read from ${s.repository} (${s.commit.slice(0, 7)}); later versions of the article are not in our data: check Légifrance.`,
      r.notes,
    ]
      .filter(Boolean)
      .join(' '),
  }
}

function frLimitsOf(cas: string | null): Limit[] {
  return cas ? ((oelFrJson.byCas as Record<string, FrRow[]>)[cas] ?? []).map(frLimit) : []
}

/**
 * Occupational exposure limits in our data (OSHA PELs, EU IOELV/BOELV, NIOSH REL/IDLH). `groupIndex`:
 * the CLP Annex VI group entry the substance belongs to, whose Table Z-1 group row (e.g. "Cyanides
 * (as CN)", which has no CAS number) also applies (scripts/sds/oel-group-rows.json).
 */
export function exposureLimitsOf(cas: string | null, groupIndex: string | null = null): ExposureLimits | null {
  const staged = cas ? ((oelJson.byCas as Record<string, ExposureLimits>)[cas] ?? null) : null
  const fr = frLimitsOf(cas)
  const own = fr.length ? { osha: staged?.osha ?? [], eu: [...(staged?.eu ?? []), ...fr], niosh: staged?.niosh ?? [] } : staged
  const group = groupIndex ? (oelJson.byGroupIndex as Record<string, Limit[]>)[groupIndex] : undefined
  if (!group) return own
  return { osha: [...(own?.osha ?? []), ...group], eu: own?.eu ?? [], niosh: own?.niosh ?? [] }
}

/** A NIOSH Pocket Guide page's limits and protection, respirator bands spelled out. */
export type NpgLimits = {
  page: string
  name: string
  mw: number | null
  idlh: string
  rel: string
  pel: string
  skin: string
  eyes: string
  respirator: Array<{ band: string; respirators: string[] }>
  appliesToCompoundsOf: string | null
}

export function npgLimitsOf(cas: string | null): NpgLimits | null {
  if (!cas) return null
  type Raw = Omit<NpgLimits, 'respirator'> & { respirator: Array<[string, number[]]> }
  const raw = (npgLimitsJson.byCas as unknown as Record<string, Raw>)[cas]
  if (!raw) return null
  return {
    ...raw,
    respirator: raw.respirator.map(([band, ids]) => ({ band, respirators: ids.map((i) => npgLimitsJson.respirators[i]) })),
  }
}

/** EU limit rows for a group with no CAS number ("Inorganic lead and its compounds"), by the name the list prints. */
export function euGroupLimits(name: string): Limit[] {
  const fr = (oelFrJson.groups as Record<string, FrRow[]>)[name]
  return fr ? fr.map(frLimit) : ((oelJson.euGroups as Record<string, Limit[]>)[name] ?? [])
}

/** `symbols`: column 1 of the table (49 CFR 172.101(b)): D domestic only, I international only, A air / W water only, + fixed entry, G technical name required. */
export type DotEntry = { id: string; name: string; hazardClass: string; pg: string; labels: string; qualifier: string; symbols: string }

const dotRow = ([id, name, hazardClass, pg, labels, symbols]: string[]): DotEntry => ({
  id,
  name,
  hazardClass,
  pg,
  labels,
  qualifier: '',
  symbols,
})

/** Rows of the 49 CFR 172.101 table joined to a CAS number (all packing-group and strength rows of each named entry). */
export function dotCandidatesOf(cas: string | null): DotEntry[] {
  if (!cas) return []
  const idx = (transportJson.byCas as Record<string, number[]>)[cas] ?? []
  return idx.map((i) => dotRow(transportJson.hmt[i]))
}

let byId: Map<string, DotEntry[]> | null = null
/** Every row of the table with this UN/NA number. */
export function dotRowsOf(id: string): DotEntry[] {
  if (!byId) {
    byId = new Map()
    for (const r of transportJson.hmt) byId.set(r[0], [...(byId.get(r[0]) ?? []), dotRow(r)])
  }
  return byId.get(id) ?? []
}

export type AdrRow = { cls: string; code: string; pg: string; labels: string; tunnel: string; hazardNo: string }

/** ADR 2025 Table A codes for a UN number (no names: see the data's adrSource). */
export function adrRowsOf(id: string): AdrRow[] {
  const rows = (transportJson.adr as Record<string, string[][]>)[id] ?? []
  return rows.map(([cls, code, pg, labels, tunnel, hazardNo]) => ({ cls, code, pg, labels, tunnel, hazardNo }))
}

export type Listings = { svhc?: string; xiv?: string; xvii?: string; prop65?: string; ntp15?: string; tsca?: string }

/** Regulatory list memberships in our data (REACH, Proposition 65, NTP RoC 15th, TSCA 2016). */
export function listingsOf(cas: string | null): Listings {
  if (!cas) return {}
  return (regulatoryJson.byCas as Record<string, Listings>)[cas] ?? {}
}

export type Measured = { value: number; ref: string | null }
export type EpaProperties = {
  vapourPressureMmHg: Measured | null
  densityGCm3: Measured | null
  waterSolubilityMgL: Measured | null
  logKow: Measured | null
  meltingPointC: Measured | null
}

/** EPA RSL physical parameters with the reference of each value (EPI: an estimate). */
export function epaPropertiesOf(cas: string | null): EpaProperties | null {
  const row = cas ? (epaJson.byCas as Record<string, Array<string | number | null>>)[cas] : undefined
  if (!row) return null
  const m = (i: number): Measured | null =>
    row[i] === null ? null : { value: row[i] as number, ref: (row[i + 1] as string | null) ?? null }
  return { vapourPressureMmHg: m(0), densityGCm3: m(2), waterSolubilityMgL: m(4), logKow: m(6), meltingPointC: m(8) }
}

export type NioshData = {
  substance: string
  /** The Pocket Guide page the description was read from (npgdNNNN), where known. */
  page?: string
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
  firstAid: Partial<Record<'eye' | 'skin' | 'breathing' | 'swallow', string>>
}

/** NIOSH Pocket Guide physical data, first aid and incompatibilities (five substances staged). */
export function nioshOf(cas: string | null): NioshData | null {
  if (!cas) return null
  const staged = (nioshJson.byCas as Record<string, NioshData>)[cas] ?? null
  const page = (npgJson.byCas as Record<string, string[]>)[cas]
  if (!page) return staged
  if (staged) return staged
  return { ...fromDescription(page[1], page[2]), page: `${page[0]}, copy of October 2015` }
}

/**
 * State, colour and odour as the Pocket Guide's physical description words them: "White,
 * odorless powder." → solid, "White", "odorless"; "Colorless liquid with a fragrant, mint-like
 * odor." → liquid, "Colorless", "fragrant, mint-like". Nothing else of the page is in our data.
 */
export function fromDescription(substance: string, description: string): NioshData {
  const d = /^(.*?)\s*\b(liquid|solid|gas|crystals|powder|flakes|pellets|granules|lumps)\b(?:\s+with an? (.*?) odor)?/i.exec(description)
  let colour = d?.[1]?.replace(/,\s*$/, '').trim() || null
  let odour = d?.[3] ?? null
  if (colour && /\bodorless\b/i.test(colour)) {
    odour = odour ?? 'odorless'
    colour =
      colour
        .replace(/,?\s*odorless\b/i, '')
        .replace(/,\s*$/, '')
        .trim() || null
  }
  return {
    substance,
    description,
    state: d ? d[2].toLowerCase() : null,
    colour,
    odour,
    boilingF: null,
    meltingF: null,
    flashF: null,
    vapourPressure: null,
    solubility: null,
    specificGravity: null,
    lel: null,
    uel: null,
    incompatibilities: null,
    personalProtection: null,
    firstAid: {},
  }
}

/** A glove chart's recommendation for one substance (scripts/sds/build-gloves.ts). */
export type GloveAdvice = {
  listedAs: string
  /** Materials as the chart names them, each with a plain name. */
  materials: string[]
  source: typeof glovesJson.source
  chartSize: number
}

/**
 * The chart's row for the substance, by CAS number; where the chart's name means one Annex VI form
 * of a CAS number with several (hydrochloric acid, not the gas), only that form's sheet gets it.
 */
export function glovesOf(cas: string | null, indexNo: string | null): GloveAdvice | null {
  if (!cas) return null
  const row = (glovesJson.byCas as Record<string, { listedAs: string; materials: string[]; index: string | null }>)[cas]
  if (!row || (row.index && row.index !== indexNo)) return null
  const names = glovesJson.materials as Record<string, { name: string }>
  return {
    listedAs: row.listedAs,
    materials: row.materials.map((m) => names[m]?.name ?? m),
    source: glovesJson.source,
    chartSize: Object.keys(glovesJson.byCas).length,
  }
}
