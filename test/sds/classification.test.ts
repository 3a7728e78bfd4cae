// Issue 14: every classification rule at and either side of its threshold, with the example
// its source gives, and whole labels checked element by element.
import { describe, expect, it } from 'vitest'
import { parseFormula, hillFormula } from '../../workers/sds/domain/chem/identifiers'
import { resolveIdentifier, splitConcentration } from '../../workers/sds/domain/chem/resolve'
import { atConcentration, parseScls } from '../../workers/sds/domain/ghs/concentration'
import { groupEntryFor, oxidationState } from '../../workers/sds/domain/ghs/groups'
import { selfClassify, type Data } from '../../workers/sds/domain/ghs/self-classify'
import type { Pair } from '../../workers/sds/domain/ghs/pairs'
import { gatherFacts } from '../../workers/sds/domain/sheet/facts'
import { classificationSource, notClassifiedText } from '../../workers/sds/domain/sheet/content'
import { makeApp, newKey, post } from './helpers'

const pair = (cls: string, h: string | null): Pair => ({ cls, h, basis: 'test entry', by: 'harmonised' })
const show = (pairs: Pair[]) => pairs.map((p) => `${p.cls.replace(/\s*\*+$/, '')}${p.h ? ` ${p.h.split(' ')[0]}` : ''}`).sort()

describe('Annex VI group entries, from the composition (CLP Annex VI Part 3; "specified elsewhere": Part 1, 1.1.1.4)', () => {
  const group = (formula: string, cas: string | null = null, own = false) => {
    const counts = parseFormula(formula)!
    return groupEntryFor(counts, hillFormula(counts), cas, own)?.index ?? null
  }
  it.each([
    ['NaCN (sodium cyanide)', 'NaCN', '006-007-00-5'],
    ['KCN (potassium cyanide)', 'KCN', '006-007-00-5'],
    ['Zn(CN)2 (zinc cyanide)', 'Zn(CN)2', '006-007-00-5'],
    ['NH4CN (ammonium cyanide)', 'NH4CN', '006-007-00-5'],
    ['K[Ag(CN)2]: two metals, a complex cyanide', 'KAg(CN)2', null],
    ['K4[Fe(CN)6]: a ferrocyanide', 'K4Fe(CN)6', null],
    ['Pb(NO3)2 (lead nitrate)', 'Pb(NO3)2', '082-001-00-6'],
    ['Pb(C2H5)4 (tetraethyllead): lead alkyls first', 'Pb(C2H5)4', '082-002-00-1'],
    ['Pb (the element is no compound)', 'Pb', null],
    ['Cd(CH3COO)2 (cadmium acetate)', 'Cd(CH3COO)2', '048-001-00-5'],
    ['CdS: excepted', 'CdS', null],
    ['CrH8N2O4 (ammonium chromate): Cr +6', 'CrH8N2O4', '024-017-00-8'],
    ['Li2CrO4 (lithium chromate): Cr +6', 'Li2CrO4', '024-017-00-8'],
    ['K2Cr2O7: Cr +6', 'K2Cr2O7', '024-017-00-8'],
    ['CrCl3: Cr +3, not chromium(VI)', 'CrCl3', null],
    ['Cr2O3: Cr +3', 'Cr2O3', null],
    ['AsCl3 (arsenic trichloride)', 'AsCl3', '033-002-00-5'],
    ['Hg(NO3)2: inorganic mercury', 'Hg(NO3)2', '080-002-00-6'],
    ['HgS: mercuric sulphide excepted', 'HgS', null],
    ['CH3HgCl: organic mercury', 'CH3HgCl', '080-004-00-7'],
    ['NiSO4: Annex VI has no nickel group entry', 'NiSO4', null],
    ['NaCl: no group', 'NaCl', null],
  ])('%s → %s', (_what, formula, index) => {
    expect(group(formula)).toBe(index)
  })

  it('never applies to a substance with its own entry, or an excepted CAS number (barium chromate)', () => {
    expect(group('Cd(NO3)2', '10325-94-7', true)).toBeNull()
    expect(group('BaCrO4', '10294-40-3')).toBeNull()
    expect(group('BaCrO4', null)).toBe('024-017-00-8')
  })

  it('reads oxidation states only where every other element has a fixed one', () => {
    expect(oxidationState(parseFormula('K2Cr2O7')!, 'Cr')).toBe(6)
    expect(oxidationState(parseFormula('CrO3')!, 'Cr')).toBe(6)
    expect(oxidationState(parseFormula('Cr(NO3)3')!, 'Cr')).toBeNull()
    expect(oxidationState(parseFormula('CrCl2')!, 'Cr')).toBe(2)
  })
})

