// Issue 33 §1 and §3: the US Section 2(c) of a mixture (hazards not otherwise classified), its
// Section 8 per component and its Section 14 for the mixture as a whole. Inputs are new mixtures
// of common substances whose answers are checked by hand against the rules cited in each name.
import { describe, expect, it } from 'vitest'
import dangerousGoods from '../../workers/sds/data/dangerous-goods.json'
import euh from '../../workers/sds/data/euh.json'
import { hazardsNotOtherwiseClassified } from '../../workers/sds/domain/ghs/mixture/hnoc'
import hnocRules from '../../workers/sds/domain/ghs/mixture/hnoc-rules.json'
import { app, newKey, post } from './helpers'
import { section, sheetText } from './helpers/sheet-text'

const T = { timeout: 60_000 }
const w = (identifier: string, concentration: number) => ({ identifier, concentration, unit: '% w/w' })

async function sheet(format: 'us' | 'eu', body: Record<string, unknown>): Promise<string> {
  const { rawKey } = await newKey('enterprise')
  const res = await post(app, format, rawKey, { ...body, response_format: 'base64' })
  const json = (await res.json()) as { document_base64: string }
  expect(res.status, JSON.stringify(json).slice(0, 400)).toBe(200)
  return sheetText(json.document_base64)
}

/** US Section 2(c): from its heading to 2(d). */
function hnocOf(text: string): string {
  const s2 = section(text, 2)
  return s2.slice(s2.indexOf('\n(c) Describe'), s2.indexOf('\n(d) Mixture'))
}

const NONE_KNOWN = 'Hazards not otherwise classified: none known from the components’ data'

