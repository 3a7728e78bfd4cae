/**
 * Section 2(c) of a US mixture sheet: the hazards not otherwise classified and OSHA-defined
 * hazards its components' data show, what they cannot decide, and "none known" only when every
 * component was checked and nothing is left to a test (ghs/mixture/hnoc.ts).
 */
import { HNOC_RULE, HNOC_SOURCES_CHECKED, hazardsNotOtherwiseClassified } from '../../ghs/mixture/hnoc'
import { p, type Block } from '../model'
import type { MixtureFacts } from './facts'

export function mixtureHnocBlocks(m: MixtureFacts): Block[] {
  const r = hazardsNotOtherwiseClassified(
    m.components.map((c) => ({
      name: c.facts.productName,
      concentration: c.engine.concentration,
      cas: c.facts.cas,
      euh: c.facts.annex ? c.facts.annex.euh : null,
    })),
    m.test.physical_state ?? null
  )
  const blocks: Block[] = []
  if (r.found.length)
    blocks.push({
      kind: 'table',
      header: ['Hazard', 'From the component(s)', 'Rule'],
      rows: r.found.map((f) => [f.hazard, f.components.join(', '), f.rule]),
    })
  for (const u of r.undetermined) blocks.push(p(`${u.hazard}: not determined (${u.why}). Rule: ${u.rule}.`, 'note'))
  if (r.unchecked.length) blocks.push(p(`Not checked for: ${r.unchecked.map((u) => `${u.name} (${u.why})`).join('; ')}.`, 'note'))
  const clean = !r.found.length && !r.undetermined.length && !r.unchecked.length
  blocks.push(
    p(
      clean
        ? `Hazards not otherwise classified: none known from the components’ data (checked: ${HNOC_SOURCES_CHECKED}).`
        : `Checked: ${HNOC_SOURCES_CHECKED}.${r.found.length ? '' : ' None found, but the items above are open, so this is not a statement that the mixture has none.'}`
    ),
    p(`Rule: ${HNOC_RULE}.`, 'note')
  )
  return blocks
}
