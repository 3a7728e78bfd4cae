/**
 * The proxy sheet: the standard US or EU sheet builders fed with the predicted identity and the
 * precautionary classification, then the parts that would read as if the substance had data
 * (Section 2 classification, Section 9 properties, Section 11 endpoints) replaced by what was
 * predicted and how, and Section 16 extended with every method and analogue. The DOCX layout
 * is the standard one (sheet/render-docx.ts), with the proxy banner in the page header.
 * Pure apart from the clock passed in.
 */
import { labelElements } from '../ghs/engine'
import type { Jurisdiction } from '../ghs/phrases'
import { buildEuSheet } from '../sheet/eu'
import { gatherFacts, type Facts } from '../sheet/facts'
import { SHEET_VERSION, type SheetBranding } from '../sheet/generate'
import { NO_DATA, p, type Block, type Section, type Sheet } from '../sheet/model'
import { buildUsSheet, VALUE_SOURCES_HEADING } from '../sheet/us'
import type { AnalogueEvidence } from './classify'
import rules from './data/rules.json'
import { ALERT_SOURCES, SECONDARY_SOURCE } from './alerts'
import type { Predicted } from './predict-properties'
import type { Prediction } from './predict'
import { READ_ACROSS_SOURCE } from './readacross'

export const PROXY_BANNER = 'PROXY — predicted, not tested — for R&D use only'

export const PROXY_NOTICE =
  'R&D PROXY SAFETY DATA SHEET: every hazard and property in this sheet is predicted from the structure (group contributions, structural alerts, read-across from similar substances); nothing has been tested. It is for research and development use only, under the supervision of a technically qualified person, and is not a safety data sheet for supply.'

export function proxyName(pred: Prediction, name: string | undefined): string {
  return name ?? `Research substance ${pred.identity.formula}`
}

function annexClasses(a: AnalogueEvidence): string {
  if (!a.entries.length) return 'No harmonised classification'
  return a.entries.map((e) => `${e.classes.join(', ')} (Annex VI ${e.index})`).join('; ')
}

function predictedText(v: Predicted): string {
  if (v.value === null) return `${NO_DATA}: not predicted (${v.note ?? 'method not applicable'})`
  const u = v.unit.startsWith('°C') ? ' K' : ''
  const err = v.uncertainty
    ? `; typical error ±${v.uncertainty.mean_absolute_error}${u} (90 % within ±${v.uncertainty.p90_absolute_error}${u}, n = ${v.uncertainty.n})`
    : ''
  return `${v.value} ${v.unit} (PREDICTED: ${v.method}${err}; see Section 16)`
}

/**
 * The facts of a substance nobody has data for: the standard gathering run on a record with no
 * CAS number, no Annex VI entry and no compound row (so every other item is "no data", whatever
 * items the standard sheet grows), then the predicted identity and the proxy classification.
 */
function proxyFacts(
  pred: Prediction,
  entry: { classes: string[]; hClass: string[]; hLabel: string[]; euh: string[] },
  j: Jurisdiction,
  name: string
): Facts {
  const record = { id: `rnd:${pred.identity.idcode}`, cas: null, names: [name], ec: [], annex: [], compound: null }
  const base = gatherFacts({ record, entry: null, matchedBy: 'smiles' }, j)
  const classes = pred.classification
  const pairs = classes.map((c) => ({ cls: c.clp, h: c.h, basis: c.basis.join('; '), by: 'supplier' as const }))
  // The shape of a decided classification (ghs/decide.ts), for builders that print its basis.
  const classification: Facts['classification'] = {
    ...base.classification,
    entry: classes.length ? entry : null,
    pairs,
    annex: null,
    group: null,
    supplier: pairs,
  }
  return {
    ...base,
    productName: name,
    synonyms: [],
    formula: pred.identity.formula,
    molecularWeight: pred.identity.molecular_weight,
    smiles: pred.identity.canonical_smiles,
    label: classes.length ? labelElements(entry, j) : null,
    classification,
    elements: [...new Set(pred.identity.formula.match(/[A-Z][a-z]?/g) ?? [])],
    sources: [
      `R&D proxy predictions (Section 16): ${pred.properties.boiling_point.citation}; ${pred.properties.flash_point.citation}; ${pred.properties.log_p.citation}`,
      `Structural alerts: ${Object.values(ALERT_SOURCES).join(' ')}`,
      `Read-across: ${READ_ACROSS_SOURCE}`,
    ],
  }
}

