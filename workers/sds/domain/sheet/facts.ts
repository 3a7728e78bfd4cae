/**
 * Everything a sheet states about one substance, gathered from the knowledge base with the
 * source of each value, so the document can say where every value comes from (and Section 16
 * can list the sources used). Pure.
 */
import {
  carcinogenListings,
  dotCandidatesOf,
  dotRowsOf,
  nioshOf,
  npgLimitsOf,
  type NpgLimits,
  type NioshData,
  epaPropertiesOf,
  type EpaProperties,
  listingsOf,
  type Listings,
  knowledge,
  oralLd50Of,
  propertiesOf,
  SOURCES,
  type AnnexEntry,
  type Carcinogen,
  type ExposureLimits,
  type Properties,
} from '../chem/knowledge'
import { hillFormula, parseFormula } from '../chem/identifiers'
import { cleanAnnexName, displayName, type Resolved } from '../chem/resolve'
import { solutionEntry, type SolutionEntry } from '../chem/solution'
import { decide, type Decision } from '../ghs/decide'
import { labelElements, type LabelElements } from '../ghs/engine'
import { groupEntryFor } from '../ghs/groups'
import acidsBases from '../ghs/rules/acids-bases.json'
import { decideTransport, type TransportDecision } from './transport'
import { completeStatements } from './fire'
import { limitsFor } from './exposure-limits'
import { fillPlaceholders } from './placeholders'
import type { Jurisdiction } from '../ghs/phrases'

export type Branding = {
  company_name?: string
  company_address?: string
  company_phone?: string
  company_website?: string
}

export type Enrichment = {
  /** PubChem notifier-aggregated GHS codes: never a harmonised classification. */
  notifiedHazards?: { codes: string[]; source: string } | null
  properties?: Partial<Record<keyof Properties, number>> & { source: string }
}

export type Facts = {
  jurisdiction: Jurisdiction
  productName: string
  synonyms: string[]
  cas: string | null
  ec: string[]
  indexNo: string | null
  formula: string | null
  molecularWeight: number | null
  smiles: string | null
  inchikey: string | null
  pubchemCid: number | null
  /** The Annex VI entry that applies: the substance's own or its group entry. */
  annex: AnnexEntry | null
  /** Label elements of the classification decided (harmonised, group, supplier); null when no class applies. */
  label: LabelElements | null
  /** How the classification was decided, with the data judged and what is missing. */
  classification: Decision
  /** Set when the Annex VI entry is that of the substance in water (hydrochloric acid ... %). */
  solutionEntry: SolutionEntry | null
  /** Rat oral LD50 in mg/kg with its source, where our data has it. */
  ld50Oral: { value: number; source: string } | null
  /** Occupational exposure limits with their lists, where our data has them. */
  exposureLimits: ExposureLimits | null
  /** DOT Hazardous Materials Table entry checked against the substance, or the candidates left (absent: none consulted). */
  transport?: TransportDecision
  /** Regulatory list memberships (absent: none consulted). */
  listings?: Listings
  /** EPA RSL physical parameters with their references (absent: none consulted). */
  epa?: EpaProperties | null
  properties: Properties | null
  propertiesSource: string | null
  /** The properties PubChem filled (the others of `properties` are Wikidata's), with its source. */
  enriched: { keys: Array<keyof Properties>; source: string } | null
  /** NIOSH Pocket Guide description, properties, first aid and incompatibilities (five substances). */
  niosh: NioshData | null
  /** The substance's NIOSH Pocket Guide page: limits, protection codes, respirator bands. */
  npgLimits: NpgLimits | null
  /** Physical state as supplied: the requested form, else from melting/boiling points, else the Pocket Guide. */
  state: 'gas' | 'liquid' | 'solid' | null
  carcinogens: Carcinogen
  /** The US list that alone identifies the substance, when neither Annex VI nor PubChem has it. */
  listedIn: string | null
  oshaCarcinogen: string | null
  enrichment: Enrichment
  elements: string[]
  sources: string[]
}

/**
 * OSHA substance-specific standards for carcinogens (29 CFR 1910 Subpart Z), by CAS number,
 * as Appendix D item 11 asks whether OSHA lists the chemical as a carcinogen.
 */