describe('US 2(c): hazards not otherwise classified of a mixture (29 CFR 1910.1200(c), (d)(1))', () => {
  it('acetone 40 % in water (liquid): acetone’s EUH066 is the mixture’s HNOC, named with its component and rule', T, async () => {
    const c = hnocOf(
      await sheet('us', { product_name: 'Rinse 40', physical_state: 'liquid', components: [w('acetone', 40), w('water', 60)] })
    )
    expect(c).toContain('EUH066: Repeated exposure may cause skin dryness or cracking')
    expect(c).toContain('acetone (40 %)')
    expect(c).toContain('29 CFR 1910.1200(c)')
    expect(c).not.toContain(NONE_KNOWN)
    expect(c).not.toContain('None identified from the sources used')
  })

  it('methanol 20 % in water (liquid): every component checked, nothing found: "none known", citing the rule', T, async () => {
    const c = hnocOf(
      await sheet('us', { product_name: 'Methanol 20', physical_state: 'liquid', components: [w('methanol', 20), w('water', 80)] })
    )
    expect(c).toContain(NONE_KNOWN)
    expect(c).toContain('Hazard not otherwise classified (HNOC)')
  })

  it('the same mixture without physical_state: pyrophoric gas and combustible dust stay open, so no "none known"', T, async () => {
    const c = hnocOf(await sheet('us', { product_name: 'Methanol 20', components: [w('methanol', 20), w('water', 80)] }))
    expect(c).toMatch(/Pyrophoric gas: not determined \(the physical state of the mixture is not given/)
    expect(c).toMatch(/Combustible dust: not determined/)
    expect(c).not.toContain(NONE_KNOWN)
  })

  it('sodium chloride 10 % in water: no Annex VI entry, so the component is named as not checked, never "none known"', T, async () => {
    const c = hnocOf(
      await sheet('us', { product_name: 'Brine 10', physical_state: 'liquid', components: [w('sodium chloride', 10), w('water', 90)] })
    )
    expect(c).toMatch(/Not checked for: sodium chloride \(no CLP Annex VI entry/)
    expect(c).not.toContain(NONE_KNOWN)
  })

  it('argon 82 % + carbon dioxide 18 % (gas): simple asphyxiant, an OSHA-defined hazard, from both components', T, async () => {
    const c = hnocOf(
      await sheet('us', { product_name: 'Shield gas 82/18', physical_state: 'gas', components: [w('argon', 82), w('carbon dioxide', 18)] })
    )
    expect(c).toContain('Simple asphyxiant')
    expect(c).toContain('argon (82 %), carbon dioxide (18 %)')
    expect(c).toContain('May displace oxygen and cause rapid suffocation')
    expect(c).toMatch(/Pyrophoric gas: not determined/)
  })
})

describe('the HNOC rule on plain data (ghs/mixture/hnoc.ts)', () => {
  it('its data hold what they cite: each asphyxiant gas is a Division 2.2 entry of our DOT table without 5.1, each EUH text is CLP Annex III’s', () => {
    for (const g of hnocRules.simpleAsphyxiant.gases) {
      const rows = (dangerousGoods.hmt as string[][]).filter((r) => r[0] === g.un)
      expect(rows.length, g.un).toBeGreaterThan(0)
      expect(
        rows.every((r) => r[2] === '2.2' && !r[4].includes('5.1')),
        g.un
      ).toBe(true)
      expect(
        rows.some((r) => r[1].toLowerCase().startsWith(g.name)),
        `${g.un} ${g.name}`
      ).toBe(true)
    }
    const texts = new Map(euh.statements.map((x) => [x.code, x.statement]))
    for (const c of hnocRules.supplemental.codes) expect(texts.get(c.code), c.code).toBe(c.effect)
  })
  const acetone = { name: 'acetone', concentration: 40, cas: '67-64-1', euh: ['EUH066'] }
  it('a component under the 1 % cut-off adds nothing and is not required to be checked', () => {
    const r = hazardsNotOtherwiseClassified(
      [
        { ...acetone, concentration: 0.5 },
        { name: 'x', concentration: 0.2, cas: null, euh: null },
      ],
      'liquid'
    )
    expect(r).toEqual({ found: [], undetermined: [], unchecked: [] })
  })
  it('an asphyxiant gas in a liquid is no asphyxiant hazard; an EUH outside the HNOC list (EUH208) is not one either', () => {
    const r = hazardsNotOtherwiseClassified(
      [
        { name: 'carbon dioxide', concentration: 5, cas: '124-38-9', euh: null },
        { ...acetone, euh: ['EUH208'] },
      ],
      'liquid'
    )
    expect(r.found).toEqual([])
    expect(r.unchecked).toEqual([])
  })
  it('two components with the same effect are one finding naming both', () => {
    const r = hazardsNotOtherwiseClassified([acetone, { name: 'butanone', concentration: 20, cas: '78-93-3', euh: ['EUH066'] }], 'liquid')
    expect(r.found.map((f) => f.components)).toEqual([['acetone (40 %)', 'butanone (20 %)']])
  })
})

describe('Section 14: the MIXTURE classified for transport (UN Model Regulations 2.0.2, 3.1.2.8.1.3)', () => {
  it('20 % sodium hydroxide in water: UN1824 Sodium hydroxide solution, PG II, by the one-named-substance rule (2.0.2.5)', T, async () => {
    for (const j of ['us', 'eu'] as const) {
      const s14 = section(
        await sheet(j, { product_name: 'Caustic 20', physical_state: 'liquid', components: [w('sodium hydroxide', 20), w('water', 80)] }),
        14
      )
      expect(s14).toMatch(/\nUN1824\n/)
      expect(s14).toMatch(/\nSodium hydroxide solution\n/)
      expect(s14).toMatch(/Packing group[^\n]*\nII\n/)
      expect(s14).toContain('2.0.2.5')
    }
  })

  it('10 % sodium cyanide in water: class 6.1 from ATEmix gives UN3414 Sodium cyanide solution PG I; US 2(c) names EUH032', T, async () => {
    const text = await sheet('us', {
      product_name: 'Cyanide bath 10',
      physical_state: 'liquid',
      components: [w('sodium cyanide', 10), w('water', 90)],
    })
    const s14 = section(text, 14)
    expect(s14).toMatch(/\nUN3414\n/)
    expect(s14).toMatch(/\nSodium cyanide solution\n/)
    // Dermal: Acute Tox. 1 (converted 5 mg/kg), 100/ATEmix = 10/5: 50 mg/kg ≤ 50, category 1, PG I (UN 2.6.2.2.4.1).
    expect(s14).toMatch(/Packing group[^\n]*\nI\n/)
    expect(s14).toContain('Acute Tox. 1 (dermal)')
    expect(hnocOf(text)).toContain('EUH032: Contact with acids liberates very toxic gas')
  })

  it(
    'three aquatic chronic 1 components in water: UN3082 with the technical names of the two that weigh most, on the US sheet too',
    T,
    async () => {
      const s14 = section(
        await sheet('us', {
          product_name: 'Plating bath',
          physical_state: 'liquid',
          components: [w('zinc sulphate', 25), w('copper(II) sulphate', 10), w('zinc oxide', 5), w('water', 60)],
        }),
        14
      )
      expect(s14).toMatch(/\nUN3082\n/)
      // Zinc sulphate 25 % and copper sulphate 10 % weigh more than zinc oxide 5 % (each × its M-factor).
      expect(s14).toContain('Environmentally hazardous substance, liquid, n.o.s. (zinc sulfate, copper sulfate)\n')
      expect(s14).toContain('3.1.2.8.1.3')
    }
  )

  it('acetone and toluene without a flash point: "cannot be determined", never a class-3 guess', T, async () => {
    for (const j of ['us', 'eu'] as const) {
      const s14 = section(
        await sheet(j, { product_name: 'Thinner', physical_state: 'liquid', components: [w('acetone', 50), w('toluene', 50)] }),
        14
      )
      expect(s14).toContain('cannot be determined: its flash point is not given (flash_point_c)')
      expect(s14).not.toMatch(/\nUN1993\n|\nUN1090\n|\nUN1294\n/)
    }
  })

  it(
    '40 % methanol with a flash point of 30 °C: not UN1230 (its PG II is not the mixture’s PG III, 2.0.2.5(c)); n.o.s. with (methanol)',
    T,
    async () => {
      const s14 = section(
        await sheet('us', {
          product_name: 'Meth 40',
          physical_state: 'liquid',
          flash_point_c: 30,
          components: [w('methanol', 40), w('water', 60)],
        }),
        14
      )
      expect(s14).not.toMatch(/\nUN1230\n/)
      expect(s14).toMatch(/n\.o\.s\. \(methanol\)/)
    }
  )

  it('1 % sodium hydroxide in water: not regulated, the reason given; no physical_state: cannot be determined', T, async () => {
    const nr = section(
      await sheet('us', { product_name: 'Caustic 1', physical_state: 'liquid', components: [w('sodium hydroxide', 1), w('water', 99)] }),
      14
    )
    expect(nr).toMatch(/Not regulated as a hazardous material for transport[^\n]*no criterion of classes 2 to 9 applies to the mixture/)
    const open = section(await sheet('eu', { product_name: 'Caustic 20', components: [w('sodium hydroxide', 20), w('water', 80)] }), 14)
    expect(open).toContain('cannot be determined: its physical state is not given (physical_state)')
  })
})

describe('Section 14: classes only a test on the mixture decides are never derived from a component', () => {
  it('argon and carbon dioxide (gas): class 2 depends on how it is carried, not given: cannot be determined', T, async () => {
    const s14 = section(
      await sheet('eu', { product_name: 'Shield gas 82/18', physical_state: 'gas', components: [w('argon', 82), w('carbon dioxide', 18)] }),
      14
    )
    expect(s14).toContain('cannot be determined: a gas is class 2 when carried compressed')
    expect(s14).not.toContain('Not dangerous goods')
  })

  it(
    '10 % sodium nitrite in sodium chloride (solid): the oxidiser component leaves class 5.1 open, said with the component',
    T,
    async () => {
      const s14 = section(
        await sheet('us', {
          product_name: 'Curing salt',
          physical_state: 'solid',
          components: [w('sodium nitrite', 10), w('sodium chloride', 90)],
        }),
        14
      )
      expect(s14).toMatch(/cannot be determined: sodium nitrite \(Ox\. Sol\. 3, class 5\.1\)/)
      expect(s14).not.toMatch(/Not regulated as a hazardous material/)
    }
  )
})

describe('Section 8: each component’s limits with the lists checked, protection from the strictest component', () => {
  it(
    '20 % sodium hydroxide (EU): its limits and lists checked, water’s "no value" with the same lists, goggles and face shield from H314',
    T,
    async () => {
      const s8 = section(
        await sheet('eu', {
          product_name: 'Caustic 20',
          physical_state: 'liquid',
          components: [w('sodium hydroxide', 20), w('water', 80)],
        }),
        8
      )
      expect(s8).toContain('sodium hydroxide (20 % w/w):')
      expect(s8).toContain('EU lists checked in full, no value for this substance')
      expect(s8).toContain('No limit value in the lists in our data for: water (80 % w/w).')
      expect(s8).toContain('EU lists checked in full, no value for these components')
      expect(s8).toMatch(/Eyes\/face\nGoggles and a face shield/)
      expect(s8).toMatch(/H314 \([^)]*sodium hydroxide \(20 %\)/)
      expect(s8).toContain('Respiratory: sodium hydroxide (20 %)')
    }
  )

  it(
    '1 % sodium hydroxide (US): the mixture is no corrosive, but its corrosive component sets the eye protection, and says so',
    T,
    async () => {
      const s8 = section(
        await sheet('us', { product_name: 'Caustic 1', physical_state: 'liquid', components: [w('sodium hydroxide', 1), w('water', 99)] }),
        8
      )
      expect(s8).toMatch(/Eyes\/face\nChemical splash goggles and a face shield over them/)
      expect(s8).toMatch(/H314 \(sodium hydroxide \(1 %\)\)/)
      expect(s8).toContain('US lists checked in full, no value for these components')
    }
  )

  it(
    'lead(II) nitrate 5 % (EU, sheet dated after 9 April 2026): the expired 98/24/EC value is marked, as on the substance sheet; hands name no chart glove for a mixture',
    T,
    async () => {
      const s8 = section(
        await sheet('eu', { product_name: 'Lead stock 5', physical_state: 'liquid', components: [w('lead nitrate', 5), w('water', 95)] }),
        8
      )
      expect(s8).toContain('lead nitrate (5 % w/w):')
      expect(s8).toContain('NO LONGER APPLICABLE since 9 April 2026')
      expect(s8).not.toMatch(/18.28 mil/)
    }
  )
})
