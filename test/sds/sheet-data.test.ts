// Issue 15 (Sections 8 and 11): values on the sheet, field by field, against the staged sources
// they come from (../shared/data/sds/oel/*, toxicity/ld50_rat_oral_zhu2009_tdc.csv).
import { describe, expect, it } from 'vitest'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { generateDocx } from '../../workers/sds/domain/sheet/generate'
import { docxText, paragraphs } from './helpers/unzip'

async function sheet(id: string, j: 'us' | 'eu') {
  const r = await resolveIdentifier(id)
  if (!r.ok) throw new Error(r.code)
  const out = await generateDocx(r.substance, j, {}, new Date('2026-03-04T10:00:00Z'))
  return paragraphs(await docxText(out.bytes)).join('\n')
}

/** The text between a section's heading and the next one. */
function section(text: string, n: number): string {
  const start = text.search(new RegExp(`(^|\\n)(SECTION )?${n}[.:]? `, 'i'))
  const rest = text.slice(start + 1)
  const end = rest.search(new RegExp(`\\n(SECTION )?${n + 1}[.:]? `, 'i'))
  return end > 0 ? rest.slice(0, end) : rest
}

describe('Section 8: exposure limits with their lists', () => {
  it('acetone (US): OSHA Z-1 1000 ppm / 2400 mg/m³, NIOSH REL 250 ppm and IDLH 2,500 ppm, EU IOELV 500 ppm for information; no ACGIH value', {
    timeout: 60_000,
  }, async () => {
    const s8 = section(await sheet('67-64-1', 'us'), 8)
    expect(s8).toContain('29 CFR 1910.1000 Table Z-1')
    expect(s8).toContain('TWA 1000 ppm; 2400 mg/m³')
    expect(s8).toContain('REL TWA 250 ppm (590 mg/m³); IDLH 2500 ppm [10%LEL]')
    expect(s8).toContain('For information: IOELV, Commission Directive 2000/39/EC')
    expect(s8).toContain('8 h TWA 1210 mg/m³ / 500 ppm')
    expect(s8).toContain('verify against the EUR-Lex annex before release')
    expect(s8).toContain('ACGIH Threshold Limit Values are not reproduced')
  })
  it('formaldehyde (US): the substance-specific standard 1910.1048(c), PEL 0.75 ppm, STEL 2 ppm, action level 0.5 ppm', {
    timeout: 60_000,
  }, async () => {
    const s8 = section(await sheet('50-00-0', 'us'), 8)
    expect(s8).toContain('29 CFR 1910.1048(c)')
    expect(s8).toContain('PEL (TWA) 0.75 ppm; STEL 2 ppm; action level 0.5 ppm')
  })
  it('benzene (EU): the BOELV of Directive 2004/37/EC Annex III first, with its skin notation', { timeout: 60_000 }, async () => {
    const s8 = section(await sheet('71-43-2', 'eu'), 8)
    expect(s8).toContain('BOELV, Directive 2004/37/EC Annex III')
    expect(s8).toContain('8 h TWA 0.66 mg/m³ / 0.2 ppm; notation: skin')
    expect(s8.indexOf('BOELV')).toBeLessThan(s8.indexOf('For information (US): 29 CFR'))
  })
  it('a substance in no list says which lists were consulted', { timeout: 60_000 }, async () => {
    const s8 = section(await sheet('ibuprofen', 'eu'), 8)
    expect(s8).toContain('No data available: no EU limit value for this substance in the lists in our data.')
    expect(s8).toMatch(/EU lists checked in full, no value for this substance: .*\(EU\) 2019\/1831/)
    expect(s8).toMatch(/EU lists NOT checked in full .*2000\/39\/EC/)
  })
})

describe('Section 11: LD50 with species, route and source', () => {
  it.each([
    ['67-64-1', 5800],
    ['64-17-5', 7050],
    ['71-43-2', 3310],
    ['50-00-0', 801],
  ])('%s: LD50 oral, rat %s mg/kg (Zhu et al. 2009)', { timeout: 60_000 }, async (cas, ld50) => {
    const s11 = section(await sheet(cas, 'us'), 11)
    expect(s11).toContain(`LD50 oral, rat: ${ld50} mg/kg (source: Rat oral LD50: Zhu et al., Chem. Res. Toxicol. 2009, 22, 1913`)
    expect(s11).toContain('dermal LD50 and inhalation LC50: not in the sources used')
  })
  it('says which data were consulted where there is no LD50 (sodium chloride)', { timeout: 60_000 }, async () => {
    const s11 = section(await sheet('7647-14-5', 'eu'), 11)
    expect(s11).toContain(
      'Oral LD50, dermal LD50 and inhalation LC50: not in the sources used (consulted: rat oral LD50 set of Zhu et al. 2009, CLP Annex VI)'
    )
  })
})

