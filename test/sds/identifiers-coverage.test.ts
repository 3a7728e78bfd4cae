// Issue 32 §5: identifiers as people write them. CAS numbers without hyphens, grade and hydrate
// words, solvent abbreviations (domain/chem/aliases.json, PubChem synonyms), lithium hydroxide,
// and mixture-looking strings answered 422 MIXTURE_NOT_SUPPORTED instead of "not found".
import { describe, expect, it } from 'vitest'
import { resolveRequest } from '../../workers/sds/domain/chem/request'
import { withoutGrade } from '../../workers/sds/domain/chem/resolve'
import { gatherFacts } from '../../workers/sds/domain/sheet/facts'
import { app, newKey, post } from './helpers'

async function cas(id: string) {
  const r = await resolveRequest({ chemical_identifier: id })
  return r.ok ? r.substance.record.cas : r.code
}

describe('identifiers resolve to the right entry', () => {
  it.each([
    // input, CAS (PubChem / CLP Annex VI)
    ['67641', '67-64-1'],
    ['7664939', '7664-93-9'],
    ['THF', '109-99-9'],
    ['thf', '109-99-9'],
    ['DCM', '75-09-2'],
    ['DMSO', '67-68-5'],
    ['DMF', '68-12-2'],
    ['MEK', '78-93-3'],
    ['sodium hydroxide pellets', '1310-73-2'],
    ['acetone, ACS reagent', '67-64-1'],
    ['copper(II) sulfate pentahydrate', '7758-98-7'],
    ['lithium hydroxide', '1310-65-2'],
    ['1310-65-2', '1310-65-2'],
    ['lithium hydroxide monohydrate', '1310-66-3'],
    // held out
    ['1310732', '1310-73-2'],
    ['MeCN', '75-05-8'],
    ['toluene, HPLC grade', '108-88-3'],
    ['potassium hydroxide flakes', '1310-58-3'],
    ['citric acid monohydrate', '77-92-9'],
  ])('%s → %s', async (id, want) => {
    expect(await cas(id)).toBe(want)
  })

  it('a hyphen-less CAS number with a wrong check digit is INVALID_CAS_NUMBER, not a guess', async () => {
    expect(await cas('67642')).toBe('INVALID_CAS_NUMBER')
  })

  it('"bleach" is sodium hypochlorite solution (017-011-00-1), never calcium hypochlorite', async () => {
    const r = await resolveRequest({ chemical_identifier: 'bleach' })
    expect(r.ok && r.substance.entry?.index).toBe('017-011-00-1')
    expect(r.ok && r.substance.form).toBe('aqueous solution')
  })

  it('lithium hydroxide (US): class 8 UN2680 from the table, as a solid (Wikidata melting point 471 °C)', async () => {
    const r = await resolveRequest({ chemical_identifier: 'lithium hydroxide' })
    if (!r.ok) throw new Error(r.code)
    const f = gatherFacts(r.substance, 'us')
    expect(f.transport?.entry?.id).toBe('UN2680')
    expect(f.transport?.entry?.hazardClass).toBe('8')
  })

  it('grade words are removed from either end only, and never the whole name', () => {
    expect(withoutGrade('sodium hydroxide pellets')).toBe('sodium hydroxide')
    expect(withoutGrade('anhydrous sodium sulfate')).toBe('sodium sulfate')
    expect(withoutGrade('pellets')).toBeNull()
    expect(withoutGrade('acetone')).toBeNull()
  })
})

describe('mixtures: 422 MIXTURE_NOT_SUPPORTED', () => {
  it.each([
    ['acetone and water', ['acetone', 'water']],
    ['toluene + xylene', ['toluene', 'xylene']],
    ['acetone 50% water 50%', []],
    ['hydrogen peroxide / sodium hydroxide', ['hydrogen peroxide', 'sodium hydroxide']],
    ['paint thinner blend', []],
  ])('%s', async (id, components) => {
    const { rawKey } = await newKey('enterprise')
    const res = await post(app, 'eu', rawKey, { chemical_identifier: id })
    expect(res.status).toBe(422)
    const body = (await res.json()) as { code: string; error: string; components: string[] }
    expect(body.code).toBe('MIXTURE_NOT_SUPPORTED')
    expect(body.components).toEqual(components)
    expect(body.error).toContain('reads as a mixture')
  })

  it('a single substance whose name contains "and" is never split (found before the mixture check)', async () => {
    expect(await cas('sodium hydroxide')).toBe('1310-73-2')
    const r = await resolveRequest({ chemical_identifier: 'unobtainium and nothing' })
    expect(r.ok ? 'ok' : r.code).toBe('CHEMICAL_NOT_FOUND')
  })
})
