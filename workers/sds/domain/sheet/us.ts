/**
 * The US sheet: 29 CFR 1910.1200(g) and Appendix D, Table D.1 (minimum information for an
 * SDS): 16 sections with the Appendix D headings and items; sections 12 to 15 are present and
 * marked non-mandatory (1910.1200(g)(2)(xii)-(xv) note: OSHA does not enforce them).
 */
import {
  aquaticBlocks,
  bioaccumulation,
  carcinogenRows,
  classificationBlocks,
  decompositionProducts,
  disposalBlocks,
  extinguishing,
  firstAid,
  identityRows,
  immediateAttention,
  labelBlocks,
  propertyRows,
  protectionBlocks,
  protectiveEquipment,
  sourcesList,
  specialFireHazards,
  symptoms,
  toxicologyRows,
  exposureLimitBlocks,
  listingRows,
  fireSourcesOf,
  nioshProtection,
} from './content'
import { firstAidSources } from './first-aid'
import { valueSourceRows } from './value-sources'
import {
  conditionsToAvoid,
  handlingAdvice,
  hazardousReactions,
  incompatibilities,
  reactionProducts,
  reactivity,
  stability,
  reactivitySources,
  storageAdvice,
} from './reactivity'
import type { DotEntry } from '../chem/knowledge'
import type { TransportDecision } from './transport'
import type { Branding, Facts } from './facts'
import { noData, p, type Block, type Section, type Sheet } from './model'

export type SheetInput = {
  facts: Facts
  branding: Branding & { company_email?: string; emergency_phone?: string }
  date: string
  version: string
}

export const DRAFT_NOTICE =
  'DRAFT, to be reviewed by a competent person. Generated automatically from public regulatory data; it is not a compliant safety data sheet until a competent person has reviewed and completed it, and the supplier remains responsible for its content.'

const NON_MANDATORY = 'Non-mandatory under 29 CFR 1910.1200(g)(2); included for completeness (Appendix D).'

export function companyLines(b: SheetInput['branding']): string[] {
  return [
    b.company_name,
    b.company_address,
    b.company_phone && `Phone: ${b.company_phone}`,
    b.company_website,
    b.company_email && `E-mail: ${b.company_email}`,
  ].filter((x): x is string => Boolean(x))
}

function supplierBlocks(b: SheetInput['branding'], jurisdictionNote: string): Block[] {
  const rows: Array<[string, string]> = [
    ['Company', b.company_name ?? `[To be completed: name of the ${jurisdictionNote}]`],
    ['Address', b.company_address ?? '[To be completed: address]'],
    ['Telephone', b.company_phone ?? '[To be completed: telephone number]'],
  ]
  if (b.company_website) rows.push(['Website', b.company_website])
  if (b.company_email) rows.push(['E-mail', b.company_email])
  return [{ kind: 'fields', rows }]
}

function emergencyBlocks(b: SheetInput['branding']): Block[] {
  if (b.emergency_phone) return [p(`Emergency telephone: ${b.emergency_phone}`, 'strong')]
  return [p('[To be completed: a 24-hour emergency telephone number and its hours of operation.]', 'strong')]
}