const data = (over: Partial<Data>): Data => ({
  cas: null,
  meltingC: null,
  boilingC: null,
  flashC: null,
  lelPct: null,
  uelPct: null,
  propertiesSource: 'Wikidata',
  ld50OralMgKg: null,
  ld50Source: 'Zhu 2009',
  asGas: false,
  solution: false,
  ...over,
})

describe('flammable liquids from flash and boiling point (CLP Annex I Table 2.6.1; GHS Table 2.6.1; OSHA App. B.6)', () => {
  it.each([
    // flash, boiling, US, EU — e.g. diethyl ether (flash -45, bp 34.6) is Category 1; acetone (-20, 56) 2; xylene (27, 139) 3
    [-45, 34.6, 'Flam. Liq. 1 H224', 'Flam. Liq. 1 H224'],
    [22.9, 35, 'Flam. Liq. 1 H224', 'Flam. Liq. 1 H224'],
    [22.9, 35.1, 'Flam. Liq. 2 H225', 'Flam. Liq. 2 H225'],
    [-20, 56, 'Flam. Liq. 2 H225', 'Flam. Liq. 2 H225'],
    [23, 139, 'Flam. Liq. 3 H226', 'Flam. Liq. 3 H226'],
    [60, 200, 'Flam. Liq. 3 H226', 'Flam. Liq. 3 H226'],
    [60.1, 200, 'Flam. Liq. 4 H227', null],
    [93, 200, 'Flam. Liq. 4 H227', null],
    [93.1, 200, null, null],
  ])('flash point %s °C, boiling point %s °C → US %s, EU %s', (flashC, boilingC, us, eu) => {
    for (const [j, want] of [
      ['us', us],
      ['eu', eu],
    ] as const) {
      const r = selfClassify([], data({ flashC, boilingC }), j)
      expect(show(r.add)).toEqual(want ? [want] : [])
      expect(r.judged.join(' ')).toContain(`flash point ${flashC} °C`)
    }
  })

  it('without the boiling point a flash point below 23 °C is Category 1 until it is known, and says so', () => {
    const r = selfClassify([], data({ flashC: 10 }), 'eu')
    expect(show(r.add)).toEqual(['Flam. Liq. 1 H224'])
    expect(r.add[0].basis).toContain('boiling point not in our data')
  })

  it('a solid at 20 °C is not judged as a liquid; missing flash point is listed as missing; Annex VI flammability wins', () => {
    expect(selfClassify([], data({ meltingC: 150, flashC: 10 }), 'eu').add).toEqual([])
    expect(selfClassify([], data({}), 'eu').missing).toContain('flash point (flammable liquids)')
    expect(selfClassify([pair('Flam. Liq. 2', 'H225')], data({ flashC: -50, boilingC: 20.5 }), 'eu').add).toEqual([])
  })
})

describe('flammable gases from flammability limits (CLP Annex I Table 2.2.1 as amended by 2019/521; GHS Table 2.2.1)', () => {
  it.each([
    // LEL, UEL → category: formaldehyde 7–73 % (1B: LEL > 6 %); methane 4.4–17 % (1A)
    [7, 73, 'Flam. Gas 1B H221'],
    [4.4, 17, 'Flam. Gas 1A H220'],
    [6, 20, 'Flam. Gas 1A H220'],
    [6.1, 20, 'Flam. Gas 1B H221'],
    [13, 20, 'Flam. Gas 1B H221'],
    [13.1, 25.1, 'Flam. Gas 1B H221'],
    [13.1, 25, null],
    [15, 28, 'Flam. Gas 1B H221'],
  ])('LEL %s %, UEL %s % → %s', (lelPct, uelPct, want) => {
    const r = selfClassify([], data({ lelPct, uelPct, asGas: true }), 'eu')
    expect(show(r.add)).toEqual(want ? [want] : [])
  })
})

