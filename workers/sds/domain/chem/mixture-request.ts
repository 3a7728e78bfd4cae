import type { GenerateRequest } from '../../schemas'
import { resolveIdentifier, type Candidate, type Resolved } from './resolve'

export type ComponentRequest = NonNullable<GenerateRequest['components']>[number]

/** A component as the sheet uses it: what the caller sent, and the substance it names. */
export type ResolvedComponent = {
  identifier: string
  substance: Resolved
  concentration: number
  concentration_max: number | null
}

export type MixtureTest = Pick<
  GenerateRequest,
  'flash_point_c' | 'initial_boiling_point_c' | 'ph' | 'kinematic_viscosity_40c' | 'physical_state' | 'acute_tox_data'
>

export type ResolvedMixture = {
  productName: string
  components: ResolvedComponent[]
  /** 100 − Σ lower ends, declared non-hazardous or water (REACH Annex II 3.2.1 asks only for the ingredients that classify). */
  remainder: number
  test: MixtureTest
}

type Issue = { path: string; message: string }

export type MixtureResolution =
  | { ok: true; mixture: ResolvedMixture }
  | { ok: false; code: 'VALIDATION_ERROR'; message: string; issues: Issue[] }
  | { ok: false; code: 'CHEMICAL_NOT_FOUND'; message: string; suggestions: string[]; component: number }
  | { ok: false; code: 'AMBIGUOUS_IDENTIFIER'; message: string; candidates: Candidate[]; component: number }
  | { ok: false; code: 'INVALID_CAS_NUMBER'; message: string; component: number }

const TEST_FIELDS = [
  'flash_point_c',
  'initial_boiling_point_c',
  'ph',
  'kinematic_viscosity_40c',
  'physical_state',
  'acute_tox_data',
] as const
const SUBSTANCE_ONLY = ['concentration', 'physical_form'] as const
/** Rounding slack for totals such as 33.3 + 33.3 + 33.4. */
const EPSILON = 1e-9

type Invalid = Extract<MixtureResolution, { code: 'VALIDATION_ERROR' }>

function invalid(path: string, message: string): Invalid {
  return { ok: false, code: 'VALIDATION_ERROR', message, issues: [{ path, message }] }
}

/** The body is a substance request, a mixture request, or a 422 saying why it is neither. */
export function requestKind(input: GenerateRequest): { kind: 'substance' | 'mixture' } | Invalid {
  const mixture = input.components !== undefined
  if (mixture && input.chemical_identifier !== undefined)
    return invalid(
      'chemical_identifier',
      'Send either chemical_identifier (one substance) or product_name with components (a mixture), not both.'
    )
  if (!mixture && input.chemical_identifier === undefined)
    return invalid('chemical_identifier', 'chemical_identifier is required (or product_name with components for a mixture).')
  if (!mixture) {
    const extra = [...TEST_FIELDS, 'product_name' as const].find((k) => input[k] !== undefined)
    if (extra)
      return invalid(extra, `${extra} is for a mixture (with components); a substance sheet takes its data from the sources cited.`)
    return { kind: 'substance' }
  }
  const wrong = SUBSTANCE_ONLY.find((k) => input[k] !== undefined)
  if (wrong)
    return invalid(
      wrong,
      `${wrong} is for one substance; with components give each component's concentration and the mixture's physical_state.`
    )
  return { kind: 'mixture' }
}

/**
 * Checks the declared composition before any lookup (cheap checks first), then resolves each
 * component like a chemical_identifier. The first component that does not resolve decides the
 * answer, named by its position and identifier.
 */
export async function resolveMixture(input: GenerateRequest): Promise<MixtureResolution> {
  const components = input.components ?? []
  if (!input.product_name) return invalid('product_name', 'product_name is required with components (Section 1.1 names the mixture).')
  for (const [i, c] of components.entries()) {
    if (c.concentration_max !== undefined && c.concentration_max < c.concentration)
      return invalid(
        `components.${i}.concentration_max`,
        `components[${i}] (${c.identifier}): concentration_max ${c.concentration_max} is below concentration ${c.concentration}.`
      )
  }
  const total = components.reduce((s, c) => s + c.concentration, 0)
  if (total > 100 + EPSILON)
    return invalid('components', `The components add up to ${round(total)} % w/w (lower ends of ranges): a mixture cannot exceed 100 %.`)
  const seen = new Map<string, number>()
  const resolved: ResolvedComponent[] = []
  for (const [i, c] of components.entries()) {
    const r = await resolveIdentifier(c.identifier)
    const where = `components[${i}] ("${c.identifier}")`
    if (!r.ok) {
      if (r.code === 'VALIDATION_ERROR') return { ...r, issues: r.issues.map((x) => ({ ...x, path: `components.${i}.identifier` })) }
      if (r.code === 'MIXTURE_NOT_SUPPORTED')
        return invalid(`components.${i}.identifier`, `${where} names more than one substance: list each as its own component.`)
      return { ...r, message: `${where}: ${r.message}`, component: i }
    }
    if (r.substance.concentration != null)
      return invalid(
        `components.${i}.identifier`,
        `${where} carries a concentration in its name: name the substance and give the percent in concentration.`
      )
    const key = r.substance.entry?.index ?? r.substance.record.id
    const before = seen.get(key)
    if (before !== undefined)
      return invalid(
        `components.${i}.identifier`,
        `${where} is the same substance as components[${before}]: give it once with the total concentration.`
      )
    seen.set(key, i)
    resolved.push({
      identifier: c.identifier,
      substance: r.substance,
      concentration: c.concentration,
      concentration_max: c.concentration_max ?? null,
    })
  }
  const test: MixtureTest = {}
  for (const k of TEST_FIELDS) if (input[k] !== undefined) (test as Record<string, unknown>)[k] = input[k]
  return { ok: true, mixture: { productName: input.product_name, components: resolved, remainder: round(100 - total), test } }
}

function round(x: number): number {
  return Math.round(x * 1e4) / 1e4
}