export function buildUsSheet({ facts: f, branding, date, version }: SheetInput): Sheet {
  const aid = firstAid(f)
  const media = extinguishing(f)
  const sections: Section[] = [
    {
      number: 1,
      title: 'Identification',
      subsections: [
        { heading: '(a) Product identifier used on the label', blocks: [p(f.productName, 'strong')] },
        { heading: '(b) Other means of identification', blocks: [{ kind: 'fields', rows: identityRows(f).slice(1) }] },
        {
          heading: '(c) Recommended use of the chemical and restrictions on use',
          blocks: [noData('the uses are not known to the generator; the supplier must state the recommended uses and any restrictions.')],
        },
        {
          heading: '(d) Name, address and telephone number of the chemical manufacturer, importer or other responsible party',
          blocks: supplierBlocks(branding, 'US manufacturer, importer or responsible party'),
        },
        { heading: '(e) Emergency phone number', blocks: emergencyBlocks(branding) },
      ],
    },
    {
      number: 2,
      title: 'Hazard(s) identification',
      subsections: [
        { heading: '(a) Classification of the chemical in accordance with paragraph (d)(1)(i)', blocks: classificationBlocks(f) },
        {
          heading: '(b) Signal word, hazard statement(s), symbol(s) and precautionary statement(s) in accordance with paragraph (f)',
          blocks: labelBlocks(f),
        },
        {
          heading: '(c) Describe any hazards not otherwise classified that have been identified during the classification process',
          blocks: hnoc(f),
        },
        {
          heading: '(d) Mixture: percentage of ingredient(s) of unknown acute toxicity',
          blocks: [p('Not applicable: this is a substance, not a mixture.')],
        },
      ],
    },
    {
      number: 3,
      title: 'Composition/information on ingredients',
      subsections: [
        { heading: 'Substance', blocks: [{ kind: 'fields', rows: identityRows(f) }] },
        {
          heading: 'Impurities and stabilizing additives',
          blocks: [
            noData(
              'the composition of the supplied grade is not known to the generator; the supplier must list classified impurities and stabilizers.'
            ),
          ],
        },
      ],
    },
    {
      number: 4,
      title: 'First-aid measures',
      subsections: [
        { heading: '(a) Description of necessary measures: inhalation', blocks: aid.inhalation },
        { heading: '(a) Description of necessary measures: skin contact', blocks: aid.skin },
        { heading: '(a) Description of necessary measures: eye contact', blocks: aid.eyes },
        { heading: '(a) Description of necessary measures: ingestion', blocks: aid.ingestion },
        { heading: '(b) Most important symptoms/effects, acute and delayed', blocks: symptoms(f) },
        {
          heading: '(c) Indication of immediate medical attention and special treatment needed, if necessary',
          blocks: immediateAttention(f),
        },
      ],
    },
    {
      number: 5,
      title: 'Fire-fighting measures',
      subsections: [
        {
          heading: '(a) Suitable (and unsuitable) extinguishing media',
          blocks: [
            {
              kind: 'fields',
              rows: [
                ['Suitable', media.suitable],
                ['Unsuitable', media.unsuitable],
                ['Source', media.source ?? 'No hazard class in Section 2 decides the media; none are given in the sources used.'],
              ],
            },
          ],
        },
        { heading: '(b) Specific hazards arising from the chemical', blocks: [p(specialFireHazards(f))] },
        {
          heading: '(c) Special protective equipment and precautions for fire-fighters',
          blocks: [
            p(
              'Wear self-contained breathing apparatus and full protective clothing. Cool exposed containers with water spray from a safe distance.'
            ),
          ],
        },
      ],
    },
    {
      number: 6,
      title: 'Accidental release measures',
      subsections: [
        {
          heading: '(a) Personal precautions, protective equipment, and emergency procedures',
          blocks: [
            p('Keep unprotected persons away. Ventilate the area. Wear the protective equipment in Section 8.'),
            ...protectiveEquipment(f),
          ],
        },
        {
          heading: '(b) Methods and materials for containment and cleaning up',
          blocks: [
            p(
              `${/H22[0-8]/.test([...hSet(f)].join()) ? 'Remove all sources of ignition. Use non-sparking tools. ' : ''}Contain the spill; collect with inert absorbent material (liquids) or sweep up without raising dust (solids) into suitable closed containers for disposal (Section 13).`
            ),
          ],
        },
      ],
    },
    {
      number: 7,
      title: 'Handling and storage',
      subsections: [
        {
          heading: '(a) Precautions for safe handling',
          blocks: [
            ...statementsOr(f.label?.precautionary.prevention, 'Handle in accordance with good industrial hygiene and safety practice.'),
            ...handlingAdvice(f).map((t) => p(t)),
          ],
        },
        {
          heading: '(b) Conditions for safe storage, including any incompatibilities',
          blocks: [
            ...statementsOr(f.label?.precautionary.storage, 'Store in a closed container in a cool, well-ventilated place.'),
            ...storageAdvice(f).map((t) => p(t)),
            p(incompatibilities(f)),
          ],
        },
      ],
    },
    {
      number: 8,
      title: 'Exposure controls/personal protection',
      subsections: [
        {
          heading:
            '(a) OSHA permissible exposure limit (PEL), ACGIH Threshold Limit Value (TLV), and any other exposure limit used or recommended',
          blocks: exposureLimitBlocks(f, date),
        },
        {
          heading: '(b) Appropriate engineering controls',
          blocks: [p('Use local exhaust ventilation or process enclosure to keep airborne concentrations below the exposure limits.')],
        },
        {
          heading: '(c) Individual protection measures, such as personal protective equipment',
          blocks: [...protectionBlocks(f), ...protectiveEquipment(f), ...nioshProtection(f)],
        },
      ],
    },
    {
      number: 9,
      title: 'Physical and chemical properties',
      subsections: [{ heading: 'Properties (Appendix D items (a) to (r))', blocks: [{ kind: 'fields', rows: propertyRows(f) }] }],
    },
    {
      number: 10,
      title: 'Stability and reactivity',
      subsections: [
        { heading: '(a) Reactivity', blocks: [p(reactivity(f))] },
        { heading: '(b) Chemical stability', blocks: [p(stability(f))] },
        { heading: '(c) Possibility of hazardous reactions', blocks: [p(hazardousReactions(f))] },
        { heading: '(d) Conditions to avoid', blocks: [p(conditionsToAvoid(f))] },
        { heading: '(e) Incompatible materials', blocks: [p(incompatibilities(f))] },
        {
          heading: '(f) Hazardous decomposition products',
          blocks: [reactionProducts(f), decompositionProducts(f)].filter((t): t is string => t !== null).map((t) => p(t)),
        },
      ],
    },
    {
      number: 11,
      title: 'Toxicological information',
      subsections: [
        { heading: 'Likely routes of exposure', blocks: [p(routes(f))] },
        { heading: 'Symptoms related to the physical, chemical and toxicological characteristics', blocks: symptoms(f) },
        {
          heading: 'Delayed and immediate effects and chronic effects from short- and long-term exposure',
          blocks: [{ kind: 'table', header: ['Endpoint', 'Classification'], rows: toxicologyRows(f) }],
        },
        { heading: 'Numerical measures of toxicity (such as acute toxicity estimates)', blocks: [ateBlock(f)] },
        { heading: 'Interactive effects', blocks: [noData('not in the sources used.')] },
        {
          heading:
            'Whether the hazardous chemical is listed in the NTP Report on Carcinogens, found to be a potential carcinogen in the IARC Monographs, or by OSHA',
          blocks: [{ kind: 'fields', rows: carcinogenRows(f) }],
        },
      ],
    },
    {
      number: 12,
      title: 'Ecological information',
      note: NON_MANDATORY,
      subsections: [
        {
          heading: '(a) Ecotoxicity (aquatic and terrestrial, where available)',
          blocks: [
            ...aquaticBlocks(f),
            p('Environmental hazards are outside OSHA’s jurisdiction (29 CFR 1910.1200 Appendix D note to Section 12).', 'note'),
          ],
        },
        { heading: '(b) Persistence and degradability', blocks: [noData('not in the sources used.')] },
        { heading: '(c) Bioaccumulative potential', blocks: bioaccumulation(f) },
        { heading: '(d) Mobility in soil', blocks: [noData('not in the sources used.')] },
        { heading: '(e) Other adverse effects (such as hazardous to the ozone layer)', blocks: [ozone(f)] },
      ],
    },
    {
      number: 13,
      title: 'Disposal considerations',
      note: NON_MANDATORY,
      subsections: [
        {
          heading: 'Description of waste residues and information on their safe handling and methods of disposal',
          blocks: disposalBlocks(f, 'federal (40 CFR Parts 260-273, RCRA), state and local regulations'),
        },
      ],
    },
    {
      number: 14,
      title: 'Transport information',
      note: NON_MANDATORY,
      subsections: transportSubsections(f),
    },
    {
      number: 15,
      title: 'Regulatory information',
      note: NON_MANDATORY,
      subsections: [
        {
          heading: 'Safety, health and environmental regulations specific for the product in question',
          blocks: [
            {
              kind: 'fields',
              rows: [
                [
                  'OSHA Hazard Communication Standard',
                  f.label && f.label.classification.length
                    ? 'Hazardous chemical under 29 CFR 1910.1200 (classified in Section 2).'
                    : 'Classification to be established by the supplier (see Section 2).',
                ],
                ...carcinogenRows(f).filter(([k]) => k === 'OSHA'),
                ...listingRows(f),
                [
                  'EU harmonised classification (for information)',
                  f.indexNo ? `CLP Annex VI index no. ${f.indexNo}` : 'Not listed in CLP Annex VI',
                ],
              ],
            },
          ],
        },
      ],
    },
    {
      number: 16,
      title: 'Other information, including date of preparation or last revision',
      subsections: otherInfo(f, date, version),
    },
  ]
  return {
    jurisdiction: 'us',
    title: 'Safety Data Sheet',
    regulation: 'According to OSHA Hazard Communication Standard 29 CFR 1910.1200 (GHS Rev. 7)',
    productName: f.productName,
    headerLine: branding.company_name ?? f.productName,
    companyLines: companyLines(branding),
    date,
    version,
    draftNotice: DRAFT_NOTICE,
    sections,
  }
}

