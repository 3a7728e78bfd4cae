/** The `prediction` object of the API response: what was predicted and how, without internals. */
import { classify } from '../ghs/engine'
import rules from './data/rules.json'
import type { Prediction } from './predict'

export function toResponse(p: Prediction) {
  const { idcode: _idcode, ...identity } = p.identity
  void _idcode
  return {
    identity,
    properties: p.properties,
    structural_alerts: p.alerts,
    secondary_alerts: p.secondary_alerts,
    analogues: p.analogues.map((a) => ({
      name: a.name,
      cas: a.cas,
      tanimoto: a.tanimoto,
      used_for_read_across: a.close,
      harmonised_classification: a.entries.flatMap((e) => classify(e).items.map((i) => (i.h ? `${i.raw} (${i.h.code})` : i.raw))),
      ld50_oral_rat_mg_per_kg: a.ld50_mg_per_kg,
    })),
    classification: p.classification.map((c) => ({ class: c.clp, hazard_statement: c.h, kind: c.kind, basis: c.basis })),
    physical_screens: p.screens,
    handling: rules.lab_chemical,
    known_substance: p.known_substance,
  }
}
