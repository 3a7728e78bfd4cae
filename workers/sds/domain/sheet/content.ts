/**
 * Content both formats share, derived from the facts: first aid from the response statements,
 * fire-fighting and reactivity from the hazard classes, decomposition products from the
 * elemental composition, properties with their source. Every derived sentence says what it is
 * derived from, and nothing is stated that the data do not support.
 */
import { glovesOf, SOURCES } from '../chem/knowledge'
import type { Statement } from '../ghs/engine'
import { PICTOGRAM_NAMES } from '../ghs/engine'
import type { Facts } from './facts'
import { NO_DATA, noData, p, type Block } from './model'
import { extinguishing as extinguishingFor, acidFireRule, fireSources } from './fire'
import { hCodes } from './codes'
import { reactiveClasses } from './reactivity'
import { section9 } from './properties'
import { type ProtectionInput, protectionRows } from './protection'
import { selectForLabel } from './p-selection'
import notStaged from './lists-not-staged.json'
import { firstAidBlocks, firstAidByRoute } from './first-aid'

export { hCodes } from './codes'

const has = (f: Facts, ...codes: string[]) => {
  const all = hCodes(f)
  return codes.some((c) => [...all].some((h) => h === c || h.startsWith(c)))
}

function allP(f: Facts): Statement[] {
  const pr = f.label?.precautionary
  return pr ? [...pr.prevention, ...pr.response, ...pr.storage, ...pr.disposal] : []
}

function pick(f: Facts, prefixes: string[]): Statement[] {
  return allP(f).filter((s) => prefixes.some((x) => s.code === x || s.code.startsWith(`${x}+`)))
}

const LAW = {
  us: {
    classify: 'classify it under 29 CFR 1910.1200(d) and Appendices A and B',
    name: 'the OSHA Hazard Communication Standard (29 CFR 1910.1200, Appendices A and B)',
  },
  eu: {
    classify: 'classify it under CLP Title II (Articles 5 to 16) and notify the classification to ECHA',
    name: 'Regulation (EC) No 1272/2008 (CLP), Annex I',
  },
}

/** Where no class applies: the statement, the data judged, and what is missing (never nothing). */
export function notClassifiedText(f: Facts): string {
  const d = f.classification
  const law = LAW[f.jurisdiction]
  const judged = d.judged.length ? ` Data judged: ${d.judged.join(' ')}` : ' No data in our sources allowed any hazard class to be judged.'
  const missing = d.missing.length
    ? ` Not in our data (not judged): ${d.missing.join('; ')}; nor skin and eye irritation, sensitisation, germ cell mutagenicity, carcinogenicity, reproductive toxicity, specific target organ toxicity and aquatic toxicity test data.`
    : ''
  const annex = d.annex
    ? ''
    : ' It has no harmonised classification in CLP Annex VI Table 3 (neither its own entry nor a group entry its composition falls under).'
  // A listed carcinogen is never called "not classified as hazardous": its listing is data the
  // criteria of CLP Annex I 3.6 / OSHA App. A.6 must weigh, and we hold no classification for it.
  const listings = [
    f.carcinogens.iarc && f.carcinogens.iarc.group !== '3' ? `IARC Group ${f.carcinogens.iarc.group}` : null,
    f.carcinogens.ntp ? `NTP Report on Carcinogens (${f.carcinogens.ntp.listing.toLowerCase()})` : null,
    f.listedIn && /Carcinogens|Proposition 65/.test(f.listedIn) ? f.listedIn : null,
  ].filter(Boolean)
  const lead = listings.length
    ? `No hazard class could be decided on the data available to us, but the substance is listed by ${listings.join(' and ')}: carcinogenicity (and the other classes) must be classified by the supplier under ${law.name} before supply; this sheet does not state that it is not hazardous.`
    : `Not classified as hazardous under ${law.name}, on the data available to us.`
  const identity = f.listedIn ? ` We know this substance only by its name and CAS number on the ${f.listedIn}.` : ''
  return `${lead}${identity}${annex}${judged}${missing} This is not a finding that the substance is safe: before supplying it, the supplier must ${law.classify}, using the data listed as missing.`
}