function hSet(f: Facts): Set<string> {
  return new Set((f.label?.hazardStatements ?? []).flatMap((s) => s.code.split('+')))
}

function statementsOr(items: Array<{ code: string; text: string }> | undefined, fallback: string): Block[] {
  return items?.length ? [{ kind: 'statements', title: 'From the precautionary statements', items }] : [p(fallback)]
}

function hnoc(f: Facts): Block[] {
  const euh = f.annex?.euh.length ? ` The EU harmonised entry adds: ${f.annex.euh.join(', ')}.` : ''
  return [p(`None identified from the sources used.${euh}`)]
}

export function routes(f: Facts): string {
  const codes = [...hSet(f)]
  const r: string[] = []
  if (codes.some((c) => /^H33[0-6]$/.test(c))) r.push('inhalation')
  if (codes.some((c) => /^H31[0-7]$/.test(c))) r.push('skin contact')
  if (codes.some((c) => /^H31[4589]$|^H320$/.test(c))) r.push('eye contact')
  if (codes.some((c) => /^H30[0-5]$/.test(c))) r.push('ingestion')
  return r.length
    ? `From the classification: ${[...new Set(r)].join(', ')}.`
    : 'Inhalation, skin and eye contact, ingestion (no route-specific classification).'
}

export function ateBlock(f: Facts): Block {
  const ate = f.annex?.limits?.split('\n').filter((l) => /ATE/i.test(l))
  const parts = [
    f.ld50Oral ? `LD50 oral, rat: ${f.ld50Oral.value} mg/kg (source: ${f.ld50Oral.source.split(';')[0]}).` : null,
    ate?.length ? `Acute toxicity estimates from CLP Annex VI: ${ate.join('; ')}.` : null,
  ].filter(Boolean)
  const missing = `${f.ld50Oral ? '' : 'Oral LD50, '}dermal LD50 and inhalation LC50: not in the sources used (consulted: rat oral LD50 set of Zhu et al. 2009, CLP Annex VI).`
  return parts.length ? p(`${parts.join(' ')} ${missing}`) : noData(missing)
}