describe('acute oral toxicity from the LD50 (CLP Table 3.1.1; GHS Table 3.1.1; OSHA Table A.1.1)', () => {
  it.each([
    [5, 'Acute Tox. 1 H300'],
    [5.1, 'Acute Tox. 2 H300'],
    [50, 'Acute Tox. 2 H300'],
    [50.1, 'Acute Tox. 3 H301'],
    [300, 'Acute Tox. 3 H301'],
    [300.1, 'Acute Tox. 4 H302'],
    [2000, 'Acute Tox. 4 H302'],
    [2000.1, null],
    [5800, null], // acetone
  ])('LD50 %s mg/kg → %s', (ld50OralMgKg, want) => {
    const r = selfClassify([], data({ ld50OralMgKg }), 'us')
    expect(show(r.add)).toEqual(want ? [want] : [])
  })

  it('keeps a harmonised minimum (*) unless the data show a more severe category (Annex VI Part 1, 1.2.1)', () => {
    const min = pair('Acute Tox. 4 *', 'H302')
    const severe = selfClassify([min], data({ ld50OralMgKg: 250 }), 'eu')
    expect(severe.replace.map((r) => r.to.cls)).toEqual(['Acute Tox. 3'])
    expect(severe.judged.join(' ')).toContain('replaces the harmonised minimum classification Acute Tox. 4 *')
    expect(selfClassify([min], data({ ld50OralMgKg: 1000 }), 'eu').replace).toEqual([])
    expect(selfClassify([min], data({ ld50OralMgKg: 3000 }), 'eu').judged.join(' ')).toContain('is a minimum and is kept')
    // Without the star the harmonised category applies whatever the data.
    expect(selfClassify([pair('Acute Tox. 4', 'H302')], data({ ld50OralMgKg: 250 }), 'eu').replace).toEqual([])
  })
})

describe('acute dermal and inhalation toxicity from LD50/LC50 (CLP Table 3.1.1; GHS Table 3.1.1; OSHA Table A.1.1)', () => {
  it.each([
    ['dermal', 50, 'Acute Tox. 1 H310'],
    ['dermal', 50.1, 'Acute Tox. 2 H310'],
    ['dermal', 200, 'Acute Tox. 2 H310'],
    ['dermal', 200.1, 'Acute Tox. 3 H311'],
    ['dermal', 1000, 'Acute Tox. 3 H311'],
    ['dermal', 1000.1, 'Acute Tox. 4 H312'],
    ['dermal', 2000, 'Acute Tox. 4 H312'],
    ['dermal', 2000.1, null],
    ['gas', 100, 'Acute Tox. 1 H330'],
    ['gas', 100.1, 'Acute Tox. 2 H330'],
    ['gas', 2500, 'Acute Tox. 3 H331'],
    ['gas', 20000, 'Acute Tox. 4 H332'],
    ['gas', 20001, null],
    ['vapour', 0.5, 'Acute Tox. 1 H330'],
    ['vapour', 10, 'Acute Tox. 3 H331'],
    ['vapour', 10.1, 'Acute Tox. 4 H332'],
    ['vapour', 20.1, null],
    ['dust', 0.05, 'Acute Tox. 1 H330'],
    ['dust', 0.051, 'Acute Tox. 2 H330'],
    ['dust', 5, 'Acute Tox. 4 H332'],
    ['dust', 5.1, null],
  ] as const)('%s %s → %s', (kind, value, want) => {
    const d = kind === 'dermal' ? data({ ld50DermalMgKg: value }) : data({ lc50Inhalation: { value, form: kind } })
    expect(show(selfClassify([], d, 'eu').add)).toEqual(want ? [want] : [])
  })
  it('says which values are missing, and a harmonised minimum is only made more severe', () => {
    expect(selfClassify([], data({}), 'eu').missing).toEqual(
      expect.arrayContaining(['dermal LD50 (acute toxicity, dermal)', 'LC50 by inhalation (acute toxicity, inhalation)'])
    )
    const r = selfClassify([pair('Acute Tox. 4 *', 'H332')], data({ lc50Inhalation: { value: 1, form: 'vapour' } }), 'eu')
    expect(r.replace.map((x) => x.to.cls)).toEqual(['Acute Tox. 2'])
  })
})

