/**
 * The mixture sheet: the common sections (4-7, 10, 12-16) from the builder of the jurisdiction,
 * fed the mixture's own facts (its label, its test data), and the sections that differ for a
 * mixture (1, 2, 3, 8, 9, 11) from the builders of this folder.
 */
import type { Jurisdiction } from '../../ghs/phrases'
import { buildEuSheet } from '../eu'
import { documentFilename, SHEET_VERSION, type SheetBranding } from '../generate'
import { labelBlocks } from '../content'
import { p, type Section, type Sheet, type Subsection } from '../model'
import { renderDocx } from '../render-docx'
import { buildUsSheet } from '../us'
import { compositionBlocks } from './composition'
import type { MixtureFacts } from './facts'
import { mixtureAquaticBlocks } from './environment'
import { mixtureClassificationBlocks, unknownAcuteBlocks } from './hazards'
import { mixtureHnocBlocks } from './hnoc'
import { productIdentity } from './identity'
import { withMixtureProtection } from './protection'
import { ateMixBlocks, componentCarcinogens, componentExposureLimits, mixtureToxicology } from './per-component'
import { regulatoryRows } from './regulatory'
import { mixturePropertyBlocks } from './properties'

type Patch = (s: Section) => Section

/** Replaces the blocks of subsection `i` (the headings stay the builder's). */
function withBlocks(s: Section, i: number, blocks: Subsection['blocks']): Section {
  return { ...s, subsections: s.subsections.map((sub, k) => (k === i ? { ...sub, blocks } : sub)) }
}

function euPatches(m: MixtureFacts, date: string): Record<number, Patch> {
  const f = m.facts
  return {
    1: (s) => withBlocks(s, 0, productIdentity(m, 'eu')),
    2: (s) =>
      withBlocks(
        withBlocks(s, 0, [
          p('Classification according to Regulation (EC) No 1272/2008 (CLP):', 'strong'),
          ...mixtureClassificationBlocks(m, 'eu'),
        ]),
        1,
        [p('Labelling according to Regulation (EC) No 1272/2008 (CLP):', 'strong'), ...labelBlocks(f), ...unknownAcuteBlocks(m)]
      ),
    3: (s) => withBlocks(withBlocks(s, 0, [p('Not applicable: the product is a mixture (3.2).')]), 1, compositionBlocks(m, 'eu')),
    8: (s) => withBlocks(withBlocks(s, 0, componentExposureLimits(m, date)), 1, withMixtureProtection(s.subsections[1].blocks, m)),
    9: (s) => withBlocks(withBlocks(s, 0, mixturePropertyBlocks(m, 'eu')), 1, physicalHazardInfo(m)),
    11: (s) => withBlocks(s, 0, mixtureToxicology(m)),
    12: (s) => withBlocks(s, 0, mixtureAquaticBlocks(m)),
    15: (s) => withBlocks(s, 0, [{ kind: 'fields', rows: regulatoryRows(m, 'eu') }]),
  }
}

function usPatches(m: MixtureFacts, date: string): Record<number, Patch> {
  const f = m.facts
  return {
    1: (s) => withBlocks(withBlocks(s, 0, [p(m.productName, 'strong')]), 1, productIdentity(m, 'us')),
    2: (s) =>
      withBlocks(
        withBlocks(withBlocks(withBlocks(s, 0, mixtureClassificationBlocks(m, 'us')), 1, labelBlocks(f)), 2, mixtureHnocBlocks(m)),
        3,
        unknownAcuteBlocks(m)
      ),
    3: (s) => ({
      ...s,
      subsections: [{ heading: 'Mixture', blocks: compositionBlocks(m, 'us') }, ...s.subsections.slice(1)],
    }),
    8: (s) => withBlocks(withBlocks(s, 0, componentExposureLimits(m, date)), 2, withMixtureProtection(s.subsections[2].blocks, m)),
    9: (s) => withBlocks(s, 0, mixturePropertyBlocks(m, 'us')),
    11: (s) => withBlocks(withBlocks(withBlocks(s, 2, mixtureToxicology(m)), 3, ateMixBlocks(m)), 5, componentCarcinogens(m)),
    15: (s) => withBlocks(s, 0, [{ kind: 'fields', rows: regulatoryRows(m, 'us') }]),
    12: (s) => withBlocks(s, 0, [...mixtureAquaticBlocks(m), ...s.subsections[0].blocks.slice(-1)]),
  }
}

/** 9.2.1: the physical classes of Section 2, which only test data on the mixture give. */
function physicalHazardInfo(m: MixtureFacts): Subsection['blocks'] {
  const phys = m.result.classes.filter((c) => c.h?.startsWith('H2'))
  const lacking = m.result.lacking.map((l) => p(`${l.cls}: not determined (${l.detail})`))
  return [
    p('9.2.1. Information with regard to physical hazard classes:', 'strong'),
    ...(phys.length
      ? phys.map((c) => p(`${c.cls}: ${c.h} (${c.detail})`))
      : [p('No physical hazard class from the test data given (Section 2).')]),
    ...lacking,
    p('9.2.2. Other safety characteristics:', 'strong'),
    p('Not determined for the mixture.'),
  ]
}

export function buildMixtureSheet(m: MixtureFacts, j: Jurisdiction, branding: SheetBranding, now: Date): Sheet {
  const input = { facts: m.facts, branding, date: now.toISOString().slice(0, 10), version: SHEET_VERSION }
  const base = j === 'us' ? buildUsSheet(input) : buildEuSheet(input)
  const patches = j === 'us' ? usPatches(m, input.date) : euPatches(m, input.date)
  return { ...base, sections: base.sections.map((s) => patches[s.number]?.(s) ?? s) }
}

export async function generateMixtureDocx(m: MixtureFacts, j: Jurisdiction, branding: SheetBranding, now: Date) {
  const sheet = buildMixtureSheet(m, j, branding, now)
  const bytes = await renderDocx(sheet)
  return { bytes, sheet, filename: documentFilename(m.productName, null, j) }
}
