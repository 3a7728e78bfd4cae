// A chemist asks for a solution by the name on the bottle: "ammonia solution", "aqueous ammonia",
// "sodium hydroxide solution", "formalin". Before, "ammonia solution" was 422 CHEMICAL_NOT_FOUND
// while "ammonia ....%" gave the sheet of Annex VI's entry for ammonia in water, and "ammonia 25%"
// gave a sheet of the anhydrous gas's entry (Flam. Gas 2, Press. Gas, Acute Tox. 3) at 25 %. The
// names are data (scripts/sds/common-names.json); the entry each one gets is Annex VI's own.
// Through the API as a customer gets the sheet (POST /api/v1/sds/eu).
import { describe, expect, it } from 'vitest'
import { app, newKey, post } from './helpers'
import { section, sheetText, valueUnder } from './helpers/sheet-text'

type Substance = { name: string; cas: string | null; index_no: string | null; concentration: number | null }

async function ask(body: Record<string, unknown>): Promise<Response> {
  const { rawKey } = await newKey('enterprise')
  return post(app, 'eu', rawKey, { ...body, response_format: 'base64' })
}

async function sheet(body: Record<string, unknown>): Promise<{ substance: Substance; text: string }> {
  const res = await ask(body)
  expect(res.status, JSON.stringify(body)).toBe(200)
  const { document_base64, substance } = (await res.json()) as { document_base64: string; substance: Substance }
  return { substance, text: await sheetText(document_base64) }
}

const T = { timeout: 60_000 }

describe('solution names resolve to the Annex VI entry for the solution, or the substance as an aqueous solution', () => {
  // [name, CAS, Annex VI index, Section 1 chemical name]. Ammonia's solution entry
  // "ammonia ....%" carries CAS 1336-21-6 (ammonium hydroxide), the gas 7664-41-7.
  it.each([
    ['ammonia solution', '1336-21-6', '007-001-01-2', 'ammonia (aqueous solution)'],
    ['aqueous ammonia', '1336-21-6', '007-001-01-2', 'ammonia (aqueous solution)'],
    ['Ammonia Water', '1336-21-6', '007-001-01-2', 'ammonia (aqueous solution)'],
    ['ammonium hydroxide', '1336-21-6', '007-001-01-2', 'ammonia (aqueous solution)'],
    ['ammonium hydroxide solution', '1336-21-6', '007-001-01-2', 'ammonia (aqueous solution)'],
    ['1336-21-6', '1336-21-6', '007-001-01-2', 'ammonia (aqueous solution)'],
    ['hydrogen peroxide solution', '7722-84-1', '008-003-00-9', 'hydrogen peroxide solution (aqueous solution)'],
    ['aqueous hydrogen peroxide', '7722-84-1', '008-003-00-9', 'hydrogen peroxide solution (aqueous solution)'],
    ['formaldehyde solution', '50-00-0', '605-001-00-5', 'formaldehyde (aqueous solution)'],
    ['formalin', '50-00-0', '605-001-00-5', 'formaldehyde (aqueous solution)'],
    ['sodium hydroxide solution', '1310-73-2', '011-002-00-6', 'sodium hydroxide (aqueous solution)'],
    ['caustic soda solution', '1310-73-2', '011-002-00-6', 'sodium hydroxide (aqueous solution)'],
    ['potassium hydroxide solution', '1310-58-3', '019-002-00-8', 'potassium hydroxide (aqueous solution)'],
    ['hydrochloric acid solution', '7647-01-0', '017-002-01-X', 'hydrochloric acid (aqueous solution)'],
    ['aqueous hydrogen chloride', '7647-01-0', '017-002-01-X', 'hydrochloric acid (aqueous solution)'],
    ['hydrofluoric acid solution', '7664-39-3', '009-003-00-1', 'hydrofluoric acid (aqueous solution)'],
    ['hydrobromic acid solution', '10035-10-6', '035-002-01-8', 'hydrobromic acid (aqueous solution)'],
    ['aqueous methylamine', '74-89-5', '612-001-01-6', 'mono-methylamine (aqueous solution)'],
    ['hydrocyanic acid solution', '74-90-8', '006-006-01-7', 'hydrogen cyanide (aqueous solution)'],
    ['sodium hypochlorite solution', '7681-52-9', '017-011-00-1', 'sodium hypochlorite, solution Cl active (aqueous solution)'],
    ['chlorine dioxide solution', '10049-04-4', '017-026-01-0', 'chlorine dioxide (aqueous solution)'],
    ['sulfuric acid solution', '7664-93-9', '016-020-00-8', 'sulphuric acid (aqueous solution)'],
  ])('%s: CAS %s, entry %s, a sheet for the aqueous solution', T, async (identifier, cas, index, chemicalName) => {
    const { substance, text } = await sheet({ chemical_identifier: identifier })
    expect(substance.cas).toBe(cas)
    expect(substance.index_no).toBe(index)
    expect(substance.concentration).toBeNull()
    expect(valueUnder(section(text, 1), 'Chemical name')).toBe(chemicalName)
    expect(valueUnder(section(text, 9), '(a)')).toContain('aqueous solution of a concentration not stated')
  })

  it('a solution name of a substance whose entries only a concentration tells apart is answered with the candidates', T, async () => {
    for (const identifier of ['aqueous nitric acid', 'nitric acid solution']) {
      const res = await ask({ chemical_identifier: identifier })
      expect(res.status, identifier).toBe(422)
      const body = (await res.json()) as { code: string; candidates: Array<{ identifier: string }> }
      expect(body.code).toBe('AMBIGUOUS_IDENTIFIER')
      expect(body.candidates.map((c) => c.identifier).sort()).toEqual(['007-004-00-1', '007-030-00-3'])
    }
    // The concentration decides (Annex VI: C > 70 % and C ≤ 70 %).
    expect((await sheet({ chemical_identifier: 'aqueous nitric acid', concentration: 65 })).substance.index_no).toBe('007-030-00-3')
  })

  it('a solution of no one substance, or of a solvent we cannot tell, stays CHEMICAL_NOT_FOUND', T, async () => {
    // Fehling's solution is two solutions of several salts; "hydrogen chloride solution" is sold
    // in dioxane, ether and methanol as often as in water, so it is not read as hydrochloric acid.
    for (const identifier of ["Fehling's solution", 'hydrogen chloride solution']) {
      const res = await ask({ chemical_identifier: identifier })
      expect(res.status, identifier).toBe(422)
      expect(((await res.json()) as { code: string }).code, identifier).toBe('CHEMICAL_NOT_FOUND')
    }
  })
})

