// Issue 15 (Sections 7 and 10): incompatibilities, storage, reactivity and decomposition products
// from the reactive class of each substance (workers/sds/domain/sheet/reactivity-rules.json), checked
// field by field on whole generated sheets.
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

function section(text: string, n: number): string {
  const start = text.search(new RegExp(`(^|\\n)(SECTION )?${n}[.:]? `, 'i'))
  const rest = text.slice(start + 1)
  const end = rest.search(new RegExp(`\\n(SECTION )?${n + 1}[.:]? `, 'i'))
  return end > 0 ? rest.slice(0, end) : rest
}

/** A subsection's text: from its heading to the next heading of the same section. */
function sub(sectionText: string, heading: string, next: string): string {
  const a = sectionText.indexOf(heading)
  const b = sectionText.indexOf(next, a + heading.length)
  expect(a).toBeGreaterThanOrEqual(0)
  return sectionText.slice(a, b > a ? b : undefined)
}

describe('Sections 7 and 10 by reactive class (EU sheet, subsection by subsection)', () => {
  it('sulfuric acid: never water to the concentrated acid; incompatible with bases, not with acids', { timeout: 60_000 }, async () => {
    const t = await sheet('7664-93-9', 'eu')
    const s7 = section(t, 7)
    const s10 = section(t, 10)
    expect(sub(s7, '7.1.', '7.2.')).toContain('always add the acid slowly to water while stirring, never water to the concentrated acid')
    const inc = sub(s10, '10.5.', '10.6.')
    expect(inc).toContain('strong bases (violent neutralisation, heat)')
    expect(inc).toContain('reactive metals such as sodium, potassium, magnesium, zinc and aluminium powder (hydrogen is released)')
    expect(inc).toContain('cyanides, sulfides and hypochlorites')
    expect(inc).not.toMatch(/acids/)
    expect(inc).toContain('US EPA-600/2-80-076 (Hatayama et al. 1980)')
    expect(sub(s7, '7.2.', '7.3.')).toContain('Keep away from: strong bases')
    expect(sub(s10, '10.1.', '10.2.')).toContain('Acid: reacts exothermically with bases')
    expect(sub(s10, '10.3.', '10.4.')).toContain('adding water to it')
    expect(sub(s10, '10.4.', '10.5.')).toContain('Avoid adding water to the concentrated acid')
    const s106 = sub(s10, '10.6.', 'SECTION 11')
    expect(s106).toContain('hydrogen (flammable) on contact with metals')
    expect(s106).toContain('sulfur oxides')
    expect(section(t, 16)).toContain('EPA-600/2-80-076')
  })
  it('sodium hydroxide: incompatible with acids and light metals, not with bases; heat of solution', { timeout: 60_000 }, async () => {
    const t = await sheet('1310-73-2', 'us')
    const s10 = section(t, 10)
    const inc = sub(s10, '(e) Incompatible materials', '(f)')
    expect(inc).toContain('strong acids (violent neutralisation, heat)')
    expect(inc).toContain('aluminium, zinc, tin and their alloys (hydrogen is released)')
    expect(inc).not.toMatch(/bases/)
    expect(section(t, 7)).toContain('add the substance slowly to cold water while stirring, never water to it')
    expect(sub(s10, '(c) Possibility of hazardous reactions', '(d)')).toContain('strong heat of solution in water')
  })
  it('acetone: flammable, incompatible with strong oxidising agents only; no acid or base advice', { timeout: 60_000 }, async () => {
    const t = await sheet('67-64-1', 'eu')
    const s10 = section(t, 10)
    expect(sub(s10, '10.5.', '10.6.')).toContain('Keep away from: strong oxidising agents (fire, explosion). (Reactive class: flammable;')
    expect(s10).not.toMatch(/acid|base/i)
    expect(sub(s10, '10.4.', '10.5.')).toContain('Avoid heat, sparks, open flames and other ignition sources.')
    expect(sub(section(t, 7), '7.2.', '7.3.')).toContain('separated from oxidising agents')
  })
  it('sodium (water-reactive): water and moisture first; no water-based advice in storage', { timeout: 60_000 }, async () => {
    const t = await sheet('7440-23-5', 'eu')
    const s10 = section(t, 10)
    expect(sub(s10, '10.1.', '10.2.')).toContain('Reacts with water.')
    expect(sub(s10, '10.5.', '10.6.')).toContain('Keep away from: water, moisture and humid air; acids, alcohols and other proton donors')
    expect(sub(s10, '10.4.', '10.5.')).toContain('contact with water, moisture or humid air')
    expect(sub(s10, '10.6.', 'SECTION 11')).toContain('the gas released on contact with water')
    expect(sub(section(t, 7), '7.1.', '7.2.')).toContain('Handle under a dry inert gas')
  })
  it('hydrogen peroxide (oxidiser): combustibles and reducing agents; never "strong oxidising agents"; oxygen in 10.6', {
    timeout: 60_000,
  }, async () => {
    const t = await sheet('7722-84-1', 'eu')
    const s10 = section(t, 10)
    const inc = sub(s10, '10.5.', '10.6.')
    expect(inc).toContain('combustible and organic materials (wood, paper, oils, solvents); reducing agents; powdered metals')
    expect(inc).not.toContain('oxidising agents')
    expect(sub(s10, '10.1.', '10.2.')).toContain('Oxidiser: may cause or intensify fire.')
    expect(sub(s10, '10.6.', 'SECTION 11')).toContain('oxygen, which intensifies a fire')
  })
  it('sodium chloride (no reactive class): says what is missing instead of inventing advice', { timeout: 60_000 }, async () => {
    const t = await sheet('sodium chloride', 'eu')
    const s10 = section(t, 10)
    expect(sub(s10, '10.5.', '10.6.')).toContain(
      'No data available: no incompatibility follows from the classification, and the sources used give none.'
    )
    expect(sub(s10, '10.3.', '10.4.')).toContain('No data available: none follow from the classification')
    expect(section(t, 7)).not.toContain('Keep away from:')
  })
})

