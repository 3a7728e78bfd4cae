/**
 * The EU sheet: REACH (EC) No 1907/2006 Annex II as replaced by Regulation (EU) 2020/878.
 * Every subsection 1.1 to 16 is present and never blank (Part A, 0.4: "no data available"
 * with the reason); the date of compilation is on the first page (0.2.5) and every page is
 * numbered "x of y" (0.3.2, done in the footer).
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
  specialFireHazards,
  symptoms,
  toxicologyRows,
  exposureLimitBlocks,
  listingRows,
  nioshProtection,
} from './content'
import {
  conditionsToAvoid,
  handlingAdvice,
  hazardousReactions,
  incompatibilities,
  reactionProducts,
  reactivity,
  stability,
  storageAdvice,
} from './reactivity'
import { adrRowsOf, type AdrRow, type DotEntry } from '../chem/knowledge'
import type { TransportDecision } from './transport'
import type { Facts } from './facts'
import { noData, p, type Block, type Section, type Sheet, type Subsection } from './model'
import { DRAFT_NOTICE, ateBlock, companyLines, entryName, hazardsText, otherInfo, ozone, routes, type SheetInput } from './us'

const sub = (heading: string, ...blocks: Block[]): Subsection => ({ heading, blocks })

export function buildEuSheet({ facts: f, branding, date, version }: SheetInput): Sheet {
  const aid = firstAid(f)
  const media = extinguishing(f)
  const endocrine = (f.annex?.euh ?? []).filter((c) => /^EUH(380|381|430|431)$/.test(c))
  const supplier: Array<[string, string]> = [
    ['Supplier', branding.company_name ?? '[To be completed: name of the supplier]'],
    ['Address', branding.company_address ?? '[To be completed: full address]'],
    ['Telephone', branding.company_phone ?? '[To be completed: telephone number]'],
    [
      'E-mail address of the competent person responsible for the SDS',
      branding.company_email ?? '[To be completed: e-mail address (REACH Annex II, 1.3)]',
    ],
  ]
  if (branding.company_website) supplier.splice(3, 0, ['Website', branding.company_website])

  const sections: Section[] = [
    {
      number: 1,
      title: 'Identification of the substance/mixture and of the company/undertaking',
      subsections: [
        sub('1.1. Product identifier', { kind: 'fields', rows: identityRows(f) }),
        sub(
          '1.2. Relevant identified uses of the substance or mixture and uses advised against',
          noData('the identified uses are not known to the generator; the supplier must state them (REACH Annex II, 1.2).')
        ),
        sub('1.3. Details of the supplier of the safety data sheet', { kind: 'fields', rows: supplier }),
        sub(
          '1.4. Emergency telephone number',
          branding.emergency_phone
            ? p(`Emergency telephone: ${branding.emergency_phone}`, 'strong')
            : p(
                '[To be completed: emergency telephone number, its hours of operation and, where one exists, the official advisory body (poison centre) of the Member State (REACH Annex II, 1.4).]',
                'strong'
              )
        ),
      ],
    },
    {
      number: 2,
      title: 'Hazards identification',
      subsections: [
        sub(
          '2.1. Classification of the substance or mixture',
          p('Classification according to Regulation (EC) No 1272/2008 (CLP):', 'strong'),
          ...classificationBlocks(f)
        ),
        sub('2.2. Label elements', p('Labelling according to Regulation (EC) No 1272/2008 (CLP):', 'strong'), ...labelBlocks(f)),
        sub(
          '2.3. Other hazards',
          noData('no PBT/vPvB assessment (REACH Annex XIII) and no endocrine-disruptor assessment is in the sources used.'),
          ...(endocrine.length ? [p(`Annex VI lists ${endocrine.join(', ')} (endocrine disruption).`)] : [])
        ),
      ],
    },
    {
      number: 3,
      title: 'Composition/information on ingredients',
      subsections: [
        sub(
          '3.1. Substances',
          { kind: 'fields', rows: identityRows(f) },
          noData(
            'the composition of the supplied grade (main constituent %, impurities, stabilisers) is not known to the generator; the supplier must state it.'
          )
        ),
        sub('3.2. Mixtures', p('Not applicable: the product is a substance.')),
      ],
    },
    {
      number: 4,
      title: 'First aid measures',
      subsections: [
        sub(
          '4.1. Description of first aid measures',
          p('After inhalation:', 'strong'),
          ...aid.inhalation,
          p('After skin contact:', 'strong'),
          ...aid.skin,
          p('After eye contact:', 'strong'),
          ...aid.eyes,
          p('After ingestion:', 'strong'),
          ...aid.ingestion
        ),
        sub('4.2. Most important symptoms and effects, both acute and delayed', ...symptoms(f)),
        sub('4.3. Indication of any immediate medical attention and special treatment needed', ...immediateAttention(f)),
      ],
    },
    {
      number: 5,
      title: 'Firefighting measures',
      subsections: [
        sub('5.1. Extinguishing media', {
          kind: 'fields',
          rows: [
            ['Suitable extinguishing media', media.suitable],
            ['Unsuitable extinguishing media', media.unsuitable],
            ['Source', media.source ?? 'No hazard class in Section 2 decides the media; none are given in the sources used.'],
          ],
        }),
        sub('5.2. Special hazards arising from the substance or mixture', p(specialFireHazards(f))),
        sub(
          '5.3. Advice for firefighters',
          p(
            'Wear self-contained breathing apparatus and chemical protective clothing. Cool endangered containers with water spray. Prevent fire-fighting water from entering drains or watercourses.'
          )
        ),
      ],
    },
    {
      number: 6,
      title: 'Accidental release measures',
      subsections: [
        sub(
          '6.1. Personal precautions, protective equipment and emergency procedures',
          p('Keep unprotected persons away. Ensure adequate ventilation. Wear the personal protective equipment in Section 8.'),
          ...protectiveEquipment(f)
        ),
        sub(
          '6.2. Environmental precautions',
          p(
            (f.label?.classification ?? []).some((c) => /aquatic/i.test(c.name))
              ? 'Avoid release to the environment (P273). Prevent entry into drains, surface water and soil; inform the authorities if it occurs.'
              : 'Prevent entry into drains, surface water and soil.'
          )
        ),
        sub(
          '6.3. Methods and material for containment and cleaning up',
          p(
            'Contain the spill; take up liquids with inert absorbent material, sweep up solids without raising dust, and place in suitable closed containers for disposal (Section 13).'
          )
        ),
        sub('6.4. Reference to other sections', p('Personal protection: Section 8. Disposal: Section 13.')),
      ],
    },
    {
      number: 7,
      title: 'Handling and storage',
      subsections: [
        sub(
          '7.1. Precautions for safe handling',
          ...(f.label?.precautionary.prevention.length
            ? [{ kind: 'statements', title: 'From the precautionary statements', items: f.label.precautionary.prevention } as Block]
            : [p('Handle in accordance with good industrial hygiene and safety practice.')]),
          ...handlingAdvice(f).map((t) => p(t))
        ),
        sub(
          '7.2. Conditions for safe storage, including any incompatibilities',
          ...(f.label?.precautionary.storage.length
            ? [{ kind: 'statements', title: 'From the precautionary statements', items: f.label.precautionary.storage } as Block]
            : [p('Store in a closed container in a cool, well-ventilated place.')]),
          ...storageAdvice(f).map((t) => p(t)),
          p(incompatibilities(f))
        ),
        sub('7.3. Specific end use(s)', noData('the end uses are not known to the generator (see 1.2).')),
      ],
    },
    {
      number: 8,
      title: 'Exposure controls/personal protection',
      subsections: [
        sub('8.1. Control parameters', ...exposureLimitBlocks(f, date)),
        sub(
          '8.2. Exposure controls',
          p('Appropriate engineering controls: local exhaust ventilation or enclosure to keep exposure below the limit values.'),
          p('Individual protection measures:', 'strong'),
          ...protectionBlocks(f),
          ...protectiveEquipment(f),
          ...nioshProtection(f),
          p('Environmental exposure controls: prevent release to drains and watercourses.')
        ),
      ],
    },
    {
      number: 9,
      title: 'Physical and chemical properties',
      subsections: [
        sub('9.1. Information on basic physical and chemical properties', { kind: 'fields', rows: propertyRows(f) }),
        sub(
          '9.2. Other information',
          p('9.2.1. Information with regard to physical hazard classes:', 'strong'),
          ...physicalHazardInfo(f),
          p('9.2.2. Other safety characteristics:', 'strong'),
          f.molecularWeight ? p(`Molecular weight: ${f.molecularWeight} g/mol.`) : noData('not in the sources used.')
        ),
      ],
    },
    {
      number: 10,
      title: 'Stability and reactivity',
      subsections: [
        sub('10.1. Reactivity', p(reactivity(f))),
        sub('10.2. Chemical stability', p(stability(f))),
        sub('10.3. Possibility of hazardous reactions', p(hazardousReactions(f))),
        sub('10.4. Conditions to avoid', p(conditionsToAvoid(f))),
        sub('10.5. Incompatible materials', p(incompatibilities(f))),
        sub(
          '10.6. Hazardous decomposition products',
          ...[reactionProducts(f), decompositionProducts(f)].filter((t): t is string => t !== null).map((t) => p(t))
        ),
      ],
    },
    {
      number: 11,
      title: 'Toxicological information',
      subsections: [
        sub(
          '11.1. Information on hazard classes as defined in Regulation (EC) No 1272/2008',
          { kind: 'table', header: ['Hazard class', 'Classification'], rows: toxicologyRows(f) },
          p(`Likely routes of exposure: ${routes(f)}`),
          ateBlock(f),
          p('Carcinogen listings (for information):', 'strong'),
          { kind: 'fields', rows: carcinogenRows(f).filter(([k]) => k !== 'OSHA') }
        ),
        sub(
          '11.2. Information on other hazards',
          p('11.2.1. Endocrine disrupting properties:', 'strong'),
          endocrine.length ? p(`Annex VI: ${endocrine.join(', ')}.`) : noData('no endocrine-disruptor assessment in the sources used.'),
          p('11.2.2. Other information:', 'strong'),
          noData('not in the sources used.')
        ),
      ],
    },
    {
      number: 12,
      title: 'Ecological information',
      subsections: [
        sub('12.1. Toxicity', ...aquaticBlocks(f)),
        sub('12.2. Persistence and degradability', noData('no biodegradation data in the sources used.')),
        sub('12.3. Bioaccumulative potential', ...bioaccumulation(f)),
        sub('12.4. Mobility in soil', noData('no Koc data in the sources used.')),
        sub('12.5. Results of PBT and vPvB assessment', noData('no PBT/vPvB assessment (REACH Annex XIII) in the sources used.')),
        sub(
          '12.6. Endocrine disrupting properties',
          endocrine.length ? p(`Annex VI: ${endocrine.join(', ')}.`) : noData('no endocrine-disruptor assessment in the sources used.')
        ),
        sub('12.7. Other adverse effects', ozone(f)),
      ],
    },
    {
      number: 13,
      title: 'Disposal considerations',
      subsections: [
        sub(
          '13.1. Waste treatment methods',
          ...disposalBlocks(
            f,
            'Directive 2008/98/EC on waste and national regulations; assign the European Waste Catalogue code according to the use'
          )
        ),
      ],
    },
    {
      number: 14,
      title: 'Transport information',
      subsections: [
        '14.1. UN number or ID number',
        '14.2. UN proper shipping name',
        '14.3. Transport hazard class(es)',
        '14.4. Packing group',
        '14.5. Environmental hazards',
        '14.6. Special precautions for user',
        '14.7. Maritime transport in bulk according to IMO instruments',
      ].map((h, i) => sub(h, ...euTransport(f, i))),
    },
    {
      number: 15,
      title: 'Regulatory information',
      subsections: [
        sub('15.1. Safety, health and environmental regulations/legislation specific for the substance or mixture', {
          kind: 'fields',
          rows: [
            [
              'Regulation (EC) No 1272/2008 (CLP)',
              f.indexNo
                ? `Harmonised classification, Annex VI ${f.classification.group ? 'group entry' : 'index no.'} ${f.indexNo}${f.annex?.notes ? `, notes ${f.annex.notes}` : ''}${f.classification.supplier.length ? '; classification by the supplier for the classes Annex VI leaves open (Section 2)' : ''}`
                : 'No harmonised classification (Annex VI); self-classification required',
            ],
            ...listingRows(f),
          ],
        }),
        sub('15.2. Chemical safety assessment', p('No chemical safety assessment has been carried out for this draft.')),
      ],
    },
    {
      number: 16,
      title: 'Other information',
      subsections: [
        ...otherInfo(f, date, version),
        sub('Indication of changes', p('First version.')),
        sub(
          'Abbreviations',
          p(
            'ATE: acute toxicity estimate. CLP: Regulation (EC) No 1272/2008. EUH: EU supplemental hazard statement. M-factor: multiplying factor. PBT: persistent, bioaccumulative and toxic. STOT: specific target organ toxicity. vPvB: very persistent and very bioaccumulative.'
          )
        ),
        sub('Training advice', p('Workers must be trained in the hazards and safe handling described in this sheet.')),
      ],
    },
  ]

  return {
    jurisdiction: 'eu',
    title: 'Safety Data Sheet',
    regulation: 'According to Regulation (EC) No 1907/2006 (REACH), Annex II as amended by Regulation (EU) 2020/878',
    productName: f.productName,
    headerLine: branding.company_name ?? f.productName,
    companyLines: companyLines(branding),
    date,
    version,
    draftNotice: DRAFT_NOTICE,
    sections,
  }
}

function physicalHazardInfo(f: Facts): Block[] {
  const phys = (f.label?.classification ?? []).filter((c) => c.statement && /^H2/.test(c.statement.code))
  return phys.length
    ? phys.map((c) => p(`${c.code}: ${c.statement!.code} ${c.statement!.text}`))
    : [noData('no physical hazard class applies under the harmonised classification.')]
}

/**
 * Section 14 of the EU sheet. The entry is chosen as on the US sheet (transport.ts: classification,
 * then named entry, then n.o.s.), on the complete 49 CFR 172.101 table, whose UN numbers, classes
 * and packing groups are those of the UN Model Regulations. Each is then looked up in ADR 2025
 * Table A (codes only: class, classification code, packing group, labels, tunnel code, hazard
 * identification number): a match is printed as ADR's; the English ADR name, the IMDG Code and the
 * IATA DGR are not in our data, and the sheet says so item by item. NA numbers and entries
 * marked D are US-only and give nothing for international transport.
 */