export function classificationBlocks(f: Facts): Block[] {
  const d = f.classification
  if (!f.label) {
    const notified = f.enrichment.notifiedHazards
    return [
      p(notClassifiedText(f), 'strong'),
      ...d.notes.map((n) => p(n, 'note')),
      ...(notified
        ? [
            p(
              `For information only, NOT a harmonised classification: hazard statements notified by companies to the ECHA C&L Inventory, as aggregated by PubChem (share of notifications in brackets): ${notified.codes.join(', ')}. Source: ${notified.source}.`,
              'note'
            ),
          ]
        : []),
    ]
  }
  const rows: string[][] = f.label.classification.map((c) => [
    f.jurisdiction === 'eu' ? c.code : c.name,
    c.statement ? `${c.statement.code}: ${c.statement.text}` : '—',
  ])
  const blocks: Block[] = [{ kind: 'table', header: ['Hazard class and category', 'Hazard statement'], rows }]
  const notified = f.enrichment.notifiedHazards
  if (d.form) blocks.push(p(`The classification is for the substance as ${d.form === 'gas' ? 'a gas' : `an ${d.form}`}.`, 'note'))
  const notes = [...new Set([...f.label.classification.flatMap((c) => c.notes), ...f.label.notes, ...d.notes])]
  for (const n of notes) blocks.push(p(n, 'note'))
  blocks.push(p(classificationSource(f), 'note'))
  if (d.missing.length)
    blocks.push(p(`Not in our data (hazard classes not judged beyond the harmonised classification): ${d.missing.join('; ')}.`, 'note'))
  if (notified && !d.annex)
    blocks.push(
      p(
        `For information only, NOT a harmonised classification: hazard statements notified by companies to the ECHA C&L Inventory, as aggregated by PubChem (share of notifications in brackets): ${notified.codes.join(', ')}. Source: ${notified.source}.`,
        'note'
      )
    )
  return blocks
}

/** Section 2's source line: harmonised or group entry, then the supplier's own classes with their data. */
export function classificationSource(f: Facts): string {
  const d = f.classification
  const parts: string[] = []
  if (d.annex && !d.group)
    parts.push(`Harmonised classification, CLP Annex VI Table 3, index no. ${d.annex.index}${d.annex.atp ? ` (${d.annex.atp})` : ''}.`)
  if (d.annex && d.group)
    parts.push(
      `Harmonised classification of the CLP Annex VI group entry ${d.annex.index} (“${d.group.name}”)${d.annex.atp ? ` (${d.annex.atp})` : ''}, applied because the substance is ${d.group.why}.`
    )
  if (!d.annex)
    parts.push(
      'The substance has no harmonised classification in CLP Annex VI Table 3 (neither its own entry nor a group entry its composition falls under).'
    )
  if (d.concentration !== null)
    parts.push(
      `Concentration ${d.concentration} % in water: specific concentration limits of CLP Annex VI where it gives them, otherwise the generic limits of CLP Annex I.`
    )
  else if (d.form?.startsWith('aqueous solution'))
    parts.push(
      'Aqueous solution, concentration not stated: the classification of the entry as it stands, without its specific concentration limits (that of the most concentrated solution it covers); send concentration for the classification at a stated one.'
    )
  if (d.supplier.length)
    parts.push(
      `Classification by the supplier, based on data (where CLP Annex VI is silent): ${d.supplier.map((s) => `${s.cls} (${s.basis})`).join('; ')}.`
    )
  if (f.jurisdiction === 'us')
    parts.push(
      'OSHA adopts the GHS criteria (29 CFR 1910.1200 Appendices A and B); the manufacturer or importer remains responsible for the classification under 1910.1200(d).'
    )
  return `Source: ${parts.join(' ')}`
}