describe('strong acids and bases: skin corrosion by extreme pH and corrosion to metals (GHS 3.2 / 2.16; CLP Annex I 3.2 / 2.16)', () => {
  it('adds H290 next to a harmonised Skin Corr. (sulfuric acid, sodium hydroxide)', () => {
    for (const cas of ['7664-93-9', '1310-73-2']) {
      const r = selfClassify([pair('Skin Corr. 1A', 'H314')], data({ cas, meltingC: 10 }), 'eu')
      expect(show(r.add)).toEqual(['Met. Corr. 1 H290'])
    }
  })
  it('adds Skin Corr. 1 and H290 where Annex VI has no skin class, none for a gas, none for a substance not listed', () => {
    expect(show(selfClassify([], data({ cas: '1310-65-2' }), 'eu').add)).toEqual(['Met. Corr. 1 H290', 'Skin Corr. 1 H314'])
    expect(show(selfClassify([pair('Skin Corr. 1A', 'H314')], data({ cas: '7647-01-0', asGas: true }), 'eu').add)).toEqual([])
    expect(show(selfClassify([], data({ cas: '64-17-5' }), 'eu').add)).toEqual([])
  })
})

describe('specific concentration limits of Annex VI (CLP Art. 10)', () => {
  const naoh =
    'Skin Corr. 1A; H314: C ≥ 5 %\nSkin Corr. 1B; H314: 2 % ≤ C < 5 %\nSkin Irrit. 2; H315: 0,5 % ≤ C < 2 %\nEye Irrit. 2; H319: 0,5 % ≤ C < 2 %'
  it('parses the SCL column', () => {
    expect(parseScls(naoh)).toEqual([
      { cls: 'Skin Corr. 1A', h: 'H314', lo: 5, loIncl: true, hi: null, hiIncl: false },
      { cls: 'Skin Corr. 1B', h: 'H314', lo: 2, loIncl: true, hi: 5, hiIncl: false },
      { cls: 'Skin Irrit. 2', h: 'H315', lo: 0.5, loIncl: true, hi: 2, hiIncl: false },
      { cls: 'Eye Irrit. 2', h: 'H319', lo: 0.5, loIncl: true, hi: 2, hiIncl: false },
    ])
  })
  it.each([
    // sodium hydroxide, CLP Annex VI 011-002-00-6 (the issue's example: NaOH 1 % → Skin Irrit. 2)
    [0.49, []],
    [0.5, ['Eye Irrit. 2 H319', 'Skin Irrit. 2 H315']],
    [1, ['Eye Irrit. 2 H319', 'Skin Irrit. 2 H315']],
    [1.99, ['Eye Irrit. 2 H319', 'Skin Irrit. 2 H315']],
    [2, ['Skin Corr. 1B H314']],
    [4.99, ['Skin Corr. 1B H314']],
    [5, ['Skin Corr. 1A H314']],
  ])('NaOH %s % → %j', (c, want) => {
    expect(show(atConcentration([pair('Skin Corr. 1A', 'H314')], naoh, c, 'vapour').pairs)).toEqual(want)
  })
})