const TOX_ENDPOINTS: Array<[RegExp, string[]]> = [
  [/^Acute toxicity/, ['Acute Tox.']],
  [/^Skin corrosion/, ['Skin Corr.', 'Skin Irrit.']],
  [/^Serious eye/, ['Eye Dam.', 'Eye Irrit.']],
  [/sensiti[sz]ation/i, ['Resp. Sens.', 'Skin Sens.']],
  [/mutagenicity/i, ['Muta.']],
  [/^Carcinogenicity/, ['Carc.']],
  [/^Reproductive/, ['Repr.', 'Lact.']],
  [/single exposure/, ['STOT SE']],
  [/repeated exposure/, ['STOT RE']],
  [/^Aspiration/, ['Asp. Tox.']],
]

function classificationBlocks(pred: Prediction, j: Jurisdiction): Block[] {
  const blocks: Block[] = [p(rules.lab_chemical, 'strong')]
  if (pred.classification.length) {
    blocks.push({
      kind: 'table',
      header: ['Precautionary class and category', 'Hazard statement', 'Basis (predicted, not tested)'],
      rows: pred.classification.map((c) => [c.clp, c.h, c.basis.join('; ')]),
    })
    blocks.push(
      p(
        `Precautionary classification of an R&D proxy: where a signal exists, the most severe category it supports is applied. It is not a classification under ${j === 'us' ? '29 CFR 1910.1200(d)' : 'CLP Title II'}; before the substance is supplied to anyone outside the laboratory, it must be classified from test data.`,
        'note'
      )
    )
  } else {
    blocks.push(
      p(
        'No hazard signal was found by the methods used (structural alerts, read-across, predicted flammability; Section 16). This is not evidence that the substance is safe.'
      )
    )
  }
  for (const screen of pred.screens) blocks.push(p(screen, 'strong'))
  if (pred.known_substance)
    blocks.push(
      p(
        `This structure is that of ${pred.known_substance.name} (CAS ${pred.known_substance.cas}): a standard safety data sheet from its data should be used instead of this proxy.`,
        'strong'
      )
    )
  return blocks
}

function toxRows(pred: Prediction, rows: string[][]): string[][] {
  return rows.map(([label]) => {
    const abbrs = TOX_ENDPOINTS.find(([re]) => re.test(label))?.[1] ?? []
    const hits = pred.classification.filter((c) => abbrs.includes(c.abbr))
    return [
      label,
      hits.length
        ? hits.map((c) => `${c.clp} (${c.h}), precautionary: ${c.basis.join('; ')}`).join(' | ')
        : 'No signal from the methods used (structural alerts, read-across). Not tested: the hazard is not known.',
    ]
  })
}

function readAcrossBlocks(pred: Prediction): Block[] {
  const alerts: Block = pred.alerts.length
    ? {
        kind: 'table',
        header: ['Structural alert', 'Endpoints', 'Source'],
        rows: pred.alerts.map((a) => [a.name, a.endpoints.join(', ').replace(/_/g, ' '), a.sources.join(' ')]),
      }
    : p('No structural alert of the sets used matched (Section 16). The absence of an alert does not show the absence of a hazard.')
  const analogues: Block = {
    kind: 'table',
    header: ['Analogue (CAS)', 'Tanimoto', 'Harmonised classification (CLP Annex VI)', 'Rat oral LD50'],
    rows: pred.analogues.map((a) => [
      `${a.name} (${a.cas})${a.close ? '' : ' (for information: below the similarity threshold)'}`,
      a.tanimoto.toFixed(2),
      annexClasses(a),
      a.ld50_mg_per_kg !== null ? `${a.ld50_mg_per_kg} mg/kg` : NO_DATA,
    ]),
  }
  const secondary: Block[] = pred.secondary_alerts.length
    ? [
        p(
          `Secondary signals, for information only (not used to classify): ${pred.secondary_alerts.map((a) => `${a.description} (${a.set})`).join('; ')}. Source: ${SECONDARY_SOURCE}`,
          'note'
        ),
      ]
    : []
  return [
    p('Structural alerts:', 'strong'),
    alerts,
    ...secondary,
    p('Read-across: the most similar substances of the knowledge base (openchemlib FragFp fingerprints, Tanimoto similarity):', 'strong'),
    analogues,
    p(rules.read_across.note, 'note'),
  ]
}