export function ozone(f: Facts): Block {
  const o = [...(f.label?.classification ?? []), ...(f.label?.outOfScope ?? [])].find((c) => /ozone/i.test(c.name))
  return o
    ? p(`${o.name}${o.statement ? `: ${o.statement.code} ${o.statement.text}` : ''}`)
    : noData('no other adverse effects in the sources used.')
}

/** The transport hazards derived from the classification, each with its rule, for the notes of Section 14. */
export function hazardsText(t: TransportDecision): string {
  return t.hazards.length
    ? `Transport hazards from the classification (Section 2): ${t.hazards.map((h) => `class ${h.cls}${h.pg ? ` PG ${h.pg}` : ''} from ${h.from} (${h.rule})`).join('; ')}.`
    : 'No transport hazard class follows from the classification (Section 2).'
}

/** A table row as the sheet prints it; an n.o.s. entry with the technical name in brackets. */
export function entryName(e: DotEntry, technicalName: string | null): string {
  return technicalName ? `${e.name} (${technicalName})` : e.name
}

function transportSubsections(f: Facts) {
  const t: TransportDecision = f.transport ?? {
    entry: null,
    candidates: [],
    rejected: [],
    hazards: [],
    how: 'undetermined',
    technicalName: null,
    reason: 'no transport data consulted',
  }
  const entryText = (e: DotEntry) =>
    `${e.id} ${entryName(e, t.technicalName)}, class ${e.hazardClass}${e.pg ? `, packing group ${e.pg}` : ''}`
  const rejected = t.rejected.length
    ? ` Entries matched by name but not printed: ${t.rejected.map((r) => `${r.entry.id} ${r.entry.name} (${r.why})`).join('; ')}.`
    : ''
  const aquatic = t.hazards.some((h) => h.cls.startsWith('9'))
  const env = aquatic
    ? p(
        'Classified hazardous to the aquatic environment (Aquatic Acute 1 or Chronic 1/2, Section 2): check whether it is a marine pollutant (49 CFR 172.101 Appendix B) or a hazardous substance (Appendix A); neither list is in our data.'
      )
    : noData(
        'marine pollutant status (49 CFR 172.101 Appendix B) is not in our data; the classification has no Aquatic Acute 1 or Chronic 1/2 class.'
      )
  const bulk = noData('not in our data.')
  const derivation = hazardsText(t)
  if (t.entry) {
    const e = t.entry
    const us9 =
      e.hazardClass === '9' && /^UN30(77|82)$/.test(e.id)
        ? ' In the US this entry applies to a hazardous substance (Appendix A to 49 CFR 172.101, a reportable quantity in one package) or a marine pollutant (Appendix B, by vessel); otherwise the material is not subject to the HMR by road, rail or air (49 CFR 171.4). Neither appendix is in our data: the shipper must check.'
        : ''
    const note = p(
      `From the DOT Hazardous Materials Table (49 CFR 172.101, eCFR of 2026-06-01): ${t.reason}.${t.how === 'generic' ? ' The technical name follows the proper shipping name in brackets (49 CFR 172.203(k)).' : ''} ${derivation}${us9}${rejected} The shipper must confirm the entry for the material as shipped (49 CFR 172.101(c)).`,
      'note'
    )
    return [
      { heading: '(a) UN number', blocks: [p(e.id)] },
      { heading: '(b) UN proper shipping name', blocks: [p(entryName(e, t.technicalName))] },
      { heading: '(c) Transport hazard class(es)', blocks: [p(`${e.hazardClass}${e.labels ? ` (labels: ${e.labels})` : ''}`)] },
      { heading: '(d) Packing group, if applicable', blocks: [p(e.pg || 'None assigned in the table entry')] },
      { heading: '(e) Environmental hazards (e.g. marine pollutant)', blocks: [env] },
      { heading: '(f) Transport in bulk (Annex II of MARPOL 73/78 and the IBC Code)', blocks: [bulk] },
      { heading: '(g) Special precautions in connection with transport or conveyance', blocks: [note] },
    ]
  }
  let first: Block
  if (t.how === 'not-regulated')
    first = p(`Not regulated as a hazardous material for transport (49 CFR 173.2, 173.115-173.141): ${t.reason}. ${derivation}${rejected}`)
  else if (t.candidates.length)
    first = p(
      `Entries of the DOT Hazardous Materials Table that may apply (${t.reason}): ${t.candidates.map(entryText).join('; ')}. ${derivation}${rejected}`
    )
  else
    first = noData(
      `${t.reason}. ${derivation}${rejected} Classify under 49 CFR Parts 171-180; this is not a statement that it is unregulated.`
    )
  return [
    { heading: '(a) UN number', blocks: [first] },
    { heading: '(b) UN proper shipping name', blocks: [p('See (a).')] },
    { heading: '(c) Transport hazard class(es)', blocks: [p('See (a).')] },
    { heading: '(d) Packing group, if applicable', blocks: [p('See (a).')] },
    { heading: '(e) Environmental hazards (e.g. marine pollutant)', blocks: [env] },
    { heading: '(f) Transport in bulk (Annex II of MARPOL 73/78 and the IBC Code)', blocks: [bulk] },
    { heading: '(g) Special precautions in connection with transport or conveyance', blocks: [noData('not in our data.')] },
  ]
}