export const OSHA_CARCINOGENS: Record<string, string> = {
  '71-43-2': '29 CFR 1910.1028 (benzene)',
  '75-01-4': '29 CFR 1910.1017 (vinyl chloride)',
  '107-13-1': '29 CFR 1910.1045 (acrylonitrile)',
  '75-21-8': '29 CFR 1910.1047 (ethylene oxide)',
  '50-00-0': '29 CFR 1910.1048 (formaldehyde)',
  '106-99-0': '29 CFR 1910.1051 (1,3-butadiene)',
  '75-09-2': '29 CFR 1910.1052 (methylene chloride)',
  '101-77-9': '29 CFR 1910.1050 (methylenedianiline)',
  '96-12-8': '29 CFR 1910.1044 (1,2-dibromo-3-chloropropane)',
  '7440-43-9': '29 CFR 1910.1027 (cadmium)',
  '92-93-3': '29 CFR 1910.1003 (4-nitrobiphenyl)',
  '134-32-7': '29 CFR 1910.1003 (alpha-naphthylamine)',
  '107-30-2': '29 CFR 1910.1003 (methyl chloromethyl ether)',
  '91-94-1': "29 CFR 1910.1003 (3,3'-dichlorobenzidine)",
  '542-88-1': '29 CFR 1910.1003 (bis-chloromethyl ether)',
  '91-59-8': '29 CFR 1910.1003 (beta-naphthylamine)',
  '92-87-5': '29 CFR 1910.1003 (benzidine)',
  '92-67-1': '29 CFR 1910.1003 (4-aminodiphenyl)',
  '151-56-4': '29 CFR 1910.1003 (ethyleneimine)',
  '57-57-8': '29 CFR 1910.1003 (beta-propiolactone)',
  '53-96-3': '29 CFR 1910.1003 (2-acetylaminofluorene)',
  '60-11-7': '29 CFR 1910.1003 (4-dimethylaminoazobenzene)',
  '62-75-9': '29 CFR 1910.1003 (N-nitrosodimethylamine)',
}

export function gatherFacts(substance: Resolved, j: Jurisdiction, enrichment: Enrichment = {}): Facts {
  const { record, entry } = substance
  const compound = record.compound
  const baseName = displayName(record, entry, j)
  const synonyms = [...new Set([...(entry?.names ?? []), ...record.names].map(cleanAnnexName))]
    .filter((n) => n.toLowerCase() !== baseName.toLowerCase())
    .slice(0, 8)
  const counts = compound ? parseFormula(compound.formula) : null
  let properties = propertiesOf(record.cas)
  let propertiesSource = properties ? SOURCES.properties : null
  let enriched: Facts['enriched'] = null
  if (enrichment.properties) {
    const { source, ...values } = enrichment.properties
    const base: Properties = properties ?? {
      melting_point_c: null,
      boiling_point_c: null,
      flash_point_c: null,
      autoignition_c: null,
      lel_pct: null,
      uel_pct: null,
      log_kow: null,
    }
    // Bundled values win; enrichment only fills gaps.
    const keys: Array<keyof Properties> = []
    for (const [k, v] of Object.entries(values) as Array<[keyof Properties, number]>)
      if (base[k] === null) {
        base[k] = v
        keys.push(k)
      }
    enriched = keys.length ? { keys, source } : null
    properties = base
    propertiesSource = propertiesSource ? `${propertiesSource} Gaps filled from ${source}.` : source
  }
  const sources = [entry ? SOURCES.annexVI : null, compound ? SOURCES.identifiers : null, propertiesSource]
  const hill = counts ? hillFormula(counts) : null
  const groupMatch = groupEntryFor(counts, hill, record.cas, record.annex.length > 0)
  const groupEntry = groupMatch ? (knowledge().byIndexNo.get(groupMatch.index)?.entry ?? null) : null
  const ld50 = oralLd50Of(record.cas)
  // An entry for the solution makes the sheet one for the solution, stated concentration or not.
  const solution = solutionEntry(entry)
  const classification = decide({
    own: entry,
    group: groupMatch && groupEntry ? { entry: groupEntry, match: groupMatch } : null,
    data: {
      cas: record.cas,
      meltingC: properties?.melting_point_c ?? null,
      boilingC: properties?.boiling_point_c ?? null,
      flashC: properties?.flash_point_c ?? null,
      lelPct: properties?.lel_pct ?? null,
      uelPct: properties?.uel_pct ?? null,
      propertiesSource,
      ld50OralMgKg: ld50?.value ?? null,
      ld50Source: ld50?.source ?? null,
    },
    concentration: substance.concentration ?? null,
    form: substance.form ?? (solution ? 'aqueous solution' : null),
    j,
  })
  // One coherent identity per sheet: the product identifier names the form the sheet is for.
  const form = classification.form
  const productName =
    form && !baseName.toLowerCase().includes(form.split(',')[0]) && (form === 'gas' || form.startsWith('aqueous solution'))
      ? `${baseName} (${form})`
      : baseName
  if (ld50) sources.push(ld50.source)
  const dot = dotCandidatesOf(record.cas)
  const transportState = stateOfForm(classification.form) ?? stateAt20(properties) ?? nioshState(nioshOf(record.cas))
  // A solution is a liquid whatever the pure substance is (ammonia, hydrogen chloride).
  const state = classification.form?.startsWith('aqueous solution') ? 'liquid' : transportState
  const transport = decideTransport({
    rows: dot,
    generic: dotRowsOf,
    pairs: classification.pairs,
    form: classification.form,
    state: transportState,
    concentration: classification.concentration,
    name: [baseName, ...synonyms].join('; '),
    kind: transportKind(record.cas, baseName, counts),
    flashKnown: properties?.flash_point_c != null,
    classified: classification.pairs.length > 0,
    j,
  })
  if (dot.length || transport.entry) sources.push(SOURCES.transport)
  const epa = epaPropertiesOf(record.cas)
  if (epa) sources.push(SOURCES.epa)
  if (record.cas) sources.push(`Regulatory lists: ${Object.values(SOURCES.regulatory).join('; ')}.`)
  const niosh = nioshOf(record.cas)
  if (niosh) sources.push(SOURCES.niosh)
  const exposureLimits = limitsFor(
    { cas: record.cas, elements: counts, molecularWeight: compound?.mw ?? null, names: [baseName, ...record.names] },
    groupEntry ? (groupMatch?.index ?? null) : null
  )
  if (exposureLimits) sources.push(SOURCES.oel)
  if (exposureLimits?.niosh.some((l) => l.list.startsWith('NIOSH Pocket Guide to Chemical Hazards, npgd')))
    sources.push(SOURCES.nioshLimits)
  if (compound && compound.cid === 0) sources.push(SOURCES.commonNames)
  if (record.listedIn) sources.push(`${record.listedIn} (name and CAS number only).`)
  if (groupEntry && !entry) sources.push(SOURCES.annexVI)
  const carcinogens = carcinogenListings(record.cas)
  if (carcinogens.iarc) sources.push(SOURCES.iarc)
  if (carcinogens.ntp) sources.push(SOURCES.ntp)
  if (enrichment.notifiedHazards) sources.push(enrichment.notifiedHazards.source)
  return {
    jurisdiction: j,
    productName,
    synonyms,
    cas: record.cas,
    ec: record.ec,
    indexNo: classification.annex?.index ?? null,
    formula: counts ? hillFormula(counts) : null,
    molecularWeight: compound?.mw ?? null,
    smiles: compound?.smiles ?? null,
    inchikey: compound?.inchikey ?? null,
    pubchemCid: compound?.cid ?? null,
    annex: classification.annex,
    // P378's medium and P501's request to the supplier are completed once, so every section shows the same text.
    label: fillPlaceholders(completeStatements(classification.entry ? labelElements(classification.entry, j) : null)),
    classification,
    solutionEntry: classification.form?.startsWith('aqueous solution') ? solution : null,
    ld50Oral: ld50,
    exposureLimits,
    transport,
    listings: listingsOf(record.cas),
    epa,
    properties,
    propertiesSource,
    enriched,
    niosh,
    npgLimits: npgLimitsOf(record.cas),
    state,
    carcinogens,
    listedIn: record.listedIn ?? null,
    oshaCarcinogen: record.cas ? (OSHA_CARCINOGENS[record.cas] ?? null) : null,
    enrichment,
    elements: counts ? [...counts.keys()] : [],
    sources: [...new Set(sources.filter((s): s is string => Boolean(s)))],
  }
}

