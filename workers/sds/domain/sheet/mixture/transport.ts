/**
 * Section 14 of a mixture sheet: the MIXTURE is classified for transport, never one component.
 * The transport hazards follow from the mixture's own classification (Section 2, and the aquatic
 * summation, which the US label leaves out but transport does not); then, in the order of the UN
 * Model Regulations:
 * - 2.0.2.5: a mixture of ONE dangerous substance named in the table with substances that are not
 *   dangerous goods takes that substance's named entry, unless the mixture's class or packing group
 *   differs from the entry's (then it is n.o.s.);
 * - 2.0.2.2 / 3.1.2.8.1.3: otherwise the generic or n.o.s. entry of its class, with the technical
 *   names of at most the two components that contribute most to the hazard (49 CFR 172.203(k)(2));
 * - "not regulated" with the reason, or "cannot be determined" with the datum missing: a liquid
 *   with a flammable component and no flash point given is never guessed into or out of class 3.
 */
import { dotCandidatesOf, dotRowsOf } from '../../chem/knowledge'
import { mFactors } from '../../ghs/mixture/environment'
import { abbrOf, type Pair } from '../../ghs/pairs'
import acidsBases from '../../ghs/rules/acids-bases.json'
import { decideTransport, type TransportDecision, type TransportInput, transportHazards } from '../transport'
import type { ComponentFacts } from './facts'

export type MixtureTransportInput = {
  /** The mixture's classes (Section 2) with the aquatic ones, US or EU alike. */
  pairs: Pair[]
  state: 'gas' | 'liquid' | 'solid' | null
  flashGiven: boolean
  components: ComponentFacts[]
  j: 'us' | 'eu'
}

const PG_ORDER = ['I', 'II', 'III']
/** Transport classes a mixture gets only from a test on itself, never by calculation from its components. */
const PHYSICAL_ONLY_BY_TEST = new Set(['2.1', '2.2', '4.1', '4.2', '4.3', '5.1', '5.2'])
const STRONG = new Map(acidsBases.substances.map((s) => [s.cas, s.kind]))

/** A component that is, or may be, a flammable liquid: classified so, or organic with its flash point unknown. */
function mayBeFlammable(c: ComponentFacts): boolean {
  if (c.engine.pairs.some((p) => abbrOf(p) === 'Flam. Liq.')) return true
  const organic = c.facts.elements.includes('C') && c.facts.elements.includes('H')
  // A carbon-free liquid without a Flam. Liq. class (water, mineral acids) has no flash point to judge.
  return organic && c.facts.transport?.how === 'undetermined' && /flash point/.test(c.facts.transport.reason)
}

/** How much a component contributes to one transport class of the mixture: its share, times its M-factor for class 9. */
function weight(c: ComponentFacts, cls: string): number {
  const m = cls.startsWith('9') ? Math.max(mFactors(c.engine.limits).acute, mFactors(c.engine.limits).chronic) : 1
  return c.engine.concentration * m
}

/** The components whose own classification gives each transport class of the mixture, most contributing first. */
function drivers(x: MixtureTransportInput, classes: string[]): ComponentFacts[] {
  const out = new Map<ComponentFacts, number>()
  for (const cls of classes)
    for (const c of x.components)
      if (transportHazards(c.engine.pairs, x.state).some((h) => h.cls === cls)) out.set(c, Math.max(out.get(c) ?? 0, weight(c, cls)))
  return [...out.entries()].sort((a, b) => b[1] - a[1]).map(([c]) => c)
}

function kindOf(cs: ComponentFacts[]): TransportInput['kind'] {
  const acid = (c: ComponentFacts) => {
    const listed = c.facts.cas ? STRONG.get(c.facts.cas) : undefined
    const n = c.facts.productName.toLowerCase()
    return listed === 'acid' || (!listed && /\bacid\b/.test(n))
      ? 'acidic'
      : listed === 'base' || (!listed && /\bhydroxide\b/.test(n))
        ? 'basic'
        : null
  }
  const kinds = new Set(cs.map(acid))
  const organic = new Set(cs.map((c) => c.facts.elements.includes('C') && c.facts.elements.includes('H')))
  return {
    acidBase: kinds.size === 1 ? [...kinds][0] : null,
    organic: organic.size === 1 && cs.length ? [...organic][0] : null,
    carbonFree: cs.every((c) => !c.facts.elements.includes('C')),
  }
}

const undetermined = (hazards: TransportDecision['hazards'], reason: string): TransportDecision => ({
  entry: null,
  candidates: [],
  rejected: [],
  hazards,
  how: 'undetermined',
  technicalName: null,
  reason,
})

