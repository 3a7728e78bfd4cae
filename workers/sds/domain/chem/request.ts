import type { GenerateRequest } from '../../schemas'
import { resolveIdentifier, type Resolution } from './resolve'
import { knowledge } from './knowledge'
import { solutionEntry, solutionOfPure } from './solution'

/** physical_form to the form the classification rules read (powder: dust for the inhalation estimates). */
export const FORMS = { gas: 'gas', liquid: 'liquid', solid: 'solid', powder: 'dust', aqueous_solution: 'aqueous solution' } as const

export type SubstanceRequest = Pick<GenerateRequest, 'concentration' | 'physical_form'> & { chemical_identifier: string }

/**
 * What one sheet request asks for, resolved: the identifier with its concentration and form,
 * or the error the single endpoints answer (a bulk item gets the same one).
 */
export async function resolveRequest(input: SubstanceRequest): Promise<Resolution> {
  if (input.concentration !== undefined && input.physical_form && input.physical_form !== 'aqueous_solution') {
    const message = 'concentration is the percent of the substance in water: physical_form must be aqueous_solution or left out.'
    return {
      ok: false,
      code: 'VALIDATION_ERROR',
      message,
      issues: [{ path: 'physical_form', message: 'must be aqueous_solution with concentration' }],
    }
  }
  const resolution = await resolveIdentifier(input.chemical_identifier, { concentration: input.concentration ?? null })
  if (!resolution.ok) return resolution
  const substance = resolution.substance
  // The substance in water ("ammonia 25%", "ammonia solution 25%", physical_form aqueous_solution)
  // is the Annex VI entry for the solution where the name found the pure substance's entry.
  const aqueous =
    substance.concentration != null || substance.form?.startsWith('aqueous solution') || input.physical_form === 'aqueous_solution'
  // An index number is the caller's own choice of entry and stays.
  const inWater = aqueous && substance.matchedBy !== 'index_no' ? solutionOfPure(substance.entry) : null
  if (inWater) {
    substance.record = knowledge().byIndexNo.get(inWater.index)?.record ?? substance.record
    substance.entry = inWater
  }
  if (!input.physical_form) return resolution
  // An entry for the solution cannot give a sheet for the gas or the solid: its classification is the solution's.
  const solution = solutionEntry(resolution.substance.entry)
  if (solution && input.physical_form !== 'aqueous_solution' && input.physical_form !== 'liquid') {
    const pure = solution.pure ? ` For the pure substance send ${solution.pure.index} (${solution.pure.name}).` : ''
    const message = `${solution.why}: physical_form must be aqueous_solution, liquid or left out.${pure}`
    return { ok: false, code: 'VALIDATION_ERROR', message, issues: [{ path: 'physical_form', message }] }
  }
  resolution.substance.form = solution ? 'aqueous solution' : FORMS[input.physical_form]
  return resolution
}
