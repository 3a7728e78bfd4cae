import { describe, expect, it } from 'vitest'
import { couldBeSmiles, MAX_SMILES_LENGTH } from '../../workers/sds/domain/chem/resolve'
import { normaliseName } from '../../workers/sds/domain/chem/identifiers'
import { makeApp, newKey, post, usage } from './helpers'

// Issue 13: every input at the largest accepted size gets a clear 4xx in the documented shape
// (or a document), never a 500, and a refused identifier uses no unit. Timings are in the
// benchmark (bench/scenarios/sds.mjs, worstCase), not here.
const app = makeApp()
const MAX_ID = 500

type Err = { error: string; code: string; issues?: Array<{ path: string; message: string }>; suggestions?: string[] }

const pathological: Array<[string, string, number, string]> = [
  // [what, chemical_identifier, status, code]
  ['a SMILES chain over the SMILES limit', 'C'.repeat(MAX_ID), 422, 'VALIDATION_ERROR'],
  ['fused aromatic rings over the SMILES limit', 'c1ccccc1'.repeat(62), 422, 'VALIDATION_ERROR'],
  ['open branches over the SMILES limit', 'C('.repeat(250), 422, 'VALIDATION_ERROR'],
  ['ring-closure digits over the SMILES limit', 'C%10C%11'.repeat(62), 422, 'VALIDATION_ERROR'],
  ['bracket atoms over the SMILES limit', '[Na+]'.repeat(100), 422, 'VALIDATION_ERROR'],
  ['a SMILES chain at the SMILES limit', 'C'.repeat(MAX_SMILES_LENGTH), 422, 'CHEMICAL_NOT_FOUND'],
  ['fused aromatic rings at the SMILES limit', 'c1ccccc1'.repeat(MAX_SMILES_LENGTH / 8), 422, 'CHEMICAL_NOT_FOUND'],
  ['ring-closure digits at the SMILES limit', 'C%10C%11C%12C%13'.repeat(12), 422, 'CHEMICAL_NOT_FOUND'],
  ['nested branches at the SMILES limit', 'C(C(C(C('.repeat(MAX_SMILES_LENGTH / 8), 422, 'CHEMICAL_NOT_FOUND'],
  ['nested formula parentheses', '('.repeat(250) + ')'.repeat(250), 422, 'VALIDATION_ERROR'],
  ['a formula of 500 element symbols', 'CH'.repeat(250), 422, 'CHEMICAL_NOT_FOUND'],
  ['a run of semicolons (name suffix trim)', ';'.repeat(MAX_ID - 1) + 'x', 422, 'CHEMICAL_NOT_FOUND'],
  ['a run of hyphens and spaces', '- '.repeat(MAX_ID / 2 - 1) + 'xy', 422, 'CHEMICAL_NOT_FOUND'],
  ['a long name', 'sodium chloride '.repeat(31), 422, 'CHEMICAL_NOT_FOUND'],
  ['digits and dashes that are no CAS number (SMILES alphabet, over its limit)', '1-'.repeat(MAX_ID / 2), 422, 'VALIDATION_ERROR'],
  ['dots', '.'.repeat(MAX_ID), 422, 'VALIDATION_ERROR'],
  ['control characters', '\u0001\u0002acetone\u0007'.repeat(50), 422, 'CHEMICAL_NOT_FOUND'],
  ['over the identifier limit', 'C'.repeat(MAX_ID + 1), 422, 'VALIDATION_ERROR'],
]

describe('pathological identifiers at the maximum size', () => {
  it.each(pathological.map(([what, id, status, code]) => ({ what, id, status, code })))(
    '$what: $status $code, no unit used',
    { timeout: 60_000 },
    async ({ id, status, code }) => {
      const { rawKey } = await newKey('trial')
      const res = await post(app, 'us', rawKey, { chemical_identifier: id })
      expect(res.status).toBe(status)
      const body = (await res.json()) as Err
      expect(body.code).toBe(code)
      expect(body.error.length).toBeGreaterThan(10)
      if (code === 'VALIDATION_ERROR') expect(body.issues?.[0]?.path).toBe('chemical_identifier')
      const used = (await (await usage(app, rawKey)).json()) as { units_used: number }
      expect(used.units_used).toBe(0)
    }
  )

  it('the longest SMILES of a compound in our data still resolves (sucrose acetate isobutyrate)', { timeout: 60_000 }, async () => {
    const { rawKey } = await newKey('enterprise')
    const smiles =
      'CC(C)C(=O)OC[C@@H]1[C@H]([C@@H]([C@](O1)(COC(=O)C)O[C@@H]2[C@@H]([C@H]([C@@H]([C@H](O2)COC(=O)C)OC(=O)C(C)C)OC(=O)C(C)C)OC(=O)C(C)C)OC(=O)C(C)C)OC(=O)C(C)C'
    const res = await post(app, 'us', rawKey, { chemical_identifier: smiles, response_format: 'base64' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { substance: { cas: string; matched_by: string } }).substance).toMatchObject({
      cas: '126-13-6',
      matched_by: 'smiles',
    })
  })

  it('company fields and e-mail at their limits in a 16 KiB body are accepted or refused with 4xx', { timeout: 60_000 }, async () => {
    const { rawKey } = await newKey('enterprise')
    const bodies: Array<[Record<string, string>, number]> = [
      [{ company_email: 'a'.repeat(188) + '@example.com' }, 200],
      [{ company_email: 'a.'.repeat(100) + '@x' }, 422],
      [{ company_email: 'a@' + 'a-'.repeat(99) }, 422],
      [{ company_website: 'https://' + 'a.'.repeat(140) + 'com' }, 200],
      [{ company_name: '<'.repeat(200), company_address: '&'.repeat(400), company_phone: '\u0000'.repeat(60) }, 200],
      [{ company_name: 'x'.repeat(16 * 1024) }, 413],
    ]
    for (const [extra, status] of bodies) {
      const res = await post(app, 'eu', rawKey, { chemical_identifier: '7647-14-5', response_format: 'base64', ...extra })
      expect(res.status, JSON.stringify(extra).slice(0, 60)).toBe(status)
    }
  })
})

describe('the SMILES alphabet check', () => {
  it('is the organic subset outside brackets, any atom inside, and nothing over the limit', () => {
    expect(couldBeSmiles('ClCCBr')).toBe(true)
    expect(couldBeSmiles('[Na+].[Cl-]')).toBe(true)
    expect(couldBeSmiles('Cl')).toBe(true)
    expect(couldBeSmiles('lC')).toBe(false)
    expect(couldBeSmiles('Nl')).toBe(false)
    expect(couldBeSmiles('C[Na')).toBe(false)
    expect(couldBeSmiles('C]')).toBe(false)
    expect(couldBeSmiles('[[Na]]')).toBe(false)
    expect(couldBeSmiles('C'.repeat(MAX_SMILES_LENGTH))).toBe(true)
    expect(couldBeSmiles('C'.repeat(MAX_SMILES_LENGTH + 1))).toBe(false)
  })

  it('trims trailing separators of names without a backtracking pattern', () => {
    expect(normaliseName('acetone;;:')).toBe('acetone')
    expect(normaliseName(';'.repeat(400))).toBe('')
    expect(normaliseName('a;b;')).toBe('a;b')
  })
})