export function labelBlocks(f: Facts): Block[] {
  const l = f.label
  if (!l) return [p('No label elements can be given until the substance is classified (see above).')]
  const blocks: Block[] = []
  if (l.pictograms.length) {
    blocks.push({ kind: 'pictograms', codes: l.pictograms })
    blocks.push(p(`Hazard pictograms: ${l.pictograms.map((c) => `${c} (${PICTOGRAM_NAMES[c]})`).join(', ')}.`))
  } else blocks.push(p('Hazard pictograms: none required.'))
  blocks.push(p(`Signal word: ${l.signalWord ?? 'none required'}`, 'strong'))
  blocks.push({ kind: 'statements', title: 'Hazard statements', items: l.hazardStatements })
  if (l.supplementalStatements.length)
    blocks.push({ kind: 'statements', title: 'Supplemental hazard information (EUH)', items: l.supplementalStatements })
  const pr = l.precautionary
  const groups: Array<[string, Statement[]]> = [
    ['Precautionary statements: prevention', pr.prevention],
    ['Precautionary statements: response', pr.response],
    ['Precautionary statements: storage', pr.storage],
    ['Precautionary statements: disposal', pr.disposal],
  ]
  const all = groups.flatMap(([, items]) => items)
  const { label, sheetOnly } = f.jurisdiction === 'eu' ? selectForLabel(all) : { label: all, sheetOnly: [] }
  for (const [title, items] of groups) {
    const onLabel = items.filter((s) => label.includes(s))
    if (onLabel.length) blocks.push({ kind: 'statements', title: sheetOnly.length ? `${title} (on the label)` : title, items: onLabel })
  }
  if (sheetOnly.length) {
    blocks.push({ kind: 'statements', title: 'Further precautionary statements (this sheet only, not on the label)', items: sheetOnly })
    blocks.push(
      p(
        `The label carries ${label.length} of the ${all.length} precautionary statements: CLP Article 28(3) normally allows no more than six; the choice follows the order in our rules (response to the most severe effects, prevention, storage, disposal) and the supplier may choose differently.`,
        'note'
      )
    )
  }
  blocks.push(
    p(
      '“[… to be completed by the supplier: …]” marks a detail the supplier must specify and “/” a choice among alternatives (GHS Rev. 7 Annex 3, A3.2.2).',
      'note'
    )
  )
  return blocks
}

export function identityRows(f: Facts): Array<[string, string]> {
  const rows: Array<[string, string]> = [['Chemical name', f.productName]]
  if (f.synonyms.length) rows.push(['Synonyms', f.synonyms.join('; ')])
  rows.push(['CAS number', f.cas ?? `${NO_DATA}: no CAS number in the sources used`])
  rows.push(['EC number', f.ec.join(', ') || `${NO_DATA}: no EC number in the sources used`])
  if (f.indexNo) rows.push(['CLP Annex VI index number', f.indexNo])
  rows.push(['Molecular formula', f.formula ?? `${NO_DATA}: not in the sources used`])
  if (f.molecularWeight) rows.push(['Molecular weight', `${f.molecularWeight} g/mol`])
  if (f.smiles) rows.push(['SMILES', f.smiles])
  if (f.inchikey) rows.push(['InChIKey', f.inchikey])
  if (f.pubchemCid) rows.push(['PubChem CID', String(f.pubchemCid)])
  return rows
}

/** Section 4.1 by route (first-aid.ts): decided from the classification, never generic text passed off as derived. */
export function firstAid(f: Facts): { inhalation: Block[]; skin: Block[]; eyes: Block[]; ingestion: Block[] } {
  const aid = firstAidByRoute(f)
  return {
    inhalation: firstAidBlocks('inhalation', aid.inhalation),
    skin: firstAidBlocks('skin', aid.skin),
    eyes: firstAidBlocks('eyes', aid.eyes),
    ingestion: firstAidBlocks('ingestion', aid.ingestion),
  }
}

export function symptoms(f: Facts): Block[] {
  const health = (f.label?.hazardStatements ?? []).filter((s) => /^H3/.test(s.code))
  if (!f.label) return [noData('no hazard class applies on the data available; see Sections 2 and 11.')]
  if (!health.length) return [p('No health hazard is classified; no specific symptoms are known from the sources used.')]
  return [{ kind: 'statements', title: 'Effects, from the health hazard classification', items: health }]
}

