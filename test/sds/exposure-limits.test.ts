// Issue 32 point 2 (Section 8.1): group rows applied through the element with the conversion
// stated, the NIOSH Pocket Guide page's REL/IDLH and its printing of substance-specific PELs, and
// the lists of the sheet's jurisdiction split into "checked, no value" and "not checked in full".
// Sources per case: 29 CFR 1910.1000 Table Z-1 and 1910.1025(c) (../shared/data/sds/oel/*.csv),
// NIOSH Pocket Guide pages npgd0368 (lead), npgd0379 (manganese), npgd0150 (copper), npgd0028
// (ammonia), npgd0658 (vinyl chloride) in harej/niosh@2cce688.
import { describe, expect, it } from 'vitest'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { generateDocx } from '../../workers/sds/domain/sheet/generate'
import { docxText, paragraphs } from './helpers/unzip'

async function section8(id: string, j: 'us' | 'eu', now = new Date('2026-11-28T10:00:00Z')) {
  const r = await resolveIdentifier(id)
  if (!r.ok) throw new Error(r.code)
  const out = await generateDocx(r.substance, j, {}, now)
  const text = paragraphs(await docxText(out.bytes)).join('\n')
  const start = text.search(/(^|\n)(SECTION )?8[.:]? /i)
  const rest = text.slice(start + 1)
  return rest.slice(0, rest.search(/\n(SECTION )?9[.:]? /i))
}

describe('Section 8.1: group rows through the element, with the conversion stated', () => {
  it('lead(II) nitrate (US): the lead standard 1910.1025(c), 50 µg/m³ as Pb, converted with Pb 207.2 from npgd0368', {
    timeout: 60_000,
  }, async () => {
    const s8 = await section8('10099-74-8', 'us')
    expect(s8).toContain('29 CFR 1910.1025(c)')
    expect(s8).toContain('PEL (TWA) 50 µg/m³; action level 30 µg/m³')
    expect(s8).toContain('Limit expressed as Pb')
    // 331.2 / (1 × 207.2) = 1.598…
    expect(s8).toContain('1 mg/m³ as Pb = 1.60 mg/m³ of the substance')
    expect(s8).toContain('REL TWA (8-hour) 0.050 mg/m³')
  })
  it('lead(II) nitrate (EU), sheet of 2026-11-28: the 98/24/EC 0.15 mg/m³ row marked no longer applicable, the 2004/37/EC 0.03 mg/m³ row current', {
    timeout: 60_000,
  }, async () => {
    const s8 = await section8('10099-74-8', 'eu')
    expect(s8).toContain('NO LONGER APPLICABLE since 9 April 2026 (shown for reference only): BOELV, Council Directive 98/24/EC Annex I')
    expect(s8).toContain('8 h TWA 0.15 mg/m³')
    expect(s8).toContain('Directive 98/24/EC Annex I, row "Inorganic lead and its compounds"')
    expect(s8).toMatch(
      /\nBOELV, Directive 2004\/37\/EC Annex III \(as amended by \(EU\) 2024\/869\)\nLead and its inorganic compounds\n8 h TWA 0.03 mg\/m³ \(as Pb\)/
    )
    // The newer value is held, so the sheet does not say "no EU limit value".
    expect(s8).not.toContain('no EU limit value')
  })
  it('lead(II) nitrate (EU), sheet of 2026-01-15: the 98/24/EC row still applies and is not marked', { timeout: 60_000 }, async () => {
    const s8 = await section8('10099-74-8', 'eu', new Date('2026-01-15T10:00:00Z'))
    expect(s8).toContain('BOELV, Council Directive 98/24/EC Annex I')
    expect(s8).not.toContain('NO LONGER APPLICABLE')
  })
  it('copper(II) sulfate (US): dusts and mists 1 mg/m³ as Cu, never the fume row 0.1 mg/m³', { timeout: 60_000 }, async () => {
    const s8 = await section8('7758-98-7', 'us')
    expect(s8).toContain('Copper, Dusts and mists (as Cu)')
    expect(s8).toContain('except copper fume')
    expect(s8).not.toContain('Copper, Fume (as Cu)')
    // 159.609 / 63.5 = 2.51…
    expect(s8).toContain('1 mg/m³ as Cu = 2.51 mg/m³ of the substance')
  })
  it('manganese(II) sulfate (US): ceiling 5 mg/m³ as Mn and the NIOSH REL 1 mg/m³', { timeout: 60_000 }, async () => {
    const s8 = await section8('manganese sulfate', 'us')
    expect(s8).toContain('Manganese compounds (as Mn)')
    expect(s8).toContain('Ceiling 5 mg/m³')
    expect(s8).toContain('REL TWA 1 mg/m³ ST 3 mg/m³')
  })
  it('tetraethyl lead keeps its own row (0.075 mg/m³) and gets no inorganic-lead group row', { timeout: 60_000 }, async () => {
    const s8 = await section8('78-00-2', 'us')
    expect(s8).toContain('Tetraethyl lead (as Pb)')
    expect(s8).not.toContain('1910.1025(c)')
  })
})

describe('Section 8.1: the NIOSH Pocket Guide page', () => {
  it('ammonia 25 % (US): the solution gets ammonia’s limits: Z-1 50 ppm, REL 25 ppm, IDLH 300 ppm', { timeout: 60_000 }, async () => {
    const s8 = await section8('ammonia solution 25%', 'us')
    expect(s8).toContain('TWA 50 ppm; 35 mg/m³')
    expect(s8).toContain('REL TWA 25 ppm (18 mg/m³) ST 35 ppm (27 mg/m³); IDLH 300 ppm')
  })
  it('vinyl chloride (US): the PEL of its standard 1910.1017 as the Pocket Guide prints it, where Z-1 only refers to it', {
    timeout: 60_000,
  }, async () => {
    const s8 = await section8('75-01-4', 'us')
    expect(s8).toContain('see the substance-specific standard 29 CFR 1910.1017')
    expect(s8).toContain('PEL [1910.1017] TWA 1 ppm C 5 ppm [15-minute]')
  })
})

describe('Section 8.1: lists checked in full vs. not checked', () => {
  it('THF (EU): no EU directive value, and the sheet says 2000/39/EC was not checked in full while 2019/1831 was', {
    timeout: 60_000,
  }, async () => {
    const s8 = await section8('THF', 'eu')
    expect(s8).toContain(
      'no EU limit value for this substance in the lists in our data (the French value above is a national limit, not the EU value)'
    )
    expect(s8).toMatch(/EU lists checked in full, no value for this substance: [^\n]*Commission Directive \(EU\) 2019\/1831/)
    expect(s8).toMatch(
      /EU lists NOT checked in full[^\n]*Commission Directive 2000\/39\/EC \(1st IOELV list\) \(in our data: 5 entries only/
    )
    expect(s8).toMatch(/NOT checked in full[^\n]*Commission Directive \(EU\) 2017\/164/)
  })
  it('acetone (EU): the 2000/39/EC value found, so that list is in neither sentence', { timeout: 60_000 }, async () => {
    const s8 = await section8('67-64-1', 'eu')
    expect(s8).toContain('8 h TWA 1210 mg/m³ / 500 ppm')
    const notes = s8.split('\n').filter((x) => x.startsWith('EU lists'))
    expect(notes.join('\n')).not.toContain('2000/39/EC')
  })
})
