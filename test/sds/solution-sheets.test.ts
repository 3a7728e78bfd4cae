// A sheet for an Annex VI entry that is the substance in water ("hydrochloric acid ... %"
// 017-002-01-X beside "hydrogen chloride" 017-002-00-2), requested without a concentration, must
// say it is for the aqueous solution of a concentration not stated and that Section 9's values are
// those of the pure substance, as it does when a concentration is given. Found by the whole-sheets
// test: the sheet printed the gas's vapour pressure (35424 mmHg) and density (1.49 g/cm³) under
// "Physical state: No data available", as if they were the acid's. Through the API as a customer
// gets the sheet (POST /api/v1/sds/{us,eu}).
import { describe, expect, it } from 'vitest'
import { app, newKey, post } from './helpers'
import { section, sheetText, valueUnder } from './helpers/sheet-text'

async function sheet(body: Record<string, unknown>, j: 'us' | 'eu'): Promise<string> {
  const { rawKey } = await newKey('enterprise')
  const res = await post(app, j, rawKey, { ...body, response_format: 'base64' })
  expect(res.status, JSON.stringify(body)).toBe(200)
  const { document_base64 } = (await res.json()) as { document_base64: string }
  return await sheetText(document_base64)
}

const T = { timeout: 60_000 }

describe('an Annex VI entry for the solution, no concentration given', () => {
  it.each([
    ['hydrochloric acid', 'eu'],
    ['hydrochloric acid', 'us'],
    ['017-002-01-X', 'eu'],
  ] as const)('%s (%s): a sheet for the aqueous solution, Section 9 the values of hydrogen chloride gas, said so', T, async (id, j) => {
    const text = await sheet({ chemical_identifier: id }, j)
    expect(valueUnder(section(text, 1), j === 'eu' ? 'Chemical name' : '(a) Product identifier used on the label')).toBe(
      'hydrochloric acid (aqueous solution)'
    )
    expect(section(text, 2)).toContain('Aqueous solution, concentration not stated: the classification of the entry as it stands')

    const s9 = section(text, 9)
    const state = valueUnder(s9, '(a)')
    expect(state).toMatch(/^Liquid \(aqueous solution of a concentration not stated: send concentration for a sheet at a stated one;/)
    expect(state).toContain('017-002-01-X (“hydrochloric acid ... %”) is the entry for the solution')
    expect(state).toContain(
      'The values below are those of the pure substance (hydrogen chloride, a gas: CLP Annex VI 017-002-00-2 classifies it Press. Gas), not of the solution'
    )
    // The pure gas's values stay, now under the statement that they are the gas's (EPA RSL row 'Hydrogen Chloride').
    expect(valueUnder(s9, '(o)')).toMatch(/^35424 mmHg/)
    expect(valueUnder(s9, '(p)')).toMatch(/^1\.49 g\/cm³/)
    expect(section(text, 14)).toContain('UN1789')
  })

  it('with a concentration the sheet says the concentration and names the pure substance too', T, async () => {
    const state = valueUnder(section(await sheet({ chemical_identifier: 'hydrochloric acid', concentration: 37 }, 'eu'), 9), '(a)')
    expect(state).toMatch(/^Liquid \(aqueous solution, 37 %, from the request\)/)
    expect(state).toContain('pure substance (hydrogen chloride, a gas: CLP Annex VI 017-002-00-2 classifies it Press. Gas)')
  })

  // The same class: hydrogen halides and ammonia have an entry for the gas and one for the solution;
  // hydrogen peroxide's entry is named "solution". None of these is "Gas at 20 °C" on its sheet.
  it.each([
    ['hydrobromic acid', '035-002-01-8', 'hydrogen bromide, CLP Annex VI 035-002-00-0; gas at 20 °C'],
    ['009-003-00-1', '009-003-00-1', 'hydrogen fluoride, CLP Annex VI 009-002-00-6; gas at 20 °C'],
    ['007-001-01-2', '007-001-01-2', 'ammonia, anhydrous, a gas: CLP Annex VI 007-001-00-5 classifies it Press. Gas'],
    ['hydrogen peroxide', '008-003-00-9', 'liquid at 20 °C'],
  ])('%s: the solution of entry %s, values of the pure substance (%s)', T, async (id, index, pure) => {
    const state = valueUnder(section(await sheet({ chemical_identifier: id }, 'eu'), 9), '(a)')
    expect(state).toMatch(/^Liquid \(aqueous solution of a concentration not stated/)
    expect(state).toContain(`CLP Annex VI index no. ${index} (`)
    expect(state).toContain(`The values below are those of the pure substance (${pure}), not of the solution`)
  })

  it(
    'physical_form: liquid is the solution; gas, solid or powder for an entry for the solution is 422, naming the gas entry',
    T,
    async () => {
      const liquid = valueUnder(section(await sheet({ chemical_identifier: 'hydrochloric acid', physical_form: 'liquid' }, 'eu'), 9), '(a)')
      expect(liquid).toMatch(/^Liquid \(aqueous solution of a concentration not stated/)
      const { rawKey } = await newKey('enterprise')
      for (const physical_form of ['gas', 'solid', 'powder']) {
        const res = await post(app, 'eu', rawKey, { chemical_identifier: 'hydrochloric acid', physical_form })
        expect(res.status, physical_form).toBe(422)
        const body = (await res.json()) as { code: string; error: string }
        expect(body.code).toBe('VALIDATION_ERROR')
        expect(body.error).toContain(
          'physical_form must be aqueous_solution, liquid or left out. For the pure substance send 017-002-00-2 (hydrogen chloride).'
        )
      }
    }
  )

  it('entries for the pure substance are not solutions: hydrogen chloride is the gas, sulfuric acid ... % the liquid', T, async () => {
    const gas = valueUnder(section(await sheet({ chemical_identifier: 'hydrogen chloride' }, 'eu'), 9), '(a)')
    // Since issue 32 the NIOSH Pocket Guide descriptions (npgd0332, npgd0577) state the form.
    expect(gas).toBe(
      'Gas (source: NIOSH Pocket Guide to Chemical Hazards: “Colorless to slightly yellow gas with a pungent, irritating odor. [Note: Shipped as a liquefied compressed gas.]”)'
    )
    const acid = valueUnder(section(await sheet({ chemical_identifier: 'sulfuric acid' }, 'eu'), 9), '(a)')
    expect(acid).toBe(
      'Liquid (source: NIOSH Pocket Guide to Chemical Hazards: “Colorless to dark-brown, oily, odorless liquid. [Note: Pure compound is a solid below 51 F. Often used in an aqueous solution.]”)'
    )
  })
})
