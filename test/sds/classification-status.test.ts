// Issue 32 §4: classification that holds over time. An annulled Annex VI entry is not applied and
// the sheet says why and since when (rules/status.json); a specific concentration limit for a
// class the entry's class column lacks classifies the substance itself (CLP Art. 10); classes
// from a named source fill hazards Annex VI leaves open. Expected values from the sources cited
// in rules/status.json and from Annex VI (ATP 21) itself.
import { describe, expect, it } from 'vitest'
import { resolveRequest } from '../../workers/sds/domain/chem/request'
import { gatherFacts } from '../../workers/sds/domain/sheet/facts'
import { generateDocx } from '../../workers/sds/domain/sheet/generate'
import { section } from './helpers/sheet-text'
import { docxText, paragraphs } from './helpers/unzip'

const T = { timeout: 60_000 }

async function facts(id: string, j: 'us' | 'eu') {
  const r = await resolveRequest({ chemical_identifier: id })
  if (!r.ok) throw new Error(`${id}: ${r.code}`)
  return { f: gatherFacts(r.substance, j), r }
}

async function text(id: string, j: 'us' | 'eu') {
  const { r } = await facts(id, j)
  const out = await generateDocx(r.substance, j, {}, new Date('2026-11-28T10:00:00Z'))
  return `\n${paragraphs(await docxText(out.bytes)).join('\n')}`
}

describe('annulled entries are not applied', () => {
  it('titanium dioxide (EU): no Carc. 2 H351; Section 2 names T-279/20 (2022) and C-71/23 P (2025)', T, async () => {
    const { f } = await facts('13463-67-7', 'eu')
    expect(f.classification.pairs.map((p) => p.cls)).not.toContain('Carc. 2')
    expect(f.indexNo).toBeNull()
    const s2 = section(await text('13463-67-7', 'eu'), 2)
    expect(s2).not.toContain('H351: Suspected of causing cancer')
    expect(s2).toContain('CLP Annex VI entry 022-006-00-2')
    expect(s2).toContain('annulled since 2022-11-23')
    expect(s2).toContain('Joined Cases T-279/20, T-283/20 and T-288/20')
    expect(s2).toContain('1 August 2025 in Joined Cases C-71/23 P and C-82/23 P')
  })
  it('titanium dioxide (US): the same, and the label has no GHS08', T, async () => {
    const { f } = await facts('titanium dioxide', 'us')
    expect(f.label?.pictograms ?? []).not.toContain('GHS08')
    expect(f.classification.notes.join(' ')).toContain('annulled since 2022-11-23')
  })
})

describe('a specific concentration limit that adds a class (CLP Art. 10)', () => {
  it('triethylamine: STOT SE 3 H335 from "STOT SE 3; H335: C >= 1 %" of 612-004-00-5 (ATP 21)', T, async () => {
    const { f } = await facts('triethylamine', 'eu')
    const p = f.classification.pairs.find((x) => x.cls === 'STOT SE 3')
    expect(p?.h).toBe('H335')
    expect(p?.basis).toContain('specific concentration limit STOT SE 3; H335: C ≥ 1 %')
    expect(f.label?.hazardStatements.map((s) => s.code)).toContain('H335')
  })
  it('held out: formaldehyde (gas) gets STOT SE 3 H335 from "STOT SE 3; H335: C ≥ 5 %" of 605-001-00-5', T, async () => {
    const { f } = await facts('formaldehyde', 'eu')
    expect(f.classification.pairs.some((x) => x.cls === 'STOT SE 3' && x.h === 'H335')).toBe(true)
  })
  it('held out: an SCL below 100 % never adds a class (sodium hydroxide: Skin Irrit. 2 only at 0.5-2 %)', T, async () => {
    const { f } = await facts('sodium hydroxide', 'eu')
    expect(f.classification.pairs.map((x) => x.cls)).not.toContain('Skin Irrit. 2')
    expect(f.classification.pairs.map((x) => x.cls)).not.toContain('Eye Irrit. 2')
  })
  it('held out: triethylamine 0.5 % in water falls below the SCL and loses STOT SE 3', T, async () => {
    const r = await resolveRequest({ chemical_identifier: 'triethylamine', concentration: 0.5 })
    if (!r.ok) throw new Error(r.code)
    const f = gatherFacts(r.substance, 'eu')
    expect(f.classification.pairs.map((x) => x.cls)).not.toContain('STOT SE 3')
  })
})

describe('classes from a named source where Annex VI leaves the hazard open', () => {
  it('lead(II) nitrate: Ox. Sol. 2 H272 with its source (UN1469, 5.1 PG II); the sheet ships as UN1469', T, async () => {
    const { f } = await facts('lead nitrate', 'us')
    const p = f.classification.pairs.find((x) => x.cls === 'Ox. Sol. 2')
    expect(p?.h).toBe('H272')
    expect(p?.by).toBe('supplier')
    expect(p?.basis).toContain('UN1469 Lead nitrate, class 5.1, packing group II')
    expect(f.transport?.entry?.id).toBe('UN1469')
    expect(f.transport?.entry?.hazardClass).toBe('5.1')
  })
  it('dichloromethane: STOT SE 3 H336 from the REACH registrations (ECHA Brief Profile), Carc. 2 kept', T, async () => {
    const { f } = await facts('dichloromethane', 'eu')
    const codes = f.label?.hazardStatements.map((s) => s.code) ?? []
    expect(codes).toContain('H336')
    expect(codes).toContain('H351')
    expect(f.classification.pairs.find((x) => x.h === 'H336')?.basis).toContain('ECHA')
  })
  it('held out: a substance without a named source gets no class from this table (toluene keeps its own)', T, async () => {
    const { f } = await facts('toluene', 'eu')
    expect(f.classification.pairs.every((x) => !x.basis.includes('ECHA') && !x.basis.includes('UN1469'))).toBe(true)
  })
})
