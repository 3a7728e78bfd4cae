/**
 * Section 2 of a mixture sheet: the mixture's classes, each with the method that reached it
 * (CLP Art. 9: test data on the mixture first, then the calculation methods of Annex I), what
 * could not be decided for lack of data, and the share of ingredients of unknown acute toxicity
 * (CLP Annex I 3.1.3.6.2.2; 29 CFR 1910.1200 Appendix D, Section 2(d)).
 */
import { parseH, statementText } from '../../ghs/engine'
import type { Jurisdiction } from '../../ghs/phrases'
import { p, type Block } from '../model'
import type { MixtureFacts } from './facts'

const BASIS_WORDS: Record<string, string> = {
  'test data': 'test data on the mixture',
  'additivity formula': 'additivity formula (ATEmix)',
  summation: 'summation method',
  'specific concentration limit': 'specific concentration limit of a component',
  'generic concentration limit': 'generic concentration limit',
  'extreme pH': 'extreme pH (test data)',
}

export function mixtureClassificationBlocks(m: MixtureFacts, j: Jurisdiction): Block[] {
  const r = m.result
  const label = m.facts.label
  const names = new Map((label?.classification ?? []).map((c) => [c.statement?.code ?? c.code, j === 'eu' ? c.code : c.name]))
  const rows = r.classes.map((c) => {
    const h = c.h ? parseH(c.h) : null
    const statement = h ? statementText(h, j) : null
    return [
      (statement && names.get(statement.code)) ?? c.cls,
      statement ? `${statement.code}: ${statement.text}` : '—',
      `${BASIS_WORDS[c.basis] ?? c.basis}: ${c.detail}`,
    ]
  })
  for (const l of r.lacking) rows.push([l.cls, 'Not classified: data lacking', l.detail])
  const blocks: Block[] = []
  if (rows.length) blocks.push({ kind: 'table', header: ['Hazard class and category', 'Hazard statement', 'Basis'], rows })
  if (!r.classes.length)
    blocks.push(
      p(
        `Not classified as hazardous by the calculation methods, on the declared composition and the components’ classifications${r.lacking.length ? '; the classes listed above could not be decided without test data on the mixture' : ''}. This is not a finding that the mixture is safe.`,
        'strong'
      )
    )
  const inTable = new Set(r.lacking.map((l) => l.detail))
  for (const n of r.notes) if (!inTable.has(n)) blocks.push(p(n, 'note'))
  blocks.push(
    p(
      j === 'eu'
        ? 'Source: classification of the mixture by the supplier under Regulation (EC) No 1272/2008, Article 9 and Annex I Parts 2 to 4, from the composition declared in Section 3.2 and any test data on the mixture given (Article 6(1)).'
        : 'Source: classification of the mixture under 29 CFR 1910.1200(d) and Appendix A (GHS Rev. 7 criteria as adopted by OSHA), from the composition declared in Section 3 and any test data on the mixture given. Environmental classes are outside OSHA’s scope and not on the label.',
      'note'
    )
  )
  return blocks
}

/** The percentage of ingredients of unknown acute toxicity, which the label and sheet must state (CLP Annex I 3.1.3.6.2.2; OSHA App. D 2(d)). */
export function unknownAcuteBlocks(m: MixtureFacts): Block[] {
  const unknown = m.components.filter((c) => c.engine.acuteUnknown && c.engine.concentration >= 1)
  if (!unknown.length) return [p('None: every relevant component (≥ 1 %) has acute toxicity data or a classification.')]
  const share = Math.round(unknown.reduce((s, c) => s + c.engine.concentration, 0) * 1e4) / 1e4
  return [
    p(
      `${share} % of the mixture consists of ingredient(s) of unknown acute toxicity (${unknown.map((c) => c.facts.productName).join(', ')}).`,
      'strong'
    ),
  ]
}