export function immediateAttention(f: Facts): Block[] {
  const urgent = pick(f, ['P310', 'P315', 'P320'])
  if (urgent.length)
    return [
      p('Immediate medical attention is required after significant exposure. Show this safety data sheet to the doctor.'),
      { kind: 'statements', title: 'From the precautionary statements', items: urgent },
    ]
  return [p('Treat symptomatically. No specific antidote is known from the sources used. Show this safety data sheet to the doctor.')]
}

/** Section 5.1 from fire-rules.json (see sheet/fire.ts), with the rule's sources. */
export function extinguishing(f: Facts): { suitable: string; unsuitable: string; source: string | null } {
  const byClass = extinguishingFor(f.label)
  if (byClass.source) return byClass
  // No hazard-class rule (an acid is not flammable): the concentrated acid's reaction with water decides.
  const acid = isAcid(f) ? acidFireRule() : null
  return acid ? { suitable: acid.suitable, unsuitable: acid.unsuitable, source: acid.source } : byClass
}

const isAcid = (f: Facts) => reactiveClasses(f).some((c) => c.id === 'acid')

/** Section 16 references of the Section 5 rule used on this sheet. */
export function fireSourcesOf(f: Facts): string[] {
  const byClass = fireSources(f.label)
  if (byClass.length || !isAcid(f)) return byClass
  return [`Section 5 (extinguishing media, acid and water): ${acidFireRule().source}.`]
}

const DECOMPOSITION: Record<string, string> = {
  C: 'carbon monoxide and carbon dioxide',
  N: 'nitrogen oxides',
  S: 'sulfur oxides',
  Cl: 'hydrogen chloride',
  F: 'hydrogen fluoride',
  Br: 'hydrogen bromide',
  I: 'hydrogen iodide',
  P: 'phosphorus oxides',
}

export function decompositionProducts(f: Facts): string {
  if (!f.elements.length) return `${NO_DATA}: the composition is not in the sources used.`
  const products = f.elements.filter((e) => DECOMPOSITION[e]).map((e) => DECOMPOSITION[e])
  const metals = f.elements.filter((e) => !['C', 'H', 'N', 'O', 'S', 'Cl', 'F', 'Br', 'I', 'P', 'Si', 'B', 'Se', 'As'].includes(e))
  if (metals.length) products.push(`oxides of ${metals.join(', ')}`)
  if (!products.length) return 'No hazardous decomposition products are expected from the elemental composition.'
  return `In a fire or on thermal decomposition, expect ${products.join('; ')} (derived from the elemental composition ${f.formula}).`
}

export function specialFireHazards(f: Facts): string {
  const out: string[] = []
  if (has(f, 'H200', 'H201', 'H202', 'H203', 'H204', 'H205', 'H240', 'H241')) out.push('Explosion risk in a fire.')
  if (has(f, 'H220', 'H221', 'H224', 'H225', 'H226'))
    out.push('Vapours or gas may form explosive mixtures with air and travel to a source of ignition.')
  if (has(f, 'H280', 'H281')) out.push('Containers may burst when heated.')
  if (has(f, 'H270', 'H271', 'H272')) out.push('Oxidiser: intensifies fire.')
  if (has(f, 'H260', 'H261')) out.push('Releases flammable gases in contact with water.')
  if (isAcid(f) && !extinguishingFor(f.label).source) out.push(acidFireRule().hazards)
  out.push(decompositionProducts(f))
  return out.join(' ')
}

/** Section 8(c): the NIOSH Pocket Guide's personal protection for the substance, where our data has it. */
export function nioshProtection(f: Facts): Block[] {
  const pp = f.niosh?.personalProtection
  return pp ? [p(`NIOSH Pocket Guide to Chemical Hazards, personal protection and sanitation for this substance: ${pp}.`)] : []
}

/** The first limit value of the sheet's own jurisdiction, as "values (list)", that no end date has passed. */
function firstLimit(f: Facts): string | null {
  const rows =
    f.jurisdiction === 'us' ? [...(f.exposureLimits?.osha ?? []), ...(f.exposureLimits?.niosh ?? [])] : (f.exposureLimits?.eu ?? [])
  const x = rows.find((r) => !r.until && /\d/.test(r.values))
  return x ? `${x.values} (${x.list})` : null
}

