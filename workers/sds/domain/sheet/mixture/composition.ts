/**
 * Section 3.2 (EU) / Section 3 (US) of a mixture sheet: each declared component with its
 * identifiers, concentration or range, its own classification, and the specific concentration
 * limits, M-factors and ATEs of its CLP Annex VI entry (REACH Annex II 3.2.1; 29 CFR
 * 1910.1200 Appendix D, Section 3).
 */
import type { Jurisdiction } from '../../ghs/phrases'
import { NO_DATA, p, type Block } from '../model'
import type { ComponentFacts, MixtureFacts } from './facts'

function concentrationText(c: ComponentFacts): string {
  return c.concentrationMax !== null && c.concentrationMax !== c.concentration
    ? `${c.concentration} – ${c.concentrationMax}`
    : String(c.concentration)
}

function ownClassification(c: ComponentFacts, j: Jurisdiction): string {
  const l = c.facts.label
  if (!l?.classification.length) return 'Not classified on the data available (see its own sheet)'
  const out = l.classification.map((x) => `${j === 'eu' ? x.code : x.name}${x.statement ? ` (${x.statement.code})` : ''}`)
  if (j === 'us') out.push(...l.outOfScope.map((x) => `${x.name}${x.statement ? ` (${x.statement.code})` : ''} [not adopted by OSHA]`))
  return out.join('; ')
}

function limitsText(c: ComponentFacts): string {
  const limits = c.facts.annex?.limits
    ?.split('\n')
    .map((l) => l.trim())
    .filter(Boolean)
  if (limits?.length) return `CLP Annex VI ${c.facts.annex!.index}: ${limits.join('; ')}`
  return c.facts.annex ? `CLP Annex VI ${c.facts.annex.index}: none; generic limits apply` : 'None in CLP Annex VI; generic limits apply'
}

export function compositionBlocks(m: MixtureFacts, j: Jurisdiction): Block[] {
  const rows = m.components.map((c) => [
    c.facts.productName,
    [
      c.facts.cas ? `CAS ${c.facts.cas}` : `CAS: ${NO_DATA}`,
      c.facts.ec.length ? `EC ${c.facts.ec[0]}` : null,
      c.facts.indexNo ? `Index ${c.facts.indexNo}` : null,
    ]
      .filter(Boolean)
      .join('; '),
    concentrationText(c),
    ownClassification(c, j),
    limitsText(c),
  ])
  const blocks: Block[] = [
    {
      kind: 'table',
      header: ['Component', 'Identifiers', 'Concentration (% w/w)', 'Classification of the component', 'SCLs, M-factors, ATEs'],
      rows,
    },
  ]
  if (m.remainder > 0)
    blocks.push(
      p(
        `Remainder (${m.remainder} % w/w${m.components.some((c) => c.concentrationMax !== null) ? ', by the lower ends of the ranges' : ''}): declared by the formulator as water or components not classified as hazardous.`
      )
    )
  blocks.push(
    p(
      'Ranges are as the formulator declared them; the classification in Section 2 uses the upper end of each range (the worst case). Components are classified as their harmonised CLP Annex VI entry or, where it has none, as our data allow (each component’s own sheet gives the sources).',
      'note'
    )
  )
  return blocks
}
