/** Section 1.1 / (a)-(b) of a mixture sheet: the product's trade name, said to be a mixture. */
import type { Jurisdiction } from '../../ghs/phrases'
import type { Block } from '../model'
import type { MixtureFacts } from './facts'

export function productIdentity(m: MixtureFacts, j: Jurisdiction): Block[] {
  const rows: Array<[string, string]> = [
    ['Product name', m.productName],
    ['Type of product', `Mixture of ${m.components.length} declared components (composition in Section 3${j === 'eu' ? '.2' : ''})`],
  ]
  if (j === 'eu')
    rows.push([
      'Unique formula identifier (UFI)',
      '[To be completed: the UFI notified to the poison centres, where the mixture is classified for health or physical hazards (CLP Annex VIII, Part A 5)]',
    ])
  return [{ kind: 'fields', rows }]
}