/** What the Section 8.2 rules read of one substance's facts (also each component of a mixture). */
export function protectionInputOf(f: Facts): ProtectionInput {
  return {
    jurisdiction: f.jurisdiction,
    cas: f.cas,
    names: [f.productName, ...f.synonyms],
    codes: hCodes(f),
    state: f.state,
    elements: f.elements,
    boilingC: f.properties?.boiling_point_c ?? null,
    npg: f.npgLimits,
    hasLimit: Boolean(f.exposureLimits),
    limit: firstLimit(f),
    gloves: glovesOf(f.cas, f.indexNo),
  }
}

/** Section 8.2: eyes, hands and respiratory protection, each with its rule (protection.ts). */
export function protectionBlocks(f: Facts): Block[] {
  const rows = protectionRows(protectionInputOf(f))
  return [{ kind: 'table', header: ['Protection', 'Recommendation', 'Rule'], rows }]
}

export function protectiveEquipment(f: Facts): Block[] {
  const ppe = pick(f, ['P280', 'P282', 'P283', 'P284', 'P271', 'P260', 'P261', 'P262'])
  return ppe.length
    ? [{ kind: 'statements', title: 'From the precautionary statements', items: ppe }]
    : [p('Wear suitable protective gloves and eye protection as a matter of good practice.')]
}

/** OSHA Appendix D's US spelling of the Section 9 words CLP and REACH spell the British way. */
export function usSpelling(t: string): string {
  return t
    .replace(/Colour/g, 'Color')
    .replace(/colour/g, 'color')
    .replace(/Odour/g, 'Odor')
    .replace(/odour/g, 'odor')
    .replace(/Vapour/g, 'Vapor')
    .replace(/vapour/g, 'vapor')
}

/** Section 9 items (a) to (r): the same list in OSHA Appendix D and REACH Annex II (2020/878); see properties.ts. */
export function propertyRows(f: Facts): Array<[string, string]> {
  const rows = section9(f).map((r): [string, string] => [r.item, r.text])
  // OSHA Appendix D uses US spelling for the same items.
  return f.jurisdiction === 'us' ? rows.map(([k, v]) => [usSpelling(k), usSpelling(v)]) : rows
}

/** Toxicological endpoints with their harmonised class, in the order of OSHA App. D 11 / REACH 11.1. */
export function toxicologyRows(f: Facts): string[][] {
  const classes = f.label?.classification ?? []
  const find = (re: RegExp) => classes.filter((c) => re.test(c.name))
  const row = (label: string, re: RegExp): string[] => {
    const hits = find(re)
    if (hits.length)
      return [label, hits.map((c) => `${c.name}${c.statement ? ` (${c.statement.code}: ${c.statement.text})` : ''}`).join('; ')]
    return [
      label,
      f.label
        ? 'Not classified (no harmonised classification for this class); no data available in the sources used.'
        : `${NO_DATA}: not classified on the data available (Section 2).`,
    ]
  }
  return [
    row('Acute toxicity', /^Acute toxicity/),
    row('Skin corrosion/irritation', /^Skin corrosion/),
    row('Serious eye damage/irritation', /^Serious eye/),
    row('Respiratory or skin sensitisation', /sensitization/),
    row('Germ cell mutagenicity', /mutagenicity/),
    row('Carcinogenicity', /^Carcinogenicity/),
    row('Reproductive toxicity', /^Reproductive/),
    row('STOT, single exposure', /single exposure/),
    row('STOT, repeated exposure', /repeated exposure/),
    row('Aspiration hazard', /^Aspiration/),
  ]
}

export function carcinogenRows(f: Facts): Array<[string, string]> {
  const { iarc, ntp } = f.carcinogens
  return [
    [
      'IARC',
      iarc
        ? `Group ${iarc.group} (${iarc.agent}; Monographs vol. ${iarc.volumes}${iarc.year ? `, ${iarc.year}` : ''})`
        : 'Not listed in the IARC Monographs data used (entries up to 2020)',
    ],
    ['NTP Report on Carcinogens', ntp ? `${ntp.listing} (${ntp.name})` : 'Not listed in the NTP RoC data used'],
    [
      'OSHA',
      f.oshaCarcinogen
        ? `Regulated carcinogen: ${f.oshaCarcinogen}`
        : 'Not the subject of an OSHA carcinogen standard (29 CFR 1910 Subpart Z)',
    ],
  ]
}