export function euTransport(f: Facts, i: number): Block[] {
  const t: TransportDecision = f.transport ?? {
    entry: null,
    candidates: [],
    rejected: [],
    hazards: [],
    how: 'undetermined',
    technicalName: null,
    reason: 'no transport data consulted',
  }
  const e = t.entry
  const NOT_CHECKED = 'not checked against the IMDG Code Dangerous Goods List or the IATA DGR (neither is in our data)'
  const adr = e ? adrMatch(e) : null
  const env = aquaticEnv(f)
  if (i === 4) return [env]
  if (i === 5) {
    const tunnel = adr
      ? p(
          `ADR: tunnel restriction code (${adr.tunnel || 'none printed'}), hazard identification number ${adr.hazardNo || 'none printed'}, classification code ${adr.code} (ADR 2025 Table A, columns 15, 20 and 3b). EmS numbers (IMDG), special provisions and packing instructions are not in our data; take them from ADR 3.2 Table A, the IMDG Code and the IATA DGR.`
        )
      : noData(
          `tunnel restriction code (ADR), EmS numbers (IMDG), special provisions and packing instructions are not in our data for this entry; take them from ADR 3.2 Table A, the IMDG Code and the IATA DGR.`
        )
    return [tunnel]
  }
  if (i === 6)
    return [
      noData(
        'carriage in bulk under MARPOL Annex II and the IBC Code (product name, ship type, pollution category) is not in our data; not derived.'
      ),
    ]
  if (!e) {
    if (i > 0) return [noData('see 14.1.')]
    if (t.how === 'not-regulated')
      return [
        p(
          `Not dangerous goods within the meaning of ADR, RID, ADN, the IMDG Code and the ICAO-TI/IATA DGR: ${t.reason}. ${hazardsText(t)}`
        ),
      ]
    const intl = t.candidates.filter((c) => !c.id.startsWith('NA') && !/D/.test(c.symbols))
    return intl.length
      ? [
          p(
            `Entries that may apply (${t.reason}): ${intl.map((c) => `${c.id} ${entryName(c, t.technicalName)}, class ${c.hazardClass}${c.pg ? `, PG ${c.pg}` : ''}${adrMatch(c) ? ` (ADR: class ${adrMatch(c)!.cls}, ${adrMatch(c)!.code}${adrMatch(c)!.pg ? `, PG ${adrMatch(c)!.pg}` : ''})` : ''}`).join('; ')}. ${hazardsText(t)}`
          ),
          p(`Names are those of the US DOT table (the English ADR names are not in our data); ${NOT_CHECKED}.`, 'note'),
        ]
      : [
          noData(
            `${t.reason}. ${hazardsText(t)}${t.rejected.length ? ` Entries of the US DOT table matched by name but not used: ${t.rejected.map((r) => `${r.entry.id} ${r.entry.name} (${r.why})`).join('; ')}.` : ''} Classify under ADR 2.1, the IMDG Code 2.0 and the IATA DGR 3; this is not a statement that it is not dangerous goods.`
          ),
        ]
  }
  if (e.id.startsWith('NA') || /D/.test(e.symbols)) {
    if (i > 0) return [noData('see 14.1.')]
    return [
      noData(
        `the only entry that fits is US-only (${e.id} ${e.name}: ${e.id.startsWith('NA') ? 'an NA number, recognised for transport within North America only' : 'marked D, a proper shipping name for US domestic transport only'}; 49 CFR 172.101). No UN entry is derived from it: classify under ADR 2.1, the IMDG Code 2.0 and the IATA DGR 3.`
      ),
    ]
  }
  const adrSays = adr
    ? `As in ADR 2025 Table A for ${e.id} (class ${adr.cls}, classification code ${adr.code}${adr.pg ? `, PG ${adr.pg}` : ''}, labels ${adr.labels}); ${NOT_CHECKED}, which normally follow the UN Model Regulations unchanged`
    : `Derived from the UN Model Regulations entry as the US DOT table prints it; not found in ADR 2025 Table A for this packing group and ${NOT_CHECKED}`
  switch (i) {
    case 0:
      return [p(e.id), p(`${adrSays}. How it was chosen: ${t.reason}. ${hazardsText(t)}`, 'note')]
    case 1:
      return [
        p(entryName(e, t.technicalName)),
        p(
          `The US DOT proper shipping name of this UN number (49 CFR 172.101, eCFR of 2026-06-01). ADR, IMDG and IATA use the name of the UN Dangerous Goods List, which usually reads the same in English; the English ADR names are not in our data, so the name is not checked or translated.${t.how === 'generic' ? ' The technical name in brackets is required for this n.o.s. entry (ADR 3.1.2.8.1, special provision 274).' : ''}`,
          'note'
        ),
      ]
    case 2:
      return [
        p(
          adr ? `${adr.cls}${adr.labels ? ` (labels: ${adr.labels})` : ''}` : `${e.hazardClass}${e.labels ? ` (labels: ${e.labels})` : ''}`
        ),
        p(`${adrSays}.`, 'note'),
      ]
    default:
      return [p((adr ? adr.pg : e.pg) || 'None assigned in the entry'), p(`${adrSays}.`, 'note')]
  }
}