export function decideMixtureTransport(x: MixtureTransportInput): TransportDecision {
  const hazards = transportHazards(x.pairs, x.state)
  const flammable = x.components.filter(mayBeFlammable)
  if (x.state === null)
    return undetermined(
      hazards,
      'the transport classification of the mixture cannot be determined: its physical state is not given (physical_state), and the classes and entries of the UN Model Regulations depend on it'
    )
  if (x.state === 'liquid' && !x.flashGiven && flammable.length)
    return undetermined(
      hazards,
      `the transport classification of the mixture cannot be determined: its flash point is not given (flash_point_c), and ${flammable.map((c) => c.facts.productName).join(', ')} ${flammable.length > 1 ? 'are or may be flammable liquids' : 'is or may be a flammable liquid'}, so class 3 (UN Model Regulations 2.3.2, flash point up to 60 °C) can neither be applied nor excluded`
    )

  if (x.state === 'gas' && !hazards.some((h) => h.cls.startsWith('2')))
    return undetermined(
      hazards,
      'the transport classification of the gas mixture cannot be determined: a gas is class 2 when carried compressed, liquefied, refrigerated or dissolved (UN Model Regulations 2.2.1.2), and its flammability in air and pressure in the receptacle are not given'
    )
  // Physical hazards of a component that only a test on the mixture can carry over (UN Model Regulations Part 2 test series).
  const open = x.components.flatMap((c) =>
    transportHazards(c.engine.pairs, x.state)
      .filter((h) => PHYSICAL_ONLY_BY_TEST.has(h.cls) && !hazards.some((m) => m.cls === h.cls))
      .map((h) => `${c.facts.productName} (${h.from}, class ${h.cls})`)
  )
  if (open.length)
    return undetermined(
      hazards,
      `the transport classification of the mixture cannot be determined: ${open.join(', ')} ${open.length > 1 ? 'have' : 'has'} a physical hazard that only a test on the mixture can confirm or exclude (UN Model Regulations Part 2 and the Manual of Tests and Criteria), and no such test data were given`
    )

  const classes = [...new Set(hazards.map((h) => h.cls))]
  const drive = drivers(x, classes)
  const technical = drive.slice(0, 2).map((c) => c.facts.productName)
  const common = {
    generic: dotRowsOf,
    pairs: x.pairs,
    state: x.state,
    flashKnown: true,
    classified: true,
    j: x.j,
  }

  // 2.0.2.5: one dangerous component, every other one not dangerous goods by its own classification.
  const others = x.components.filter((c) => !drive.includes(c))
  const alone = drive.length === 1 && others.every((c) => !transportHazards(c.engine.pairs, x.state).length)
  if (classes.length && alone) {
    const d = drive[0]
    const named = decideTransport({
      ...common,
      rows: dotCandidatesOf(d.facts.cas),
      form: x.state === 'liquid' ? 'aqueous solution' : x.state,
      concentration: d.engine.concentration,
      name: d.facts.productName,
      kind: kindOf([d]),
    })
    const e = named.entry
    const mixturePg = hazards
      .filter((h) => e && h.cls === e.hazardClass && h.pg)
      .map((h) => h.pg as string)
      .sort((a, b) => PG_ORDER.indexOf(a) - PG_ORDER.indexOf(b))[0]
    // A less severe packing group than the entry's makes the entry not apply (2.0.2.5(c)).
    const pgFits = !e || !mixturePg || !e.pg || PG_ORDER.indexOf(mixturePg) <= PG_ORDER.indexOf(e.pg)
    if (named.how === 'named' && e && classes.includes(e.hazardClass) && pgFits)
      return {
        ...named,
        reason: `the mixture's only dangerous component, ${d.facts.productName} (${d.engine.concentration} %), is named in the table and the mixture's class fits that entry: a mixture of one named dangerous substance with substances that are not dangerous goods takes its entry (UN Model Regulations 2.0.2.5; 49 CFR 172.101(c)(10)); checked against the mixture's form, the component's concentration and the mixture's classification`,
      }
  }

  const decided = decideTransport({
    ...common,
    rows: [],
    form: x.state,
    concentration: null,
    name: technical.join(', ') || '—',
    kind: kindOf(drive),
  })
  if (decided.how === 'not-regulated')
    return {
      ...decided,
      reason: `no criterion of classes 2 to 9 applies to the mixture's classification (Section 2; no flammable, oxidising, toxic (categories 1-3), corrosive or aquatic acute 1 / chronic 1-2 class), and ${x.state === 'liquid' ? (x.flashGiven ? 'its flash point given is outside class 3' : 'no component is a flammable liquid') : `it is a ${x.state}`}; a component's own entry does not apply to a mixture that does not meet its class (UN Model Regulations 2.0.2.5)`,
    }
  const why = alone
    ? `the mixture's one dangerous component, ${drive[0].facts.productName}, has no named entry that fits the mixture (UN Model Regulations 2.0.2.5)`
    : `the mixture has ${drive.length > 1 ? `${drive.length} dangerous components` : 'no single named dangerous component'}, so no named entry applies (UN Model Regulations 2.0.2.5)`
  const names = technical.length
    ? `; the technical names in brackets are those of at most the two components that contribute most to the hazard (UN Model Regulations 3.1.2.8.1.3; 49 CFR 172.203(k)(2))`
    : '; no component of the mixture gives this class on its own, so no technical name follows from the components'
  const reason =
    decided.how === 'generic'
      ? `${why}; the ${classes.length === 1 && classes[0].startsWith('9') ? 'environmentally hazardous substance' : `class ${classes[0]} n.o.s.`} entry applies (UN Model Regulations 2.0.2.2)${names}`
      : `${decided.reason}${names}`
  return { ...decided, technicalName: technical.length && decided.technicalName ? technical.join(', ') : null, reason }
}