describe('generic concentration limits of CLP Annex I where Annex VI gives no SCL', () => {
  const at = (pairs: Pair[], c: number, limits: string | null = null) => show(atConcentration(pairs, limits, c, 'vapour').pairs)
  it.each([
    // Table 3.2.3 (skin) and 3.3.3 (eye) for a Skin Corr. 1 substance
    [0.99, []],
    [1, ['Eye Irrit. 2 H319', 'Skin Irrit. 2 H315']],
    [2.99, ['Eye Irrit. 2 H319', 'Skin Irrit. 2 H315']],
    [3, ['Eye Dam. 1 H318', 'Skin Irrit. 2 H315']],
    [4.99, ['Eye Dam. 1 H318', 'Skin Irrit. 2 H315']],
    [5, ['Skin Corr. 1B H314']],
  ])('Skin Corr. 1B at %s % → %j', (c, want) => {
    expect(at([pair('Skin Corr. 1B', 'H314')], c)).toEqual(want)
  })
  it.each([
    ['Carc. 1B', 'H350', 0.099, 0.1, 'Table 3.6.2'],
    ['Carc. 2', 'H351', 0.99, 1, 'Table 3.6.2'],
    ['Muta. 2', 'H341', 0.99, 1, 'Table 3.5.2'],
    ['Repr. 1A', 'H360D', 0.299, 0.3, 'Table 3.7.2'],
    ['Repr. 2', 'H361d', 2.99, 3, 'Table 3.7.2'],
    ['Skin Sens. 1', 'H317', 0.99, 1, 'Table 3.4.5'],
    ['Skin Sens. 1A', 'H317', 0.099, 0.1, 'Table 3.4.5'],
    ['Resp. Sens. 1', 'H334', 0.99, 1, 'Table 3.4.5'],
    ['Eye Irrit. 2', 'H319', 9.99, 10, 'Table 3.3.3'],
    ['Skin Irrit. 2', 'H315', 9.99, 10, 'Table 3.2.3'],
    ['STOT SE 3', 'H335', 19.99, 20, '3.8.3.4.5'],
    ['STOT SE 2', 'H371', 9.99, 10, 'Table 3.8.3'],
    ['STOT RE 2', 'H373', 9.99, 10, 'Table 3.9.4'],
    ['Asp. Tox. 1', 'H304', 9.99, 10, '3.10.3.3.1'],
  ])('%s: not classified at %s % (just below its limit), classified at %s %', (cls, h, below, at_, cite) => {
    expect(at([pair(cls, h)], below)).toEqual([])
    const r = atConcentration([pair(cls, h)], null, at_, 'vapour')
    expect(show(r.pairs)).toEqual([`${cls} ${h}`])
    expect(r.pairs[0].basis).toContain(cite)
  })
  it('STOT SE 1 and RE 1 step down to category 2 between 1 and 10 % (Tables 3.8.3, 3.9.4)', () => {
    expect(at([pair('STOT SE 1', 'H370')], 10)).toEqual(['STOT SE 1 H370'])
    expect(at([pair('STOT SE 1', 'H370')], 9.99)).toEqual(['STOT SE 2 H371'])
    expect(at([pair('STOT SE 1', 'H370')], 0.99)).toEqual([])
    expect(at([pair('STOT RE 1', 'H372')], 1)).toEqual(['STOT RE 2 H373'])
  })
  it('acute toxicity by the additivity formula ATEmix = ATE × 100 / C with the converted point estimates (CLP 3.1.3.6.1, Table 3.1.2)', () => {
    // Acute Tox. 3 oral: point estimate 100 mg/kg.
    expect(at([pair('Acute Tox. 3', 'H301')], 50)).toEqual(['Acute Tox. 3 H301']) // 200
    expect(at([pair('Acute Tox. 3', 'H301')], 33.34)).toEqual(['Acute Tox. 3 H301']) // 299.9
    expect(at([pair('Acute Tox. 3', 'H301')], 33.33)).toEqual(['Acute Tox. 4 H302']) // 300.03
    expect(at([pair('Acute Tox. 3', 'H301')], 5)).toEqual(['Acute Tox. 4 H302']) // 2000
    expect(at([pair('Acute Tox. 3', 'H301')], 4.99)).toEqual([]) // 2004
    // An ATE printed in Annex VI wins over the point estimate: nitric acid ≤ 70 %, inhalation ATE 2.65 mg/l (vapours).
    expect(at([pair('Acute Tox. 3', 'H331')], 50, 'Inhalation: ATE = 2.65 mg/L (Vapours)')).toEqual(['Acute Tox. 3 H331']) // 5.3
    expect(at([pair('Acute Tox. 3', 'H331')], 26.5, 'Inhalation: ATE = 2.65 mg/L (Vapours)')).toEqual(['Acute Tox. 3 H331']) // 10.0
    expect(at([pair('Acute Tox. 3', 'H331')], 26, 'Inhalation: ATE = 2.65 mg/L (Vapours)')).toEqual(['Acute Tox. 4 H332']) // 10.19
  })
  it('aquatic hazards by the summation method with the M-factor (CLP Tables 4.1.1, 4.1.2)', () => {
    expect(at([pair('Aquatic Acute 1', 'H400')], 25)).toEqual(['Aquatic Acute 1 H400'])
    expect(at([pair('Aquatic Acute 1', 'H400')], 24.9)).toEqual([])
    expect(at([pair('Aquatic Acute 1', 'H400')], 2.5, 'M=10')).toEqual(['Aquatic Acute 1 H400'])
    expect(at([pair('Aquatic Chronic 1', 'H410')], 24.9)).toEqual(['Aquatic Chronic 2 H411'])
    expect(at([pair('Aquatic Chronic 1', 'H410')], 2.49)).toEqual(['Aquatic Chronic 3 H412'])
    expect(at([pair('Aquatic Chronic 1', 'H410')], 0.249)).toEqual([])
    expect(at([pair('Aquatic Chronic 2', 'H411')], 2.5)).toEqual(['Aquatic Chronic 3 H412'])
  })
  it('gas classes do not apply to a solution in water, and say so', () => {
    const r = atConcentration([pair('Press. Gas', null), pair('Flam. Gas 1A', 'H220')], null, 30, 'vapour')
    expect(r.pairs).toEqual([])
    expect(r.notes.join(' ')).toContain('applies to the substance as a gas, not to its solution in water')
  })
})

