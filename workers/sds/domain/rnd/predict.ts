/**
 * One proxy prediction: structure in, identity, predicted properties, structural alerts,
 * analogues and the precautionary classification out, with every method named. Pure apart
 * from the lazily loaded structure toolkit.
 */
import { parseFormula } from '../chem/identifiers'
import { displayName } from '../chem/resolve'
import { knowledge } from '../chem/knowledge'
import type { Jurisdiction } from '../ghs/phrases'
import { findAlerts, findSecondaryAlerts, type AlertHit, type SecondaryHit } from './alerts'
import { asEntry, proxyClassification, type AnalogueEvidence, type ProxyClass } from './classify'
import rules from './data/rules.json'
import { FP_WORDS } from './fingerprint'
import { loadOcl } from './ocl'
import { predictProperties, type PredictedProperties } from './predict-properties'
import { nearestAnalogues } from './readacross'
import { parseStructure, type Identity, type StructureInput } from './structure'

export type Prediction = {
  identity: Identity
  properties: PredictedProperties
  alerts: AlertHit[]
  /** ChEMBL filter hits: a labelled secondary signal that decides nothing. */
  secondary_alerts: SecondaryHit[]
  analogues: AnalogueEvidence[]
  classification: ProxyClass[]
  /** Screening statements that are not a class (explosive properties not excluded). */
  screens: string[]
  /** Same constitution as a knowledge-base substance: the standard generator has real data. */
  known_substance: { cas: string; name: string } | null
}

export type PredictResult =
  | { ok: true; prediction: Prediction; entry: ReturnType<typeof asEntry> }
  | { ok: false; status: 413 | 422; code: string; message: string }

export async function predict(
  input: StructureInput,
  j: Jurisdiction,
  opts: { exclude?: ReadonlySet<string> } = {}
): Promise<PredictResult> {
  const ocl = await loadOcl()
  const parsed = parseStructure(ocl, input)
  if (!parsed.ok) return parsed
  const { mol, identity } = parsed

  const { tbK: _tb, ...properties } = predictProperties(ocl, mol)
  void _tb
  const index = mol.getIndex()
  const alerts = findAlerts(ocl, mol, index)
  const fp = Uint32Array.from(index.slice(0, FP_WORDS), (x) => x >>> 0)
  const kb = knowledge()
  const analogues: AnalogueEvidence[] = nearestAnalogues(fp, rules.read_across.analogues, opts.exclude).map((a) => {
    const record = kb.byCas.get(a.cas)
    return {
      ...a,
      name: record ? displayName(record, record.annex[0] ?? null, j) : a.cas,
      entries: record?.annex ?? [],
    }
  })
  // The same constitution as a knowledge-base substance: its own data are the evidence, and
  // the other analogues are shown for information only.
  const same = analogues.find(
    (a) =>
      a.tanimoto === 1 && kb.byCas.get(a.cas)?.compound && sameConstitution(ocl, identity.idcode, kb.byCas.get(a.cas)!.compound!.smiles)
  )
  if (same) for (const a of analogues) a.close = a === same
  let hasCH = false
  for (let a = 0; a < mol.getAtoms() && !hasCH; a++) hasCH = mol.getAtomicNo(a) === 6 && mol.getAllHydrogens(a) > 0
  const classification = proxyClassification(j, alerts, analogues, {
    boilingC: properties.boiling_point.value,
    flashC: properties.flash_point.value,
    hasCH,
  })
  return {
    ok: true,
    prediction: {
      identity,
      properties,
      alerts,
      secondary_alerts: findSecondaryAlerts(ocl, mol, index),
      analogues,
      classification,
      screens: explosiveScreen(alerts, identity),
      known_substance: same ? { cas: same.cas, name: same.name } : null,
    },
    entry: asEntry(classification),
  }
}

function sameConstitution(ocl: Awaited<ReturnType<typeof loadOcl>>, idcode: string, smiles: string): boolean {
  try {
    return ocl.Molecule.fromSmiles(smiles, { noCoordinates: true, noStereo: true }).getIDCode() === idcode
  } catch {
    return false
  }
}

/**
 * UN Manual of Tests and Criteria, Appendix 6, and CLP Annex I 2.1.4.3: with a group associated
 * with explosive properties, explosive properties cannot be excluded without the screening
 * procedure; the oxygen balance −1600 (2x + y/2 − z) / M for CxHyOz (N and halogens ignored, as a
 * screen) is reported, since below −200 the procedure need not be applied for oxygen groups.
 */
function explosiveScreen(alerts: AlertHit[], identity: Identity): string[] {
  if (!alerts.some((a) => a.endpoints.includes('explosive_screen'))) return []
  const counts = parseFormula(identity.formula) ?? new Map<string, number>()
  const n = (el: string) => counts.get(el) ?? 0
  const ob = Math.round((-1600 * (2 * n('C') + n('H') / 2 - n('O'))) / identity.molecular_weight)
  return [
    `Contains a chemical group associated with explosive properties (UN Manual of Tests and Criteria, Appendix 6). Calculated oxygen balance: ${ob} (the screening procedure may be skipped for oxygen-containing groups only below −200; CLP Annex I 2.1.4.3). Explosive or self-reactive properties cannot be excluded without the screening procedure (decomposition energy by DSC) and tests: do not heat, grind or confine the substance until then.`,
  ]
}