describe('Section 5 extinguishing media and the P378 / P501 details', () => {
  it('acetone (flammable liquid): foam, dry chemical, CO2; P370+P378 names them; P501 asks the supplier visibly', {
    timeout: 60_000,
  }, async () => {
    const t = await sheet('67-64-1', 'us')
    const s5 = section(t, 5)
    expect(s5).toContain('Alcohol-resistant foam, dry chemical, carbon dioxide; water spray to cool containers.')
    expect(s5).toContain('A solid water jet may spread the fire.')
    expect(s5).toContain('NFPA 10')
    const s2 = section(t, 2)
    expect(s2).toContain('In case of fire: Use alcohol-resistant foam, dry chemical or carbon dioxide to extinguish.')
    expect(s2).toContain(
      'Dispose of contents/container to [… to be completed by the supplier: an appropriate treatment and disposal facility'
    )
    expect(s2).not.toContain('Use … to extinguish')
    expect(section(t, 16)).toContain('Section 5 (extinguishing media) and P378: NFPA 10')
  })
  it('sodium (water-reactive): no water, no CO2; dry sand or Class D powder, also in P378', { timeout: 60_000 }, async () => {
    const t = await sheet('7440-23-5', 'eu')
    const s5 = section(t, 5)
    expect(s5).toContain('Dry sand, dry chemical powder suitable for reactive metals (Class D)')
    expect(s5).toContain('Do NOT use water, water-based foam or carbon dioxide')
    expect(s5).toContain('Emergency Response Guidebook 2024')
    if (section(t, 2).includes('P378'))
      expect(section(t, 2)).toContain('Use dry sand, Class D dry powder or other dry inert material to extinguish')
  })
  it('hydrogen peroxide (oxidiser): flooding with water, not smothering', { timeout: 60_000 }, async () => {
    const s5 = section(await sheet('7722-84-1', 'eu'), 5)
    expect(s5).toContain('Plenty of water (flooding quantities)')
    expect(s5).toContain('Do not rely on smothering agents')
  })
  // Issue 15 point 6 changed this: the acid's reaction with water now decides 5.1 (fire-rules.json byReactiveClass).
  it('sulfuric acid (no fire class): media of the surrounding fire, no water jet on the concentrated acid, with the source', {
    timeout: 60_000,
  }, async () => {
    const s5 = section(await sheet('7664-93-9', 'eu'), 5)
    expect(s5).toContain('Extinguishing media suitable for the surrounding fire; the acid itself does not burn.')
    expect(s5).toContain('Do not direct a water jet onto the concentrated acid or into its containers')
    expect(s5).toContain('EPA-600/2-80-076')
  })
  it('sodium chloride (no fire class, not an acid): media of the surrounding fire, and the sheet says no class decides them', {
    timeout: 60_000,
  }, async () => {
    const s5 = section(await sheet('7647-14-5', 'eu'), 5)
    expect(s5).toContain('Use extinguishing media appropriate to the surrounding fire.')
    expect(s5).toContain('No hazard class in Section 2 decides the media')
  })
})