/** The ADR row of a table entry: same UN number and packing group, and the same labels where several rows share both. */
function adrMatch(e: DotEntry): AdrRow | null {
  const rows = adrRowsOf(e.id).filter((r) => r.pg === e.pg)
  if (rows.length <= 1) return rows[0] ?? null
  const norm = (s: string) => s.replace(/\s/g, '').split(',').sort().join()
  return rows.find((r) => norm(r.labels) === norm(e.labels)) ?? null
}

/** 14.5 from the classification: Aquatic Acute 1 and Chronic 1 or 2 are environmentally hazardous for transport. */
function aquaticEnv(f: Facts): Block {
  const codes = (f.label?.classification ?? []).map((c) => c.code)
  const hit = codes.filter((c) => /^Aquatic (Acute 1|Chronic [12])$/.test(c))
  if (hit.length)
    return p(
      `Yes: classified ${hit.join(', ')} (Section 2), which meets the criteria for environmentally hazardous substances of ADR 2.2.9.1.10 and for marine pollutants of the IMDG Code 2.9.3; the mark of ADR 5.2.1.8 / IMDG 5.2.1.6.3 applies. Derived from the classification, not checked against the modal lists.`
    )
  if (!f.label)
    return noData(
      'not classified on the data available; aquatic toxicity data are missing (Section 12), so the transport criteria (ADR 2.2.9.1.10, IMDG 2.9.3) cannot be judged.'
    )
  return p(
    'Not environmentally hazardous on the classification: Section 2 has no Aquatic Acute 1 or Chronic 1/2, the criteria of ADR 2.2.9.1.10 and IMDG 2.9.3. Derived from the classification; aquatic toxicity test data are not in our data (Section 12), so aquatic classes the harmonised entry leaves open were not judged: the supplier must confirm.'
  )
}
