// Issue 32 point 2 (Section 8.1, EU sheet): the French Labour Code's binding table, art. R4412-149
// (etalab/codes-juridiques-francais@8ef2d24, version of 11 May 2012; scripts/sds/build-oel-fr.ts),
// printed as France's value and never as the EU directive's. Values per case read from that
// article's table: THF 203-726-8 150 mg/m³ / 50 ppm, 300 / 100, "Peau"; triethylamine 4,2 / 1,
// 12,6 / 3, "Peau" (France stricter than the 2 ppm of 2000/39/EC the issue names); acetonitrile
// 70 / 40, "Peau"; dichloromethane 178 / 50, 356 / 100, "Peau". Ethylene glycol and acetic acid
// have no row in that version: the sheet must say the article was not checked in full.
import { describe, expect, it } from 'vitest'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { generateDocx } from '../../workers/sds/domain/sheet/generate'
import { docxText, paragraphs } from './helpers/unzip'

async function section81(id: string) {
  const r = await resolveIdentifier(id)
  if (!r.ok) throw new Error(r.code)
  const out = await generateDocx(r.substance, 'eu', {}, new Date('2026-11-28T10:00:00Z'))
  const text = paragraphs(await docxText(out.bytes)).join('\n')
  return text.slice(text.indexOf('8.1. Control parameters'), text.indexOf('8.2. Exposure controls'))
}

const FR = 'France: Code du travail art. R4412-149, binding limit value, as in force on 11 May 2012 (may have been amended since)'

describe('Section 8.1 (EU): French binding values, labelled as national values', () => {
  const cases: Array<[string, string]> = [
    ['109-99-9', '8 h 150 mg/m³ / 50 ppm; short-term (15 min) 300 mg/m³ / 100 ppm; notation "peau" (skin)'],
    ['triethylamine', '8 h 4.2 mg/m³ / 1 ppm; short-term (15 min) 12.6 mg/m³ / 3 ppm; notation "peau" (skin)'],
    ['acetonitrile', '8 h 70 mg/m³ / 40 ppm; notation "peau" (skin)'],
    ['DCM', '8 h 178 mg/m³ / 50 ppm; short-term (15 min) 356 mg/m³ / 100 ppm; notation "peau" (skin)'],
  ]
  for (const [id, values] of cases)
    it(`${id}: the article's row with its values, the directive not claimed`, { timeout: 60_000 }, async () => {
      const s = await section81(id)
      expect(s).toContain(`${FR}\n`)
      expect(s).toContain(values)
      expect(s).toContain('directive not stated in the source')
      expect(s).toContain('(the French value above is a national limit, not the EU value)')
      // The French value is never printed under an EU directive's name.
      expect(s).not.toMatch(/\n(IOELV|BOELV), [^\n]*\n[^\n]*\n8 h 4\.2 mg/)
    })

  it('ethylene glycol and acetic acid: no row, and R4412-149 is named as not checked in full', { timeout: 60_000 }, async () => {
    for (const id of ['ethylene glycol', 'acetic acid']) {
      const s = await section81(id)
      expect(s).not.toContain(`${FR}\n`)
      expect(s).toMatch(
        /EU lists NOT checked in full[^\n]*France: Code du travail art\. R4412-149[^\n]*all 84 rows of the version of 11 May 2012/
      )
    }
  })
  it('toluene: the staged 2006/15/EC row and the stricter French row side by side, each under its own list', {
    timeout: 60_000,
  }, async () => {
    const s = await section81('108-88-3')
    expect(s).toMatch(/IOELV, Commission Directive 2006\/15\/EC[^\n]*\nToluene\n8 h TWA 192 mg\/m³ \/ 50 ppm/)
    expect(s).toMatch(/France: Code du travail[^\n]*\nToluène\n8 h 76\.8 mg\/m³ \/ 20 ppm/)
    expect(s).not.toContain('no EU limit value')
  })
})
