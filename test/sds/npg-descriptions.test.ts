// Issue 32 §5: Section 9 colour, odour and physical state from the NIOSH Pocket Guide's physical
// description (data/niosh-npg.json, 622 pages of the October 2015 copy in harej/niosh), cited with
// the page. Expected values are the descriptions printed on those pages.
import { describe, expect, it } from 'vitest'
import { fromDescription } from '../../workers/sds/domain/chem/knowledge'
import { resolveRequest } from '../../workers/sds/domain/chem/request'
import { generateDocx } from '../../workers/sds/domain/sheet/generate'
import { section, valueUnder } from './helpers/sheet-text'
import { docxText, paragraphs } from './helpers/unzip'

const T = { timeout: 60_000 }

async function s9(id: string, j: 'us' | 'eu') {
  const r = await resolveRequest({ chemical_identifier: id })
  if (!r.ok) throw new Error(r.code)
  const out = await generateDocx(r.substance, j, {}, new Date('2026-11-28T10:00:00Z'))
  return section(`\n${paragraphs(await docxText(out.bytes)).join('\n')}`, 9)
}

describe('Section 9 from the Pocket Guide description', () => {
  it('acetone (npgd0004: "Colorless liquid with a fragrant, mint-like odor.")', T, async () => {
    const t = await s9('acetone', 'eu')
    expect(t).toContain('Colorless (source: NIOSH Pocket Guide to Chemical Hazards (npgd0004, copy of October 2015))')
    expect(t).toContain('fragrant, mint-like; odour threshold not in the sources used')
  })
  it('held out: tetrahydrofuran (npgd0602: "Colorless liquid with an ether-like odor.")', T, async () => {
    const t = await s9('THF', 'eu')
    expect(t).toContain('ether-like; odour threshold not in the sources used (source: NIOSH Pocket Guide to Chemical Hazards (npgd0602')
  })
  it('held out: zinc oxide (npgd0675: "White, odorless solid.")', T, async () => {
    const t = await s9('zinc oxide', 'eu')
    expect(t).toContain('White (source: NIOSH Pocket Guide to Chemical Hazards (npgd0675')
    expect(t).toContain('odorless; odour threshold not in the sources used')
  })
  it('a substance the Guide lacks still says which sources were consulted (copper sulfate)', T, async () => {
    const t = await s9('7758-98-7', 'eu')
    expect(valueUnder(t, '(b) Colour')).toContain('No data available')
    expect(valueUnder(t, '(b) Colour')).toContain('622 substances')
  })
})

describe('splitting a description', () => {
  it.each([
    ['White, odorless powder.', 'powder', 'White', 'odorless'],
    ['Colorless to dark-brown, oily, odorless liquid. [Note: …]', 'liquid', 'Colorless to dark-brown, oily', 'odorless'],
    ['Colorless gas with a pungent, suffocating odor.', 'gas', 'Colorless', 'pungent, suffocating'],
    ['Colorless liquid with a fragrant, mint-like odor.', 'liquid', 'Colorless', 'fragrant, mint-like'],
  ])('%s', (description, state, colour, odour) => {
    const d = fromDescription('x', description)
    expect([d.state, d.colour, d.odour]).toEqual([state, colour, odour])
  })
})