describe('the substance in water is the Annex VI entry for the solution, not the pure substance at that concentration', () => {
  it.each([
    [{ chemical_identifier: 'ammonia 25%' }, 25],
    [{ chemical_identifier: 'ammonia solution 25%' }, 25],
    [{ chemical_identifier: 'ammonia', concentration: 25 }, 25],
    [{ chemical_identifier: 'ammonia', physical_form: 'aqueous_solution' }, null],
  ])('%o: entry 007-001-01-2, no gas or inhalation classes of anhydrous ammonia', T, async (body, concentration) => {
    const { substance, text } = await sheet(body)
    expect(substance.index_no).toBe('007-001-01-2')
    expect(substance.cas).toBe('1336-21-6')
    expect(substance.concentration).toBe(concentration)
    const s2 = section(text, 2)
    expect(s2).toContain('H314')
    // 007-001-00-5 (anhydrous): Flam. Gas 2 H221, Press. Gas H280, Acute Tox. 3 * H331.
    for (const h of ['H221', 'H280', 'H331']) expect(s2, h).not.toContain(h)
  })

  it('hydrogen chloride 37 % is hydrochloric acid (017-002-01-X); an index number sent stays the entry applied', T, async () => {
    expect((await sheet({ chemical_identifier: 'hydrogen chloride 37%' })).substance.index_no).toBe('017-002-01-X')
    const chosen = await sheet({ chemical_identifier: '007-001-00-5', concentration: 25 })
    expect(chosen.substance.index_no).toBe('007-001-00-5')
  })
})
