import { describe, expect, it } from 'vitest'
import annex from '../../workers/sds/data/annex-vi.json'
import { classifyMixture } from '../../workers/sds/domain/ghs/mixture/classify'
import { mFactors } from '../../workers/sds/domain/ghs/mixture/environment'
import type { MixtureComponent } from '../../workers/sds/domain/ghs/mixture/types'
import { toPairs, type Pair } from '../../workers/sds/domain/ghs/pairs'

// Ingredients as the sheet will hand them over: each one's harmonised Annex VI entry.
function fromAnnex(cas: string, concentration: number): MixtureComponent {
  const col = (name: string) => annex.columns.indexOf(name)
  const row = annex.rows.find((r) => (r[col('cas')] as string[] | null)?.includes(cas))
  if (!row) throw new Error(`no Annex VI row for ${cas}`)
  const entry = {
    classes: row[col('classes')] as string[],
    hClass: row[col('hClass')] as string[],
    hLabel: row[col('hLabel')] as string[],
    euh: [],
  }
  return {
    name: (row[col('names')] as string[])[0],
    concentration,
    pairs: toPairs(entry, 'Annex VI', 'harmonised'),
    limits: row[col('limits')] as string | null,
  }
}

// An ingredient of a made-up classification, for the hand-checked arithmetic of the methods.
function made(name: string, concentration: number, classes: Array<[string, string]>, limits: string | null = null): MixtureComponent {
  const pairs: Pair[] = classes.map(([cls, h]) => ({ cls, h, basis: 'supplier', by: 'supplier' }))
  return { name, concentration, pairs, limits }
}

const names = (r: ReturnType<typeof classifyMixture>) => r.classes.map((c) => `${c.cls}|${c.h}`).sort()

describe('mixtures: skin and eye by summation with specific concentration limits (CLP Annex I 3.2.3.3.5)', () => {
  it('1 % NaOH alone is Skin Irrit. 2 by its SCL band, not corrosive', () => {
    const r = classifyMixture([fromAnnex('1310-73-2', 1)], {}, 'eu')
    expect(names(r)).toEqual(['Eye Irrit. 2|H319', 'Skin Irrit. 2|H315'])
  })

  it('1 % NaOH + 1.5 % KOH: each below its Skin Corr. limit, together Σ Ci/SCLi = 1.25: Skin Corr. 1B and Eye Dam. 1', () => {
    const r = classifyMixture([fromAnnex('1310-73-2', 1), fromAnnex('1310-58-3', 1.5)], {}, 'eu')
    const skin = r.classes.find((c) => c.cls.startsWith('Skin'))!
    expect(skin).toMatchObject({ cls: 'Skin Corr. 1B', h: 'H314', basis: 'specific concentration limit' })
    expect(skin.detail).toContain('1.25')
    expect(names(r)).toContain('Eye Dam. 1|H318')
    expect(names(r)).not.toContain('Skin Irrit. 2|H315')
  })

  it('generic limits: 10 × Σ Skin Corr. 1 + Σ Skin Irrit. 2 ≥ 10 gives Skin Irrit. 2 (Table 3.2.3)', () => {
    const corrosive = made('acid A', 0.6, [['Skin Corr. 1B', 'H314']])
    const irritant = made('solvent B', 4.5, [['Skin Irrit. 2', 'H315']])
    // 0.6 is under 1 %: not a relevant ingredient (3.2.3.3.1), so 4.5/10 < 1 alone.
    expect(classifyMixture([corrosive, irritant], {}, 'eu').classes.map((c) => c.cls)).not.toContain('Skin Irrit. 2')
    const more = made('acid A', 1, [['Skin Corr. 1B', 'H314']])
    const sum = classifyMixture([more, irritant], {}, 'eu') // 1/1 + 4.5/10 = 1.45
    expect(sum.classes.find((c) => c.cls === 'Skin Irrit. 2')?.basis).toBe('summation')
  })

  it('sub-categories: Σ 1A < 5 % but Σ 1A + 1B ≥ 5 % gives 1B (Table 3.2.3, note 1)', () => {
    const r = classifyMixture([made('A', 3, [['Skin Corr. 1A', 'H314']]), made('B', 2.5, [['Skin Corr. 1B', 'H314']])], {}, 'eu')
    expect(r.classes.find((c) => c.cls.startsWith('Skin'))?.cls).toBe('Skin Corr. 1B')
  })

  it('a pH of 1.5 makes the mixture Skin Corr. 1 and Eye Dam. 1 on that basis (3.2.3.1.2)', () => {
    const r = classifyMixture([made('water', 99, [])], { ph: 1.5 }, 'eu')
    expect(r.classes.map((c) => [c.cls, c.basis])).toEqual([
      ['Skin Corr. 1', 'extreme pH'],
      ['Eye Dam. 1', 'extreme pH'],
    ])
  })
})

