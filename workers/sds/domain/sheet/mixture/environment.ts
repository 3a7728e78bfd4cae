/**
 * Section 12.1 / 12(a) of a mixture sheet: the mixture's aquatic classes by the summation method
 * with M-factors (CLP Annex I 4.1.3.5.5; GHS Rev. 7 4.1.3.5.5), on the US sheet for information
 * only (OSHA did not adopt the environmental classes), and each component's own classes.
 */
import { mFactors } from '../../ghs/mixture/environment'
import { NO_DATA, p, type Block } from '../model'
import type { MixtureFacts } from './facts'

export function mixtureAquaticBlocks(m: MixtureFacts): Block[] {
  const env = m.environment
  const blocks: Block[] = []
  if (env.classes.length)
    blocks.push({
      kind: 'table',
      header: ['Aquatic class of the mixture', 'Hazard statement', 'Basis'],
      rows: env.classes.map((c) => [c.cls, c.h ?? '—', `summation method: ${c.detail}`]),
    })
  else
    blocks.push(
      p(
        'Not classified as hazardous to the aquatic environment by the summation method (CLP Annex I 4.1.3.5.5) on the components’ classifications.'
      )
    )
  for (const n of env.notes) blocks.push(p(n, 'note'))
  if (m.facts.jurisdiction === 'us' && env.classes.length)
    blocks.push(p('For information: OSHA’s HazCom did not adopt the environmental classes; they are not on the label.', 'note'))
  const rows = m.components
    .map((c) => {
      const aquatic = c.engine.pairs.filter((x) => /^Aquatic/.test(x.cls))
      if (!aquatic.length) return null
      const mf = mFactors(c.engine.limits)
      return [
        c.facts.productName,
        aquatic.map((x) => `${x.cls.replace(/\s*\*+$/, '')}${x.h ? ` (${x.h})` : ''}`).join('; '),
        `acute ${mf.acute}, chronic ${mf.chronic}`,
      ]
    })
    .filter((r): r is string[] => r !== null)
  if (rows.length) blocks.push({ kind: 'table', header: ['Component', 'Aquatic classification', 'M-factors'], rows })
  blocks.push(p(`${NO_DATA} on LC50/EC50 test values of the mixture or its components: not in the sources used.`, 'note'))
  return blocks
}