describe('Section 14: the DOT entry checked against the substance (candidates, not an authority)', () => {
  it.each([
    // identifier, UN number, proper shipping name, class, packing group (49 CFR 172.101)
    ['acetone', 'UN1090', 'Acetone', '3', 'II'],
    ['ethanol', 'UN1170', 'Ethanol or Ethyl alcohol or Ethanol solutions or Ethyl alcohol solutions', '3', 'II'],
    ['sulfuric acid', 'UN1830', 'Sulfuric acid with more than 51 percent acid', '8', 'II'],
    ['sulfuric acid 30%', 'UN2796', 'Sulfuric acid with not more than 51% acid', '8', 'II'],
    ['sodium hydroxide', 'UN1823', 'Sodium hydroxide, solid', '8', 'II'],
    ['NaOH 50% solution', 'UN1824', 'Sodium hydroxide solution', '8', 'II'],
    ['hydrochloric acid 37%', 'UN1789', 'Hydrochloric acid', '8', 'II'],
    ['formaldehyde 37%', 'UN2209', 'Formaldehyde solutions, with not less than 25 percent formaldehyde', '8', 'III'],
    ['sodium cyanide', 'UN1689', 'Sodium cyanide, solid', '6.1', 'I'],
  ])('%s (US): %s %s, class %s, PG %s', { timeout: 60_000 }, async (id, un, name, cls, pg) => {
    const s14 = section(await sheet(id, 'us'), 14)
    expect(s14).toContain(`(a) UN number\n${un}`)
    expect(s14).toContain(`(b) UN proper shipping name\n${name}`)
    expect(s14).toMatch(new RegExp(`\\(c\\) Transport hazard class\\(es\\)\\n${cls.replace('.', '\\.')}( |\\n)`))
    expect(s14).toContain(`(d) Packing group, if applicable\n${pg}`)
    expect(s14).toContain('The shipper must confirm the entry for the material as shipped')
  })
  it('lists the candidates where more than one fits, and prints none that contradicts the sheet (hydrogen chloride gas)', {
    timeout: 60_000,
  }, async () => {
    const s14 = section(await sheet('hydrogen chloride', 'us'), 14)
    expect(s14).toContain('Entries of the DOT Hazardous Materials Table that may apply')
    expect(s14).toContain('UN1050 Hydrogen chloride, anhydrous, class 2.3')
    expect(s14).toContain('UN2186 Hydrogen chloride, refrigerated liquid')
    expect(s14).toContain('UN1789 Hydrochloric acid (an entry for a liquid or solid; this sheet is for the gas)')
  })
  it('never says "not regulated" where the data cannot decide (formaldehyde gas; glucose)', { timeout: 60_000 }, async () => {
    for (const id of ['formaldehyde', 'glucose']) {
      const s14 = section(await sheet(id, 'us'), 14)
      expect(s14).not.toContain('Not regulated')
      expect(s14).toContain('this is not a statement that it is unregulated')
    }
  })
})

describe('Section 15: list memberships with the edition consulted', () => {
  it('benzene (US): Proposition 65 cancer and developmental listings, NTP RoC 15th Known, TSCA; CERCLA/EPCRA named as missing', {
    timeout: 60_000,
  }, async () => {
    const s15 = section(await sheet('71-43-2', 'us'), 15)
    expect(s15).toContain(
      'cancer (listed 27-Feb-87); developmental, male (listed 26-Dec-97) (California Proposition 65 list, OEHHA, 29 December 2023)'
    )
    expect(s15).toContain('Known (NTP Report on Carcinogens, 15th edition (2021))')
    expect(s15).toContain('listed (TSCA Chemical Substance Inventory, public portion, January 2016')
    expect(s15).toContain('CERCLA hazardous substance, reportable quantity (40 CFR 302.4)\nNOT CHECKED')
  })
  it('benzene (EU): Annex XVII entry 5; not on the Candidate List or Annex XIV exports, with their dates', {
    timeout: 60_000,
  }, async () => {
    const s15 = section(await sheet('71-43-2', 'eu'), 15)
    expect(s15).toContain('entry 05 (REACH Annex XVII restriction list, ECHA export of 22 February 2026')
    expect(s15).toContain('Not listed (ECHA Candidate List of substances of very high concern, export of 22 February 2026)')
    expect(s15).toContain('Not listed (REACH Annex XIV (Authorisation List), ECHA export of 22 May 2024 (later entries missing))')
  })
  it('a Candidate List and Annex XIV substance (4,4′-diaminodiphenylmethane)', { timeout: 60_000 }, async () => {
    const s15 = section(await sheet('101-77-9', 'eu'), 15)
    expect(s15).toMatch(/REACH Candidate List \(SVHC\)\n.*Carcinogenic/)
    expect(s15).toContain('entry 02, Carcinogenic (Article 57a); sunset date 21-Aug-2014')
  })
})

describe('Section 9: EPA RSL parameters with their references', () => {
  it('acetone (EU): vapour pressure 231.5 mmHg (PHYSPROP), density 0.7845 g/cm³ (CRC89), solubility 1000000 mg/l', {
    timeout: 60_000,
  }, async () => {
    const s9 = section(await sheet('67-64-1', 'eu'), 9)
    expect(s9).toContain(
      '231.5 mmHg (30.9 kPa); temperature not stated in the source (source: US EPA RSL chemical parameters, reference PHYSPROP)'
    )
    expect(s9).toContain('0.7845 g/cm³ (source: US EPA RSL chemical parameters, reference CRC89)')
    expect(s9).toMatch(/1000000 mg\/l in water \(source: US EPA RSL chemical parameters, reference \w+/)
  })
  it('says the EPA parameters were consulted where they have no value (water)', { timeout: 60_000 }, async () => {
    const s9 = section(await sheet('water', 'eu'), 9)
    expect(s9).toContain('not in the sources used (consulted: US EPA RSL chemical parameters')
  })
})
