// Issue 32 point 3 (Section 8.2): eye, hand and respiratory protection from cited rules
// (workers/sds/domain/sheet/protection-rules.json). Eye rules: EN 166 fields of use (DGUV Regel
// 112-192 Table 7) and 29 CFR 1910.133; filters: EN 14387 types (DGUV Regel 112-190 Table 13);
// US respirators: the NIOSH Pocket Guide page's bands (npgd0004 acetone, npgd0028 ammonia).
import { describe, expect, it } from 'vitest'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { protectionBlocks } from '../../workers/sds/domain/sheet/content'
import { gatherFacts } from '../../workers/sds/domain/sheet/facts'

async function rows(id: string, j: 'us' | 'eu'): Promise<Record<string, [string, string]>> {
  const r = await resolveIdentifier(id)
  if (!r.ok) throw new Error(r.code)
  const block = protectionBlocks(gatherFacts(r.substance, j))[0]
  if (block.kind !== 'table') throw new Error('no table')
  return Object.fromEntries(block.rows.map(([what, text, rule]) => [what, [text, rule]]))
}

describe('Section 8.2: eyes and face from the classification and the state', () => {
  it('sulfuric acid (EU, liquid, H314): goggles and a face shield, EN 166 field of use 3', async () => {
    const r = await rows('7664-93-9', 'eu')
    expect(r['Eyes/face'][0]).toContain('Goggles and a face shield, EN 166 field of use 3')
    expect(r['Eyes/face'][1]).toContain('DGUV Regel 112-192')
  })
  it('sodium hydroxide (EU, solid, H314): dust goggles (field of use 4 or 5), face shield for solutions', async () => {
    const r = await rows('1310-73-2', 'eu')
    expect(r['Eyes/face'][0]).toContain('EN 166 field of use 4 or 5 (dust)')
  })
  it('acetone (US, H319): chemical splash goggles without a face shield, under 29 CFR 1910.133', async () => {
    const r = await rows('67-64-1', 'us')
    expect(r['Eyes/face'][0]).toMatch(/^Chemical splash goggles \(/)
    expect(r['Eyes/face'][1]).toContain('29 CFR 1910.133')
  })
  it('ammonia 25 % is a liquid for eye protection although ammonia is a gas', async () => {
    const r = await rows('ammonia solution 25%', 'eu')
    expect(r['Eyes/face'][0]).toContain('field of use 3 (droplets and splashes)')
  })
})

describe('Section 8.2: gloves say what is missing instead of guessing a material', () => {
  it('triethylamine (EU): not in the chart: EN ISO 374-1 gloves for its skin classes, no material named', async () => {
    const r = await rows('121-44-8', 'eu')
    expect(r.Hands[0]).toContain('tested to EN ISO 374-1')
    expect(r.Hands[0]).toContain('H311, H314')
    expect(r.Hands[0]).toContain('the glove chart in our data does not list this substance, so none is named here')
    expect(r.Hands[0]).not.toMatch(/nitrile|butyl|neoprene|viton|\d+ ?mm/i)
  })
  it('n-hexane and xylene: the chart says "Hexane" and "Xylene", which do not name one substance: no material', async () => {
    for (const id of ['110-54-3', '1330-20-7', '95-47-6']) expect((await rows(id, 'eu')).Hands[0]).toContain('does not list this substance')
  })
})

// The chart: University of Nevada, Reno EH&S, Glove Selection Guidelines (revised January 2022),
// scripts/sds/glove-chart-unr.tsv: Acetone Butyl; Sulfuric Acid Butyl, Viton; Hydrochloric Acid
// Butyl, Latex, Nitrile; Tetrahydrofuran 4H; Nitric Acid Butyl, Viton; thick gloves 18-28 mil.
describe('Section 8.2: glove material from the cited chart, with its thickness, never a breakthrough time', () => {
  it('acetone (EU and US): butyl rubber for direct contact, 18-28 mil, thin nitrile for incidental contact', async () => {
    for (const j of ['eu', 'us'] as const) {
      const [text, rule] = (await rows('67-64-1', j)).Hands
      expect(text).toContain('Material for direct contact: butyl rubber (the chart lists "Acetone"')
      expect(text).toContain('usually 18-28 mil (0.46-0.71 mm)')
      expect(text).toContain('thin nitrile glove')
      expect(text).toContain(
        "Breakthrough time: not in the source; the glove maker's permeation data (EN ISO 374-1 type, EN 16523-1) decide."
      )
      expect(rule).toContain('University of Nevada, Reno')
      expect(rule).toContain('https://www.unr.edu/ehs/policies-manuals/chemical-hygiene-plan/glove-selection-guidelines')
    }
  })
  it('sulfuric acid: butyl rubber or Viton, and no incidental-nitrile advice for an inorganic acid', async () => {
    const text = (await rows('7664-93-9', 'eu')).Hands[0]
    expect(text).toContain('butyl rubber or Viton (fluorocarbon rubber)')
    expect(text).not.toContain('thin nitrile')
  })
  it('THF: 4H (laminate) only', async () => {
    expect((await rows('THF', 'eu')).Hands[0]).toContain('Material for direct contact: 4H (laminate) (')
  })
  it("hydrochloric acid 37 % gets the chart's row; hydrogen chloride (the gas entry 017-002-00-2) does not", async () => {
    expect((await rows('hydrochloric acid 37%', 'eu')).Hands[0]).toContain('butyl rubber or latex (natural rubber) or nitrile rubber')
    expect((await rows('hydrogen chloride', 'eu')).Hands[0]).toContain('does not list this substance')
  })
  it('nitric acid 65 % (one CAS number, two Annex VI entries): the chart\'s "Nitric Acid" row', async () => {
    expect((await rows('nitric acid 65%', 'eu')).Hands[0]).toContain('butyl rubber or Viton')
  })
})

describe('Section 8.2: respiratory protection', () => {
  it('acetone (EU, bp 56 °C): filter type AX; (US): the NIOSH band up to 2500 ppm with APF 10', async () => {
    expect((await rows('67-64-1', 'eu')).Respiratory[0]).toContain('Gas filter type AX (organic vapour, boiling point 56.1 °C)')
    const us = (await rows('67-64-1', 'us')).Respiratory
    expect(us[0]).toContain('Up to 2500 ppm: (APF = 10) Any chemical cartridge respirator with organic vapor cartridge(s)')
    expect(us[1]).toContain('29 CFR 1910.134(d)(3)(i)')
  })
  it('toluene (EU, bp 111.1 °C): type A; ammonia and triethylamine: type K; hydrochloric acid: type E; mercury(II) chloride: Hg-P3', async () => {
    expect((await rows('108-88-3', 'eu')).Respiratory[0]).toContain('Gas filter type A (organic vapour, boiling point 111.1 °C)')
    expect((await rows('ammonia solution 25%', 'eu')).Respiratory[0]).toContain('Gas filter type K')
    expect((await rows('121-44-8', 'eu')).Respiratory[0]).toContain('Gas filter type K')
    expect((await rows('hydrochloric acid 37%', 'eu')).Respiratory[0]).toContain('Gas filter type E')
    expect((await rows('7487-94-7', 'eu')).Respiratory[0]).toContain('Gas filter type Hg-P3')
  })
  it('sodium hydroxide (EU, solid): particle filter P, the class left to the ratio to the limit', async () => {
    const r = (await rows('1310-73-2', 'eu')).Respiratory[0]
    expect(r).toContain('Particle filter P (EN 143)')
    expect(r).toContain('not calculated here')
  })
  it('acetone (EU): the filter-class rule of DGUV Regel 112-190 printed with the 8.1 value, no class chosen', async () => {
    const [text, rule] = (await rows('67-64-1', 'eu')).Respiratory
    expect(text).toContain(
      'from the ratio of the expected concentration to the limit value 8 h TWA 1210 mg/m³ / 500 ppm (IOELV, Commission Directive 2000/39/EC'
    )
    expect(text).toContain(
      'half mask with gas filter 30; full mask with gas filter 400, and at most 1000 ml/m³ (0.1 % by volume) with a class 1 gas filter'
    )
    expect(text).not.toMatch(/\b(A|AX)[123]\b/)
    expect(rule).toContain('DGUV Regel 112-190')
    expect(text).toContain('AX filters (low-boiling organic compounds) may be used against one substance only and within one shift')
    expect((await rows('108-88-3', 'eu')).Respiratory[0]).not.toContain('AX filters')
  })
  it('sodium hydroxide (EU, solid): the particle-filter multiples, P1 4 … full mask P3 400', async () => {
    const text = (await rows('1310-73-2', 'eu')).Respiratory[0]
    expect(text).toContain(
      'FFP1 or half mask with P1 filter 4; FFP2 or half mask with P2 filter 10; full mask with P2 filter 15; FFP3 or half mask with P3 filter 30; full mask with P3 filter 400'
    )
    expect(text).not.toMatch(/\bP[123]\b[^;]*recommended/)
  })
  it('sulfuric acid (EU): no filter type guessed where no rule covers it', async () => {
    expect((await rows('7664-93-9', 'eu')).Respiratory[0]).toMatch(/^No filter type selected/)
  })
  it('a substance with no inhalation class and no limit value gets no respirator', async () => {
    expect((await rows('ibuprofen', 'eu')).Respiratory[0]).toBe('Not required under normal use by the rules here.')
  })
})
