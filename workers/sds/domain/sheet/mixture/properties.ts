/**
 * Section 9 of a mixture sheet: only what the formulator measured on the mixture. No property
 * of a component is a property of the mixture (a flash point is measured, never calculated:
 * CLP Annex I 2.6.4.2), so every other item says it was not determined for the mixture.
 */
import type { Jurisdiction } from '../../ghs/phrases'
import { usSpelling } from '../content'
import type { Block } from '../model'
import type { MixtureFacts } from './facts'

const NOT_DETERMINED = 'Not determined for the mixture (no test data given; the values of the components are not those of the mixture)'

/** The items of REACH Annex II 9.1 (a)-(r) as replaced by Regulation (EU) 2020/878; OSHA Appendix D Section 9 lists the same properties. */
const ITEMS: Array<[string, (m: MixtureFacts) => string | null]> = [
  ['(a) Physical state', (m) => (m.test.physical_state ? `${m.test.physical_state} (as declared by the formulator)` : null)],
  ['(b) Colour', () => null],
  ['(c) Odour', () => null],
  ['(d) Melting point/freezing point', () => null],
  [
    '(e) Boiling point or initial boiling point and boiling range',
    (m) =>
      m.test.initial_boiling_point_c !== undefined ? `Initial boiling point ${m.test.initial_boiling_point_c} °C (test data given)` : null,
  ],
  ['(f) Flammability', () => null],
  ['(g) Lower and upper explosion limit', () => null],
  ['(h) Flash point', (m) => (m.test.flash_point_c !== undefined ? `${m.test.flash_point_c} °C (test data given)` : null)],
  ['(i) Auto-ignition temperature', () => null],
  ['(j) Decomposition temperature', () => null],
  ['(k) pH', (m) => (m.test.ph !== undefined ? `${m.test.ph} (test data given)` : null)],
  [
    '(l) Kinematic viscosity',
    (m) => (m.test.kinematic_viscosity_40c !== undefined ? `${m.test.kinematic_viscosity_40c} mm²/s at 40 °C (test data given)` : null),
  ],
  ['(m) Solubility', () => null],
  ['(n) Partition coefficient n-octanol/water (log value)', () => 'Not applicable to a mixture (REACH Annex II 9.1(n))'],
  ['(o) Vapour pressure', () => null],
  ['(p) Density and/or relative density', () => null],
  ['(q) Relative vapour density', () => null],
  [
    '(r) Particle characteristics',
    (m) => (m.test.physical_state && m.test.physical_state !== 'solid' ? 'Not applicable (not a solid)' : null),
  ],
]

export function mixturePropertyBlocks(m: MixtureFacts, j: Jurisdiction): Block[] {
  const rows = ITEMS.map(([item, value]): [string, string] => [item, value(m) ?? NOT_DETERMINED])
  return [{ kind: 'fields', rows: j === 'us' ? rows.map(([k, v]) => [usSpelling(k), usSpelling(v)]) : rows }]
}
