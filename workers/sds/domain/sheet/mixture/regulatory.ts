/**
 * Section 15 of a mixture sheet: the lists are checked per component, by its CAS number (a
 * mixture has none); only the listings found are printed, each with the component it is for.
 */
import type { Jurisdiction } from '../../ghs/phrases'
import { listingRows } from '../content'
import notStaged from '../lists-not-staged.json'
import type { MixtureFacts } from './facts'

export function regulatoryRows(m: MixtureFacts, j: Jurisdiction): Array<[string, string]> {
  const classified = m.result.classes.length > 0
  const rows: Array<[string, string]> = [
    j === 'eu'
      ? [
          'Regulation (EC) No 1272/2008 (CLP)',
          'Mixture classified by the supplier by the methods of Annex I (Section 2); the harmonised entries of its components are in Section 3.2',
        ]
      : [
          'OSHA Hazard Communication Standard',
          classified
            ? 'Hazardous chemical under 29 CFR 1910.1200 (mixture classified in Section 2).'
            : 'Not classified by the calculation methods (Section 2); the manufacturer or importer remains responsible for the classification.',
        ],
  ]
  const checked: string[] = []
  for (const c of m.components) {
    if (!c.facts.cas) continue
    checked.push(c.facts.productName)
    for (const [list, value] of listingRows(c.facts))
      if (!/^Not listed|^NOT CHECKED|^No data/i.test(value)) rows.push([`${c.facts.productName}: ${list}`, value])
  }
  rows.push([
    'Lists checked per component',
    checked.length
      ? `${checked.join(', ')} (by CAS number, on the lists of our data: each component’s substance sheet names their editions); a list not named above for a component does not list it.`
      : 'No component has a CAS number to check the lists by.',
  ])
  // The lists our data do not hold, once for the whole mixture: never read as "not listed".
  rows.push(...(notStaged as unknown as Record<Jurisdiction, Array<[string, string]>>)[j])
  return rows
}