function methodRows(pred: Prediction): string[][] {
  const pr = pred.properties
  const row = (label: string, v: Predicted) => [
    label,
    v.value === null ? `Not predicted: ${v.note ?? ''}` : `${v.value} ${v.unit}`,
    `${v.method}. ${v.citation}`,
    v.uncertainty
      ? `Mean absolute error ${v.uncertainty.mean_absolute_error}, 90th percentile ${v.uncertainty.p90_absolute_error} (n = ${v.uncertainty.n}; ${v.uncertainty.measured_against})`
      : (v.note ?? '—'),
  ]
  return [
    row('Boiling point', pr.boiling_point),
    row('Flash point', pr.flash_point),
    row('log P (octanol/water)', pr.log_p),
    row('log S (water solubility)', pr.log_s),
    row('Polar surface area', pr.polar_surface_area),
    [
      'Identity',
      `${pred.identity.canonical_smiles}; ${pred.identity.formula}; ${pred.identity.molecular_weight} g/mol`,
      'openchemlib: canonical SMILES, formula and molecular weight from the submitted structure (stereochemistry not considered)',
      pred.identity.inchi_note,
    ],
    [
      'Structural alerts',
      `${pred.alerts.length} matched`,
      `SMARTS written from ${Object.values(ALERT_SOURCES).join(' ')}`,
      'An alert is a reason for concern, not a prediction of potency.',
    ],
    ['Secondary alerts', `${pred.secondary_alerts.length} matched`, SECONDARY_SOURCE, 'For information only; not used to classify.'],
    ['Read-across', `${pred.analogues.length} analogues`, READ_ACROSS_SOURCE, rules.read_across.note],
    [
      'Flammability',
      pred.classification.some((c) => /^Flam\./.test(c.abbr)) ? 'Classified (Section 2)' : 'Not classified',
      `${rules.flammable_liquids.citation_us}; ${rules.flammable_liquids.citation_eu}`,
      rules.conservative_margin,
    ],
  ]
}

/** Phrases of the standard sheet that speak of a harmonised classification, said of the proxy. */
const REWORDING: Array<[string, string]> = [
  ['under the harmonised classification', 'by the proxy prediction (not tested)'],
  [
    'the substance has no harmonised classification; see Section 11.',
    'no hazard signal from the proxy prediction; the hazards are not fully known (Section 11).',
  ],
  [
    'no harmonised classification; no ecotoxicity data in the sources used.',
    'no environmental signal from read-across; no ecotoxicity data (not tested).',
  ],
  [
    'Not classified (no harmonised classification for this class); no data available in the sources used.',
    'No signal from the proxy prediction; not tested.',
  ],
]

function reword(text: string): string {
  let out = text
  for (const [from, to] of REWORDING) out = out.split(from).join(to)
  return out
}

function rewordBlock(b: Block): Block {
  switch (b.kind) {
    case 'p':
      return { ...b, text: reword(b.text) }
    case 'fields':
      return { ...b, rows: b.rows.map(([k, v]) => [k, reword(v)] as [string, string]) }
    case 'table':
      return { ...b, rows: b.rows.map((r) => r.map(reword)) }
    default:
      return b
  }
}

function section(sheet: Sheet, n: number): Section | undefined {
  return sheet.sections.find((s) => s.number === n)
}

