/**
 * A mixture's facts: each component's own facts (its classification, limits, exposure limits,
 * toxicology), the mixture's classification by the calculation methods, and the Facts the
 * common sections (4-7, 10, 12-16) read, filled only with what holds for the mixture as a
 * whole: its label, its test data, nothing of one component passed off as the mixture's.
 */
import type { ResolvedMixture } from '../../chem/mixture-request'
import { labelElements } from '../../ghs/engine'
import type { Form } from '../../ghs/concentration'
import { classifyMixture } from '../../ghs/mixture/classify'
import { aquatic } from '../../ghs/mixture/environment'
import type { MixtureClassification, MixtureComponent, MixtureTestData } from '../../ghs/mixture/types'
import { abbrOf, toEntry, type Pair } from '../../ghs/pairs'
import type { Jurisdiction } from '../../ghs/phrases'
import rules from '../../ghs/rules/mixture.json'
import { completeStatements } from '../fire'
import { gatherFacts, type Facts } from '../facts'
import { decideMixtureTransport } from './transport'

export type ComponentFacts = {
  identifier: string
  /** As declared: the lower end with concentration_max the upper end of a range. */
  concentration: number
  concentrationMax: number | null
  facts: Facts
  /** What the engine was given for this component. */
  engine: MixtureComponent
}

export type MixtureFacts = {
  productName: string
  components: ComponentFacts[]
  remainder: number
  test: ResolvedMixture['test']
  result: MixtureClassification
  /** The aquatic summation, for Section 12 of both sheets (the US label leaves it out). */
  environment: ReturnType<typeof aquatic>
  /** The Facts of the mixture as a whole, for the sections common to substance and mixture sheets. */
  facts: Facts
}

const KNOWN_NOT_ACUTELY_TOXIC = new Set(rules.knownNotAcutelyToxic.cas)

/** The inhalation point estimates that fit the mixture's state (CLP Table 3.1.2: gases ppmV, vapours and dusts mg/l). */
function inhalationForm(state: ResolvedMixture['test']['physical_state']): Form {
  return state === 'gas' ? 'gas' : state === 'solid' ? 'dust' : 'vapour'
}

export function gatherMixtureFacts(mixture: ResolvedMixture, j: Jurisdiction): MixtureFacts {
  const components = mixture.components.map((c): ComponentFacts => {
    // Each component's own sheet facts, without PubChem enrichment: one lookup per component
    // would make the cost of a 50-component request grow with outbound calls.
    const facts = gatherFacts(c.substance, j)
    const pairs = facts.classification.pairs
    const acuteKnown =
      pairs.some((p) => abbrOf(p) === 'Acute Tox.') ||
      facts.ld50Oral !== null ||
      (facts.cas !== null && KNOWN_NOT_ACUTELY_TOXIC.has(facts.cas))
    return {
      identifier: c.identifier,
      concentration: c.concentration,
      concentrationMax: c.concentration_max,
      facts,
      engine: {
        name: facts.productName,
        concentration: c.concentration_max ?? c.concentration,
        pairs,
        limits: facts.annex?.limits ?? null,
        acuteUnknown: !acuteKnown,
        acuteData: facts.ld50Oral ? { oral: facts.ld50Oral.value } : undefined,
      },
    }
  })
  const test: MixtureTestData = {
    flash_point_c: mixture.test.flash_point_c,
    initial_boiling_point_c: mixture.test.initial_boiling_point_c,
    ph: mixture.test.ph,
    kinematic_viscosity_40c: mixture.test.kinematic_viscosity_40c,
    acute_tox: mixture.test.acute_tox_data,
  }
  const result = classifyMixture(
    components.map((c) => c.engine),
    test,
    j,
    inhalationForm(mixture.test.physical_state)
  )
  return {
    productName: mixture.productName,
    components,
    remainder: mixture.remainder,
    test: mixture.test,
    result,
    environment: aquatic(components.map((c) => c.engine)),
    facts: wholeMixtureFacts(mixture, components, result, j),
  }
}

function wholeMixtureFacts(mixture: ResolvedMixture, components: ComponentFacts[], result: MixtureClassification, j: Jurisdiction): Facts {
  const pairs: Pair[] = result.classes.map((c) => ({ cls: c.cls, h: c.h, basis: c.detail, by: 'supplier' }))
  const entry = pairs.length ? toEntry(pairs, []) : null
  const state = mixture.test.physical_state ?? null
  // Transport classifies the mixture with its aquatic classes, which the US label leaves out.
  const aquaticPairs: Pair[] = aquatic(components.map((c) => c.engine))
    .classes.filter((c) => !pairs.some((p) => p.cls === c.cls))
    .map((c) => ({ cls: c.cls, h: c.h, basis: c.detail, by: 'supplier' }))
  const transport = decideMixtureTransport({
    pairs: [...pairs, ...aquaticPairs],
    state,
    flashGiven: mixture.test.flash_point_c !== undefined,
    components,
    j,
  })
  const sources = [...new Set(components.flatMap((c) => c.facts.sources))]
  return {
    jurisdiction: j,
    productName: mixture.productName,
    synonyms: [],
    cas: null,
    ec: [],
    indexNo: null,
    formula: null,
    molecularWeight: null,
    smiles: null,
    inchikey: null,
    pubchemCid: null,
    annex: null,
    label: completeStatements(entry ? labelElements(entry, j) : null),
    classification: {
      entry,
      pairs,
      annex: null,
      group: null,
      supplier: pairs,
      judged: [],
      missing: result.lacking.map((l) => l.detail),
      notes: result.notes,
      concentration: null,
      form: state,
    },
    solutionEntry: null,
    ld50Oral: null,
    exposureLimits: null,
    transport,
    listings: {},
    epa: null,
    properties: null,
    propertiesSource: null,
    enriched: null,
    niosh: null,
    // The Pocket Guide covers substances, not a product; the state is the formulator's own.
    npgLimits: null,
    state,
    carcinogens: { iarc: null, ntp: null },
    listedIn: null,
    oshaCarcinogen: null,
    enrichment: {},
    elements: [],
    sources,
  }
}
