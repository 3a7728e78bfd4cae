/**
 * Builds `workers/sds/data/gloves.json`: the glove materials a public, citable glove-selection
 * chart recommends per chemical, joined to our substances by resolving the chart's own chemical
 * name with the service's identifier resolution. Only the facts are kept (chemical → materials,
 * the glove thickness the chart assumes); a name the resolver cannot pin to one CAS number
 * ("Chromic Acid", "Hexane", "Xylene": not found or several isomers) is left out and listed in
 * `unmapped`, never guessed.
 *
 * Source: scripts/sds/glove-chart-unr.tsv (University of Nevada, Reno EH&S, "Glove Selection
 * Guidelines", revised January 2022; data/SOURCES.md).
 *
 *   npx tsx scripts/sds/build-gloves.ts
 */
import { readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'

const TSV = join(import.meta.dirname, 'glove-chart-unr.tsv')
const OUT = resolve(join(import.meta.dirname, '../../workers/sds/data/gloves.json'))

type Entry = { listedAs: string; materials: string[]; index: string | null }

const byCas: Record<string, Entry> = {}
const unmapped: Array<{ listedAs: string; reason: string }> = []
for (const line of readFileSync(TSV, 'utf8').split('\n')) {
  if (!line.trim() || line.startsWith('#')) continue
  const [listedAs, materials] = line.split('\t')
  const r = await resolveIdentifier(listedAs)
  let cas: string | null = null
  let index: string | null = null
  if (r.ok) {
    cas = r.substance.record.cas
    // Where the CAS number has several Annex VI forms (hydrogen chloride gas / hydrochloric acid),
    // the form the chart's name means is kept, so the other form's sheet gets no glove from it.
    const byCasNo = cas ? await resolveIdentifier(cas) : null
    if (byCasNo && !byCasNo.ok && byCasNo.code === 'AMBIGUOUS_IDENTIFIER') index = r.substance.entry?.index ?? null
  } else if (r.code === 'AMBIGUOUS_IDENTIFIER' && new Set(r.candidates.map((c) => c.cas)).size === 1) {
    cas = r.candidates[0].cas // several Annex VI entries of one substance (nitric acid above/below 70 %)
  }
  if (!cas) {
    unmapped.push({ listedAs, reason: r.ok ? 'no CAS number' : r.code })
    continue
  }
  if (byCas[cas]) throw new Error(`${listedAs} and ${byCas[cas].listedAs} both resolve to ${cas}`)
  byCas[cas] = { listedAs, materials: materials.split(',').map((m) => m.trim()), index }
}

writeFileSync(
  OUT,
  `${JSON.stringify(
    {
      source: {
        title: 'University of Nevada, Reno, Environmental Health & Safety: Glove Selection Guidelines (revised January 2022)',
        url: 'https://www.unr.edu/ehs/policies-manuals/chemical-hygiene-plan/glove-selection-guidelines',
        read: '2026-11-28',
        contact: 'direct chemical contact',
        thickness:
          'thick gloves, usually 18-28 mil (0.46-0.71 mm); not thin disposable gloves (usually 3-8 mil), even of a recommended material',
        incidental: 'for incidental contact with organic chemicals, a thin nitrile glove may be used',
        anyOf: 'where more than one material is listed, each provides protection',
      },
      // What the chart's trade and short names are, each from a page that says so.
      materials: {
        '4H': {
          name: '4H (laminate)',
          source: 'https://www.scribd.com/document/416397514/gloveselechart-pdf: "a highly resistant laminate glove (Silver-Shield or 4H)"',
        },
        Viton: { name: 'Viton (fluorocarbon rubber)', source: 'https://globaltraining.com/?p=25949: "fluorocarbon (viton)"' },
        Latex: {
          name: 'latex (natural rubber)',
          source: 'https://ssglove.vn/7-tips-to-choose-right-disposable-gloves-against-chemical-exposure/: "natural rubber, or latex"',
        },
        Butyl: {
          name: 'butyl rubber',
          source: 'https://globaltraining.com/?p=25949: "natural, butyl, neoprene, nitrile and fluorocarbon (viton)" rubbers',
        },
        Nitrile: { name: 'nitrile rubber', source: 'https://globaltraining.com/?p=25949' },
      },
      byCas: Object.fromEntries(Object.entries(byCas).sort(([a], [b]) => a.localeCompare(b))),
      unmapped,
    },
    null,
    1
  )}\n`
)
console.log(
  `gloves.json: ${Object.keys(byCas).length} substances; not mapped: ${unmapped.map((u) => `${u.listedAs} (${u.reason})`).join(', ')}`
)