export const VALUE_SOURCES_HEADING = 'Source of each value printed on this sheet'

export function otherInfo(f: Facts, date: string, version: string) {
  const fullText = [...(f.label?.hazardStatements ?? []), ...(f.label?.supplementalStatements ?? [])]
  return [
    {
      heading: 'Date of preparation or last revision',
      blocks: [
        {
          kind: 'fields',
          rows: [
            ['Revision date', date],
            ['Version', version],
          ],
        } as Block,
      ],
    },
    {
      heading: 'Sources of the data used to compile this sheet',
      blocks: [...sourcesList(f), ...firstAidSources(f), ...reactivitySources(f), ...fireSourcesOf(f)].map((s) => p(`• ${s}`)),
    },
    {
      heading: VALUE_SOURCES_HEADING,
      blocks: [
        { kind: 'table', header: ['Section', 'Value', 'Source'], rows: valueSourceRows(f) } as Block,
        p(
          'Items printed as “No data available” name the sources consulted where they appear. Texts not listed here (general advice in Sections 5, 6, 7 and 8) are not taken from data.',
          'note'
        ),
      ],
    },
    ...(fullText.length
      ? [
          {
            heading: 'Full text of the hazard statements referred to',
            blocks: [{ kind: 'statements', title: 'Hazard statements', items: fullText } as Block],
          },
        ]
      : []),
    {
      heading: 'Disclaimer',
      blocks: [
        p(DRAFT_NOTICE, 'strong'),
        p(
          '“No data available” means the sources used hold no value for that item; it does not mean the property is absent or the hazard does not exist.'
        ),
      ],
    },
  ]
}