export function aquaticBlocks(f: Facts): Block[] {
  const env = [
    ...(f.label?.classification ?? []).filter((c) => /aquatic|ozone/i.test(c.name)),
    ...(f.label?.outOfScope ?? []).map((o) => ({ name: o.name, statement: o.statement })),
  ]
  if (!f.label) return [noData('not classified on the data available; no ecotoxicity data in the sources used.')]
  const blocks: Block[] = []
  if (env.length)
    blocks.push({
      kind: 'table',
      header: ['Environmental hazard class', 'Hazard statement'],
      rows: env.map((c) => [c.name, c.statement ? `${c.statement.code}: ${c.statement.text}` : '—']),
    })
  else blocks.push(p('Not classified as hazardous to the aquatic environment under the harmonised classification.'))
  const m = f.annex?.limits?.match(/M\s*=\s*\d+/g)
  if (m) blocks.push(p(`M-factor(s) from CLP Annex VI: ${[...new Set(m.map((x) => x.replace(/\s/g, '')))].join(', ')}.`))
  blocks.push(p(`${NO_DATA} on LC50/EC50 test values: not in the sources used.`, 'note'))
  return blocks
}

export function bioaccumulation(f: Facts): Block[] {
  const logKow = f.properties?.log_kow
  if (logKow == null) return [noData('no partition coefficient or BCF in the sources used.')]
  const note = logKow >= 4 ? ' A log Kow of 4 or more indicates a potential to bioaccumulate (CLP Annex I 4.1.2.8).' : ''
  return [p(`log Kow = ${logKow} (${f.propertiesSource?.split(' via ')[0]}).${note}`)]
}

export function disposalBlocks(f: Facts, law: string): Block[] {
  const items = pick(f, ['P501', 'P502'])
  return [
    ...(items.length ? [{ kind: 'statements', title: 'From the precautionary statements', items } as Block] : []),
    p(`Dispose of the substance and its container in accordance with ${law}. Do not empty into drains.`),
  ]
}

export function sourcesList(f: Facts): string[] {
  return [
    ...f.sources,
    'Phrase texts: GHS Rev. 7 Annex 3 (US) and CLP Annexes III and IV as amended by Regulation (EU) 2019/521 (EU); allocation and precedence rules: GHS Rev. 7 §1.4.10.5.3, 29 CFR 1910.1200 Appendix C, CLP Articles 26-28.',
  ]
}

export { exposureLimitBlocks } from './exposure-blocks'

/** Lists not in our data, each printed as NOT CHECKED with the reason (lists-not-staged.json). */
const NOT_STAGED = notStaged as unknown as { us: Array<[string, string]>; eu: Array<[string, string]> }

/** Section 15 rows from the lists in our data, each saying which edition was consulted (issue 15). */
export function listingRows(f: Facts): Array<[string, string]> {
  const l = f.listings
  const src = SOURCES.regulatory
  const row = (label: string, value: string | undefined, list: string): [string, string] => [
    label,
    value ? `${value} (${list})` : `Not listed (${list})`,
  ]
  if (!f.cas || !l) return [['Regulatory lists', `${NO_DATA}: no CAS number to check the lists by.`]]
  return f.jurisdiction === 'us'
    ? [
        row('TSCA Inventory', l.tsca, src.tsca),
        row('California Proposition 65', l.prop65, src.prop65),
        row('NTP Report on Carcinogens', l.ntp15, src.ntp15),
        ...NOT_STAGED.us,
      ]
    : [
        row('REACH Candidate List (SVHC)', l.svhc, src.svhc),
        row('REACH Annex XIV (authorisation)', l.xiv, src.xiv),
        row('REACH Annex XVII (restrictions)', l.xvii, `${src.xvii}; read the conditions of the entry`),
        ...NOT_STAGED.eu,
      ]
}
