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
  it('triethylamine (EU): EN ISO 374-1 gloves for its skin classes; material and breakthrough time not in our data', async () => {
    const r = await rows('121-44-8', 'eu')
    expect(r.Hands[0]).toContain('tested to EN ISO 374-1')
    expect(r.Hands[0]).toContain('H311, H314')
    expect(r.Hands[0]).toContain("the glove maker's permeation data for this substance decide")
    expect(r.Hands[0]).not.toMatch(/nitrile|butyl|neoprene|\d+ ?mm/i)
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
  it('sulfuric acid (EU): no filter type guessed where no rule covers it', async () => {
    expect((await rows('7664-93-9', 'eu')).Respiratory[0]).toMatch(/^No filter type selected/)
  })
  it('a substance with no inhalation class and no limit value gets no respirator', async () => {
    expect((await rows('ibuprofen', 'eu')).Respiratory[0]).toBe('Not required under normal use by the rules here.')
  })
})
