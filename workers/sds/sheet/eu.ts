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
  protectiveEquipment,
  specialFireHazards,
  symptoms,
  toxicologyRows,
  exposureLimitBlocks,
  listingRows,
} from './content'
import { conditionsToAvoid, handlingAdvice, hazardousReactions, incompatibilities, reactionProducts, reactivity, storageAdvice } from './reactivity'
import type { Facts } from './facts'
import { noData, p, type Block, type Section, type Sheet, type Subsection } from './model'
import { DRAFT_NOTICE, ateBlock, companyLines, otherInfo, ozone, routes, type SheetInput } from './us'

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
            : p('[To be completed: emergency telephone number, its hours of operation and, where one exists, the official advisory body (poison centre) of the Member State (REACH Annex II, 1.4).]', 'strong')
        ),
      ],
    },
    {
      number: 2,
      title: 'Hazards identification',
      subsections: [
        sub('2.1. Classification of the substance or mixture', p('Classification according to Regulation (EC) No 1272/2008 (CLP):', 'strong'), ...classificationBlocks(f)),
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
          noData('the composition of the supplied grade (main constituent %, impurities, stabilisers) is not known to the generator; the supplier must state it.')
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
        sub('5.1. Extinguishing media', { kind: 'fields', rows: [['Suitable extinguishing media', media.suitable], ['Unsuitable extinguishing media', media.unsuitable], ['Source', media.source ?? 'No hazard class in Section 2 decides the media; none are given in the sources used.']] }),
        sub('5.2. Special hazards arising from the substance or mixture', p(specialFireHazards(f))),
        sub('5.3. Advice for firefighters', p('Wear self-contained breathing apparatus and chemical protective clothing. Cool endangered containers with water spray. Prevent fire-fighting water from entering drains or watercourses.')),
      ],
    },
    {
      number: 6,
      title: 'Accidental release measures',
      subsections: [
        sub('6.1. Personal precautions, protective equipment and emergency procedures', p('Keep unprotected persons away. Ensure adequate ventilation. Wear the personal protective equipment in Section 8.'), ...protectiveEquipment(f)),
        sub(
          '6.2. Environmental precautions',
          p(
            (f.label?.classification ?? []).some((c) => /aquatic/i.test(c.name))
              ? 'Avoid release to the environment (P273). Prevent entry into drains, surface water and soil; inform the authorities if it occurs.'
              : 'Prevent entry into drains, surface water and soil.'
          )
        ),
        sub('6.3. Methods and material for containment and cleaning up', p('Contain the spill; take up liquids with inert absorbent material, sweep up solids without raising dust, and place in suitable closed containers for disposal (Section 13).')),
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
        sub(
          '8.1. Control parameters',
          ...exposureLimitBlocks(f)
        ),
        sub(
          '8.2. Exposure controls',
          p('Appropriate engineering controls: local exhaust ventilation or enclosure to keep exposure below the limit values.'),
          p('Individual protection measures:', 'strong'),
          ...protectiveEquipment(f),
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
        sub('10.2. Chemical stability', noData('no stability test data in the sources used; see 10.1.')),
        sub('10.3. Possibility of hazardous reactions', p(hazardousReactions(f))),
        sub('10.4. Conditions to avoid', p(conditionsToAvoid(f))),
        sub('10.5. Incompatible materials', p(incompatibilities(f))),
        sub('10.6. Hazardous decomposition products', ...[reactionProducts(f), decompositionProducts(f)].filter((t): t is string => t !== null).map((t) => p(t))),
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
        sub('12.6. Endocrine disrupting properties', endocrine.length ? p(`Annex VI: ${endocrine.join(', ')}.`) : noData('no endocrine-disruptor assessment in the sources used.')),
        sub('12.7. Other adverse effects', ozone(f)),
      ],
    },
    {
      number: 13,
      title: 'Disposal considerations',
      subsections: [
        sub('13.1. Waste treatment methods', ...disposalBlocks(f, 'Directive 2008/98/EC on waste and national regulations; assign the European Waste Catalogue code according to the use')),
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
        sub(
          '15.1. Safety, health and environmental regulations/legislation specific for the substance or mixture',
          {
            kind: 'fields',
            rows: [
              ['Regulation (EC) No 1272/2008 (CLP)', f.indexNo ? `Harmonised classification, Annex VI ${f.classification.group ? 'group entry' : 'index no.'} ${f.indexNo}${f.annex?.notes ? `, notes ${f.annex.notes}` : ''}${f.classification.supplier.length ? '; classification by the supplier for the classes Annex VI leaves open (Section 2)' : ''}` : 'No harmonised classification (Annex VI); self-classification required'],
              ...listingRows(f),
            ],
          }
        ),
        sub('15.2. Chemical safety assessment', p('No chemical safety assessment has been carried out for this draft.')),
      ],
    },
    {
      number: 16,
      title: 'Other information',
      subsections: [
        ...otherInfo(f, date, version),
        sub('Indication of changes', p('First version.')),
        sub('Abbreviations', p('ATE: acute toxicity estimate. CLP: Regulation (EC) No 1272/2008. EUH: EU supplemental hazard statement. M-factor: multiplying factor. PBT: persistent, bioaccumulative and toxic. STOT: specific target organ toxicity. vPvB: very persistent and very bioaccumulative.')),
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
 * Section 14 of the EU sheet: the UN number and name of the DOT entry checked against the
 * substance (the UN number is the one of the UN Model Regulations, the same under ADR, IMDG and
 * IATA); ADR/IMDG/IATA class and packing group are not in our data, so they are given as the
 * US entry's, to be confirmed in ADR 3.2 Table A.
 */
function euTransport(f: Facts, i: number): Block[] {
  const t = f.transport ?? { entry: null, candidates: [], rejected: [] }
  const e = t.entry
  const missing = noData('ADR/RID, IMDG and ICAO-TI/IATA classification tables are not in our data; classify under ADR 3.2 Table A, the IMDG Code and the IATA DGR.')
  if (!e) {
    if (i > 0) return [missing]
    return t.candidates.length
      ? [p(`UN entries that may fit (from the US DOT table; choose by concentration and form): ${t.candidates.map((c) => `${c.id.replace(/^NA/, 'NA ')} ${c.name}${c.qualifier ? ` (${c.qualifier})` : ''}`).join('; ')}.`), missing]
      : [missing]
  }
  switch (i) {
    case 0:
      return [p(`${e.id} (UN Model Regulations number, from the US DOT Hazardous Materials Table entry checked against this substance)`)]
    case 1:
      return [p(`${e.name} (DOT proper shipping name; confirm the ADR/IMDG/IATA name)`)]
    case 2:
      return [p(`${e.hazardClass} under US DOT; confirm in ADR 3.2 Table A, the IMDG Code and the IATA DGR`)]
    case 3:
      return [p(e.pg ? `${e.pg} under US DOT; confirm for ADR/IMDG/IATA` : 'None assigned in the US DOT entry')]
    case 4:
      return [(f.label?.classification ?? []).some((c) => /aquatic/i.test(c.name)) ? p('Classified hazardous to the aquatic environment (Section 2): environmentally hazardous substance mark under ADR 5.2.1.8 / marine pollutant under IMDG 2.10 may apply; confirm.') : noData('not classified hazardous to the aquatic environment on the data available.')]
    default:
      return [missing]
  }
}