describe('identifiers with a concentration', () => {
  it.each([
    ['sulfuric acid 98%', { name: 'sulfuric acid', concentration: 98 }],
    ['NaOH 50% solution', { name: 'NaOH', concentration: 50 }],
    ['hydrochloric acid 37 % w/w', { name: 'hydrochloric acid', concentration: 37 }],
    ['formaldehyde 37,5% aqueous solution', { name: 'formaldehyde', concentration: 37.5 }],
    ['acetone', null],
    ['101%', null],
    ['acid 0%', null],
    ['2,4-D 50', null],
  ])('%s → %j', (input, want) => {
    expect(splitConcentration(input)).toEqual(want)
  })
})

type Label = { pictograms: string; signal: string | null; h: string; source: RegExp }

async function label(id: string, j: 'us' | 'eu') {
  const r = await resolveIdentifier(id)
  if (!r.ok) throw new Error(`${id}: ${r.code}`)
  return gatherFacts(r.substance, j)
}

// Whole labels, element by element. Expected values worked out by hand from the cited entries and criteria.
const LABELS: Array<[string, 'us' | 'eu', Label]> = [
  [
    'sodium cyanide',
    'eu',
    {
      pictograms: 'GHS06 GHS09',
      signal: 'Danger',
      h: 'H300+H310+H330 H410',
      source: /group entry 006-007-00-5 .*salts of hydrogen cyanide/,
    },
  ],
  ['sodium cyanide', 'us', { pictograms: 'GHS06', signal: 'Danger', h: 'H300+H310+H330', source: /group entry 006-007-00-5/ }],
  [
    'lead nitrate',
    'eu',
    {
      // Ox. Sol. 2 H272 from rules/status.json (UN1469 Lead nitrate, 5.1 PG II; issue 32).
      pictograms: 'GHS03 GHS07 GHS08 GHS09',
      signal: 'Danger',
      h: 'H272 H360Df H302+H332 H373 H410',
      source: /group entry 082-001-00-6 .*lead compounds.*a compound of lead.*UN1469 Lead nitrate/,
    },
  ],
  [
    'sulfuric acid',
    'eu',
    {
      pictograms: 'GHS05',
      signal: 'Danger',
      h: 'H314 H290',
      source: /index no\. 016-020-00-8.*Classification by the supplier.*Met\. Corr\. 1/,
    },
  ],
  ['sodium hydroxide', 'us', { pictograms: 'GHS05', signal: 'Danger', h: 'H314 H290', source: /011-002-00-6.*Met\. Corr\. 1/ }],
  ['NaOH 1%', 'eu', { pictograms: 'GHS07', signal: 'Warning', h: 'H315 H319', source: /Concentration 1 % in water/ }],
  ['NaOH 50% solution', 'eu', { pictograms: 'GHS05', signal: 'Danger', h: 'H314 H290', source: /Concentration 50 %/ }],
  ['hydrochloric acid 37%', 'us', { pictograms: 'GHS05 GHS07', signal: 'Danger', h: 'H314 H335 H290', source: /017-002-01-X/ }],
  ['muriatic acid', 'us', { pictograms: 'GHS05 GHS07', signal: 'Danger', h: 'H335 H314 H290', source: /017-002-01-X/ }],
  ['hydrogen chloride', 'eu', { pictograms: 'GHS04 GHS05 GHS06', signal: 'Danger', h: 'H280 H331 H314', source: /017-002-00-2/ }],
  [
    'formaldehyde',
    'eu',
    {
      pictograms: 'GHS02 GHS05 GHS06 GHS08',
      signal: 'Danger',
      // H335 from the entry's specific concentration limit STOT SE 3; H335: C ≥ 5 % (issue 32).
      h: 'H350 H341 H301+H311+H331 H314 H317 H335 H221',
      source: /605-001-00-5.*Flam\. Gas 1B \(flammability limits 7 to 73 %/,
    },
  ],
  [
    'formaldehyde 37%',
    'eu',
    { pictograms: 'GHS05 GHS06 GHS08', signal: 'Danger', h: 'H314 H335 H317 H350 H341 H301+H311+H331', source: /Concentration 37 %/ },
  ],
  [
    'ibuprofen',
    'us',
    {
      pictograms: 'GHS07',
      signal: 'Warning',
      h: 'H302',
      source: /no harmonised classification.*Acute Tox\. 4 \(oral LD50 \(rat\) 636 mg\/kg/,
    },
  ],
  ['acetone', 'eu', { pictograms: 'GHS02 GHS07', signal: 'Danger', h: 'H225 H319 H336', source: /606-001-00-8/ }],
  ['isopropyl alcohol', 'eu', { pictograms: 'GHS02 GHS07', signal: 'Danger', h: 'H225 H319 H336', source: /603-117-00-0/ }],
  ['ammonia', 'us', { pictograms: 'GHS04 GHS05 GHS06', signal: 'Danger', h: 'H221 H280 H331 H314', source: /007-001-00-5/ }],
  [
    'Cl2',
    'eu',
    { pictograms: 'GHS03 GHS04 GHS06 GHS09', signal: 'Danger', h: 'H270 H280 H331 H335 H315 H319 H400', source: /017-001-00-7/ },
  ],
]

describe('whole labels, element by element', () => {
  // Cl2 and NH3 also read as SMILES: the first one loads the SMILES parser.
  it.each(LABELS)('%s (%s)', { timeout: 60_000 }, async (id, j, want) => {
    const f = await label(id, j)
    expect(f.label, id).not.toBeNull()
    expect(f.label!.pictograms.join(' ')).toBe(want.pictograms)
    expect(f.label!.signalWord).toBe(want.signal)
    expect(f.label!.hazardStatements.map((s) => s.code).sort()).toEqual(want.h.split(' ').sort())
    expect(classificationSource(f)).toMatch(want.source)
  })

  it.each([
    ['sodium chloride', /Data judged: melting point 800\.8 °C .*a solid at 20 °C/],
    ['water', /No data in our sources allowed any hazard class to be judged/],
    ['glycerol', /oral LD50 \(rat\) 12600 mg\/kg .*above 2000 mg\/kg/],
    ['aspirin', /Data judged: melting point 135 °C/],
    ['glucose', /Not classified as hazardous under Regulation \(EC\) No 1272\/2008/],
  ])('%s: not classified, with the data judged and what is missing', async (id, judged) => {
    const f = await label(id, 'eu')
    expect(f.label).toBeNull()
    const text = notClassifiedText(f)
    expect(text).toMatch(/^Not classified as hazardous under /)
    expect(text).toMatch(judged)
    expect(text).toContain('Not in our data (not judged):')
    expect(text).toContain('oral LD50')
  })
})

describe('substances known only from a US list', () => {
  it('a listed carcinogen without any classification is never called not hazardous (TCDD: NTP RoC, IARC)', async () => {
    const f = await label('1746-01-6', 'eu')
    expect(f.label).toBeNull()
    const text = notClassifiedText(f)
    expect(text).toMatch(/^No hazard class could be decided on the data available to us, but the substance is listed by /)
    expect(text).toContain('this sheet does not state that it is not hazardous')
    expect(text).not.toMatch(/^Not classified as hazardous/)
  })
  it('resolves by the name the list gives', async () => {
    const r = await resolveIdentifier('N-Nitrosodiethylamine')
    expect(r.ok && r.substance.record.cas).toBe('55-18-5')
  })
})

describe('identification (issue 14)', () => {
  it.each([
    ['water', '7732-18-5'],
    ['glucose', '50-99-7'],
    ['dextrose', '50-99-7'],
    ['lead nitrate', '10099-74-8'],
    ['aspirin', '50-78-2'],
    ['ammonia', '7664-41-7'],
    ['NH3', '7664-41-7'],
    ['Cl2', '7782-50-5'],
    ['IPA', '67-63-0'],
    ['isopropyl alcohol', '67-63-0'],
    ['sodium chloride', '7647-14-5'],
    ['muriatic acid', '7647-01-0'],
    ['sulfuric acid 98%', '7664-93-9'],
    ['NaOH 50% solution', '1310-73-2'],
  ])('%s → %s', { timeout: 60_000 }, async (id, cas) => {
    const r = await resolveIdentifier(id)
    if (!r.ok) throw new Error(`${id}: ${r.code} ${r.message}`)
    expect(r.substance.record.cas).toBe(cas)
  })

  it('one CAS number with a gas and a solution entry is never resolved silently; the name or the concentration decides', async () => {
    const r = await resolveIdentifier('7647-01-0')
    expect(r.ok).toBe(false)
    if (!r.ok && r.code === 'AMBIGUOUS_IDENTIFIER') expect(r.candidates.map((c) => c.identifier)).toEqual(['017-002-00-2', '017-002-01-X'])
    const byName = await resolveIdentifier('hydrochloric acid')
    expect(byName.ok && byName.substance.entry?.index).toBe('017-002-01-X')
    const gas = await resolveIdentifier('hydrogen chloride')
    expect(gas.ok && gas.substance.entry?.index).toBe('017-002-00-2')
    const nitric = await resolveIdentifier('nitric acid 65%')
    expect(nitric.ok && nitric.substance.entry?.index).toBe('007-030-00-3')
    const nitric2 = await resolveIdentifier('nitric acid 90%')
    expect(nitric2.ok && nitric2.substance.entry?.index).toBe('007-004-00-1')
    expect((await resolveIdentifier('nitric acid')).ok).toBe(false)
  })
})

describe('the API: concentration and physical_form', () => {
  const app = makeApp()
  it('classifies NaOH at 1 % as Skin Irrit. 2 and reports the concentration; a conflicting concentration is 422', {
    timeout: 60_000,
  }, async () => {
    const { rawKey } = await newKey('enterprise')
    const res = await post(app, 'eu', rawKey, { chemical_identifier: 'sodium hydroxide', concentration: 1, response_format: 'base64' })
    expect(res.status).toBe(200)
    const body = (await res.json()) as { substance: { concentration: number; index_no: string; harmonised_classification: boolean } }
    expect(body.substance).toMatchObject({ concentration: 1, index_no: '011-002-00-6', harmonised_classification: true })
    const clash = await post(app, 'eu', rawKey, { chemical_identifier: 'NaOH 50%', concentration: 1 })
    expect(clash.status).toBe(422)
    expect(((await clash.json()) as { code: string }).code).toBe('VALIDATION_ERROR')
    const form = await post(app, 'eu', rawKey, { chemical_identifier: 'NaOH', concentration: 1, physical_form: 'gas' })
    expect(form.status).toBe(422)
    for (const concentration of [0, 100.5, -1, '5']) {
      const bad = await post(app, 'eu', rawKey, { chemical_identifier: 'NaOH', concentration })
      expect(bad.status).toBe(422)
    }
  })
  it('a group member reports the group entry as its index number', { timeout: 60_000 }, async () => {
    const { rawKey } = await newKey('enterprise')
    const res = await post(app, 'us', rawKey, { chemical_identifier: '143-33-9', response_format: 'base64' })
    expect(res.status).toBe(200)
    expect(((await res.json()) as { substance: object }).substance).toMatchObject({
      index_no: '006-007-00-5',
      harmonised_classification: true,
    })
  })
})
