/**
 * Predicted physical-chemical properties, each with its method and uncertainty. The
 * uncertainties are measured, not quoted: the data build (scripts/sds/build-rnd.ts) runs the
 * same code over the knowledge-base substances that have a measured value and stores the mean
 * and 90th-percentile absolute errors in data/validation.json.
 */
import { jobackBoilingPoint, JOBACK } from './joback'
import rules from './data/rules.json'
import validation from './data/validation.json'
import type { Molecule, OCL } from './ocl'

export type Uncertainty = { mean_absolute_error: number; p90_absolute_error: number; n: number; measured_against: string } | null

export type Predicted = {
  value: number | null
  unit: string
  method: string
  citation: string
  uncertainty: Uncertainty
  note?: string
}

export type PredictedProperties = {
  log_p: Predicted
  log_s: Predicted
  polar_surface_area: Predicted
  boiling_point: Predicted
  flash_point: Predicted
}

const OCL_CITATION =
  'openchemlib (Actelion/Idorsia, BSD-3-Clause) MoleculeProperties: atom-type increment methods of the OSIRIS Property Explorer; polar surface area by the fragment method of Ertl P., Rohde B., Selzer P. (2000), J. Med. Chem. 43, 3714-3717.'

const K = 273.15

/** Satyanarayana and Rao (1992): closed-cup flash point from the normal boiling point (K). */
export function flashPointFromBoiling(tbK: number): number {
  const { a_k: a, b_k: b, c_k: c } = rules.flash_point
  const x = c / tbK
  const e = Math.exp(-x)
  return a + (b * x * x * e) / ((1 - e) * (1 - e))
}

const round = (v: number, d = 1) => Math.round(v * 10 ** d) / 10 ** d

function measured(key: keyof typeof validation.properties): Uncertainty {
  const v = validation.properties[key] as { mae: number; p90: number; n: number; against: string } | undefined
  return v && v.n > 0 ? { mean_absolute_error: v.mae, p90_absolute_error: v.p90, n: v.n, measured_against: v.against } : null
}

export function predictProperties(ocl: OCL, mol: Molecule): PredictedProperties & { tbK: number | null } {
  const props = new ocl.MoleculeProperties(mol)
  const tb = jobackBoilingPoint(mol)
  const tbK = tb.ok ? tb.tb_k : null
  const fpK = tbK !== null ? flashPointFromBoiling(tbK) : null
  return {
    tbK,
    log_p: {
      value: round(props.logP, 2),
      unit: 'log10 (n-octanol/water)',
      method: 'openchemlib cLogP (atom-type increments)',
      citation: OCL_CITATION,
      uncertainty: measured('log_p'),
    },
    log_s: {
      value: round(props.logS, 2),
      unit: 'log10 (mol/L) in water',
      method: 'openchemlib logS (atom-type increments)',
      citation: OCL_CITATION,
      uncertainty: measured('log_s'),
    },
    polar_surface_area: {
      value: round(props.polarSurfaceArea, 1),
      unit: 'Å²',
      method: 'openchemlib topological polar surface area',
      citation: OCL_CITATION,
      uncertainty: null,
      note: 'A descriptor computed from the structure, not a measured property; no uncertainty applies.',
    },
    boiling_point: {
      value: tbK !== null ? round(tbK - K) : null,
      unit: '°C',
      method: 'Joback group contributions (normal boiling point)',
      citation: JOBACK.citation,
      uncertainty: measured('boiling_point'),
      note: tb.ok ? JOBACK.caveats.join(' ') : `No estimate: ${tb.reason}.`,
    },
    flash_point: {
      value: fpK !== null ? round(fpK - K) : null,
      unit: '°C (closed cup)',
      method: 'Satyanarayana-Rao correlation from the Joback boiling point',
      citation: rules.flash_point.citation,
      uncertainty: measured('flash_point'),
      note:
        fpK !== null
          ? 'Less reliable for alcohols, acids and amines (hydrogen bonding); used only conservatively (lower bound) for flammability.'
          : 'No estimate without a boiling point.',
    },
  }
}