/** Physical state at 20 °C from melting and boiling points, when both sides are known. */
/**
 * Acidic or basic, organic or inorganic: what picks among the corrosive and toxic n.o.s. entries.
 * Acid or base from the strong acid/base list, else from the name ("acid", "hydroxide"); organic
 * when the formula has carbon bonded to hydrogen (carbonates and cyanides are inorganic).
 */
function transportKind(cas: string | null, name: string, counts: Map<string, number> | null) {
  const listed = cas ? acidsBases.substances.find((s) => s.cas === cas)?.kind : undefined
  const n = name.toLowerCase()
  const acidBase: 'acidic' | 'basic' | null =
    listed === 'acid' || (!listed && /\bacid\b/.test(n))
      ? 'acidic'
      : listed === 'base' || (!listed && /\bhydroxide\b/.test(n))
        ? 'basic'
        : null
  return { acidBase, organic: counts ? Boolean(counts.get('C') && counts.get('H')) : null, carbonFree: counts ? !counts.get('C') : false }
}

/** The state a requested form fixes (physical_form: gas, liquid, solid, powder). */
function stateOfForm(form: string | null): 'gas' | 'liquid' | 'solid' | null {
  if (form === 'gas' || form === 'liquid' || form === 'solid') return form
  return form === 'dust' ? 'solid' : null
}

/** The state the NIOSH Pocket Guide's description names ("White, odorless powder" → solid). */
function nioshState(n: NioshData | null): 'gas' | 'liquid' | 'solid' | null {
  const s = n?.state
  if (!s) return null
  return s === 'gas' || s === 'liquid' ? s : 'solid'
}

export function stateAt20(p: Properties | null): 'gas' | 'liquid' | 'solid' | null {
  if (!p) return null
  if (p.boiling_point_c !== null && p.boiling_point_c < 20) return 'gas'
  if (p.melting_point_c !== null && p.melting_point_c > 20) return 'solid'
  if (p.melting_point_c !== null && p.boiling_point_c !== null) return 'liquid'
  return null
}