describe('mixtures: acute toxicity by the additivity formula (CLP Annex I 3.1.3.6)', () => {
  it('20 % methanol in water: ATEmix from Acute Tox. 3 converted values, Category 4 on every route; STOT SE 1 by its SCL', () => {
    const r = classifyMixture([fromAnnex('67-56-1', 20)], {}, 'eu')
    // oral 100/(20/100) = 500 mg/kg; dermal 100/(20/300) = 1500 mg/kg; vapour 100/(20/3) = 15 mg/l
    expect(r.ate).toEqual({ oral: 500, dermal: 1500, inhalation: 15 })
    expect(names(r)).toEqual(['Acute Tox. 4|H302', 'Acute Tox. 4|H312', 'Acute Tox. 4|H332', 'STOT SE 1|H370 **'])
    expect(r.classes.find((c) => c.h === 'H302')).toMatchObject({ basis: 'additivity formula' })
    expect(r.notes.join(' ')).toMatch(/no flash point of the mixture was given/)
  })

  it('ingredients of unknown toxicity at 10 % or more: (100 − ΣCunknown)/ATEmix (3.1.3.6.2.3)', () => {
    const known = made('toxicant', 10, [['Acute Tox. 3', 'H301']])
    const unknown = { ...made('extract', 15, []), acuteUnknown: true }
    const r = classifyMixture([known, unknown], {}, 'eu')
    expect(r.ate.oral).toBe(850) // (100 − 15) / (10 / 100)
    expect(r.classes.find((c) => c.h === 'H302')?.detail).toContain('100 − 15')
  })

  it('the mixture’s own LD50 decides over the formula (CLP Art. 6(1))', () => {
    const r = classifyMixture([fromAnnex('67-56-1', 20)], { acute_tox: { oral: 2500 } }, 'eu')
    expect(r.classes.some((c) => c.h === 'H302')).toBe(false)
    expect(r.ate.oral).toBe(2500)
  })
})

describe('mixtures: classes that are never added, STOT SE 3, aspiration, physical hazards', () => {
  it('a carcinogen counts alone at its generic limit: benzene 0.05 % no, 0.1 % Carc. 1A', () => {
    expect(names(classifyMixture([fromAnnex('71-43-2', 0.05)], {}, 'eu')).some((n) => n.startsWith('Carc.'))).toBe(false)
    expect(names(classifyMixture([fromAnnex('71-43-2', 0.1)], {}, 'eu'))).toContain('Carc. 1A|H350')
  })

  it('STOT SE 3 H336 adds up: 12 % + 12 % ≥ 20 %, 12 % alone does not', () => {
    const a = made('ketone', 12, [['STOT SE 3', 'H336']])
    const b = made('ester', 12, [['STOT SE 3', 'H336']])
    expect(names(classifyMixture([a], {}, 'eu'))).not.toContain('STOT SE 3|H336')
    expect(names(classifyMixture([a, b], {}, 'eu'))).toContain('STOT SE 3|H336')
  })

  it('aspiration needs the viscosity: said when missing, applied when given', () => {
    const hc = made('white spirit', 40, [['Asp. Tox. 1', 'H304']])
    expect(classifyMixture([hc], {}, 'eu').notes.join(' ')).toMatch(/kinematic_viscosity_40c/)
    expect(names(classifyMixture([hc], { kinematic_viscosity_40c: 1.5 }, 'eu'))).toContain('Asp. Tox. 1|H304')
    expect(names(classifyMixture([hc], { kinematic_viscosity_40c: 30 }, 'eu'))).not.toContain('Asp. Tox. 1|H304')
  })

  it('a flash point given classifies; without one, nothing physical is guessed', () => {
    expect(names(classifyMixture([fromAnnex('67-56-1', 50)], { flash_point_c: 24, initial_boiling_point_c: 78 }, 'eu'))).toContain(
      'Flam. Liq. 3|H226'
    )
    expect(names(classifyMixture([fromAnnex('67-56-1', 50)], {}, 'eu')).some((n) => n.startsWith('Flam.'))).toBe(false)
    expect(names(classifyMixture([made('oil', 90, [])], { flash_point_c: 75 }, 'us'))).toContain('Flam. Liq. 4|H227')
    expect(names(classifyMixture([made('oil', 90, [])], { flash_point_c: 75 }, 'eu'))).toEqual([])
  })
})

describe('mixtures: aquatic summation with M-factors (CLP Annex I 4.1.3.5.5)', () => {
  const toxicant = (c: number) =>
    made(
      'biocide',
      c,
      [
        ['Aquatic Acute 1', 'H400'],
        ['Aquatic Chronic 1', 'H410'],
      ],
      'M=10'
    )

  it('3 % × M 10 = 30 % ≥ 25 %: Aquatic Acute 1 and Chronic 1', () => {
    expect(names(classifyMixture([toxicant(3)], {}, 'eu'))).toEqual(['Aquatic Acute 1|H400', 'Aquatic Chronic 1|H410'])
  })

  it('2 % × M 10 = 20 %: no acute class; 10 × 20 = 200 % ≥ 25 %: Chronic 2', () => {
    expect(names(classifyMixture([toxicant(2)], {}, 'eu'))).toEqual(['Aquatic Chronic 2|H411'])
  })

  it('the US sheet keeps the environmental result for Section 12, not the label', () => {
    const r = classifyMixture([toxicant(3)], {}, 'us')
    expect(r.classes).toEqual([])
    expect(r.notes.join(' ')).toMatch(/Section 12/)
  })

  it('reads acute and chronic M-factors printed apart', () => {
    expect(mFactors('M(acute)=100\nM(chronic)=10')).toEqual({ acute: 100, chronic: 10 })
    expect(mFactors('M=1000')).toEqual({ acute: 1000, chronic: 1000 })
    expect(mFactors(null)).toEqual({ acute: 1, chronic: 1 })
  })
})