export function buildProxySheet(
  pred: Prediction,
  entry: { classes: string[]; hClass: string[]; hLabel: string[]; euh: string[] },
  j: Jurisdiction,
  name: string | undefined,
  branding: SheetBranding,
  now: Date
): Sheet {
  const productName = proxyName(pred, name)
  const facts = proxyFacts(pred, entry, j, productName)
  const input = { facts, branding, date: now.toISOString().slice(0, 10), version: SHEET_VERSION }
  const sheet = j === 'us' ? buildUsSheet(input) : buildEuSheet(input)

  for (const s of sheet.sections) for (const sub of s.subsections) sub.blocks = sub.blocks.map(rewordBlock)

  const s2 = section(sheet, 2)
  if (s2?.subsections[0]) s2.subsections[0].blocks = classificationBlocks(pred, j)
  // US 2(c), hazards not otherwise classified: for an untested substance they are not known.
  const hnoc = j === 'us' ? s2?.subsections.find((x) => x.heading.startsWith('(c)')) : undefined
  if (hnoc) hnoc.blocks = [p('Not known: the substance has not been tested (R&D proxy); handle it as hazardous, see (a).')]

  const s9 = section(sheet, 9)
  const pr = pred.properties
  for (const sub of s9?.subsections ?? [])
    for (const b of sub.blocks) {
      if (b.kind !== 'fields') continue
      b.rows = b.rows.map(([k, v]): [string, string] => {
        if (k.startsWith('(a)'))
          return [k, `${NO_DATA}: not predicted (no melting point method); treated as a liquid for flammability, as a precaution`]
        if (k.startsWith('(e)')) return [k, predictedText(pr.boiling_point)]
        if (k.startsWith('(h)')) return [k, predictedText(pr.flash_point)]
        if (k.startsWith('(f)')) {
          const flam = pred.classification.filter((c) => /^Flam\./.test(c.abbr))
          return [
            k,
            flam.length
              ? `Precautionary: ${flam.map((c) => c.clp).join('; ')} from the predicted flash and boiling points (Section 2)`
              : 'No flammability signal from the predicted flash point; not tested',
          ]
        }
        if (k.startsWith('(m)')) return [k, `Water: log S ${predictedText(pr.log_s)}`]
        if (k.startsWith('(n)')) return [k, `log P ${predictedText(pr.log_p)}`]
        return [k, v]
      })
    }

  const s11 = section(sheet, 11)
  if (s11) {
    for (const sub of s11.subsections)
      sub.blocks = sub.blocks.map((b) => {
        if (b.kind === 'table' && b.header.length === 2 && /Classification/.test(b.header[1]))
          return { ...b, header: [b.header[0], 'Proxy classification (predicted, not tested)'], rows: toxRows(pred, b.rows) }
        if (b.kind === 'p' && b.text.startsWith(NO_DATA) && /LD50/.test(b.text))
          return p(
            'No measured LD50 or LC50: the substance has not been tested. Rat oral LD50 values of the analogues are listed below (read-across, R&D proxy).'
          )
        return b
      })
    s11.subsections.push({ heading: 'R&D proxy: structural alerts and read-across', blocks: readAcrossBlocks(pred) })
  }

  const s16 = section(sheet, 16)
  if (s16) {
    // The per-value list describes the standard sheet's data; the proxy's values are listed by method below.
    s16.subsections = s16.subsections.filter((x) => x.heading !== VALUE_SOURCES_HEADING)
    s16.subsections.splice(
      Math.min(2, s16.subsections.length),
      0,
      {
        heading: 'R&D proxy: prediction methods',
        blocks: [
          p(PROXY_NOTICE, 'strong'),
          { kind: 'table', header: ['Item', 'Predicted', 'Method and source', 'Uncertainty'], rows: methodRows(pred) },
        ],
      },
      { heading: 'R&D proxy: analogues used for read-across', blocks: readAcrossBlocks(pred).slice(-3) }
    )
  }

  return {
    ...sheet,
    title: 'Safety Data Sheet (R&D proxy)',
    draftNotice: `${PROXY_NOTICE} ${sheet.draftNotice}`,
    banner: PROXY_BANNER,
  }
}
