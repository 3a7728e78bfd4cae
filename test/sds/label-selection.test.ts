// Issue 32 point 4: P-statements selected for the EU label as CLP Article 28(3) says (normally
// at most six; the rest in Section 2 of the sheet only), and every "…" filled from our data or
// by a labelled placeholder (GHS Rev. 7 Annex 3 A3.2.2). Rules: p-selection.json, placeholders.json.
import { describe, expect, it } from 'vitest'
import { resolveIdentifier } from '../../workers/sds/domain/chem/resolve'
import { labelBlocks } from '../../workers/sds/domain/sheet/content'
import { gatherFacts } from '../../workers/sds/domain/sheet/facts'
import type { Statement } from '../../workers/sds/domain/ghs/engine'

const BARE_ELLIPSIS = /(?<!\[)…(?![^[]*\])/

async function label(id: string, j: 'us' | 'eu') {
  const r = await resolveIdentifier(id)
  if (!r.ok) throw new Error(r.code)
  const blocks = labelBlocks(gatherFacts(r.substance, j))
  const statements = (pick: (title: string) => boolean) =>
    blocks.flatMap((b) => (b.kind === 'statements' && pick(b.title) ? (b.items as Statement[]) : []))
  return {
    onLabel: statements((t) => t.startsWith('Precautionary statements')),
    sheetOnly: statements((t) => t.startsWith('Further precautionary statements')),
    notes: blocks.flatMap((b) => (b.kind === 'p' ? [b.text] : [])),
  }
}

describe('CLP Article 28(3): six precautionary statements on the EU label, the rest in Section 2', () => {
  it('sulfuric acid (EU, 15 statements): 6 on the label, led by the response to corrosion, 9 on the sheet only', async () => {
    const l = await label('7664-93-9', 'eu')
    expect(l.onLabel.map((s) => s.code)).toEqual(['P280', 'P301+P330+P331', 'P303+P361+P353', 'P304+P340', 'P305+P351+P338', 'P310'])
    expect(l.sheetOnly.map((s) => s.code)).toContain('P501')
    expect(l.onLabel.length + l.sheetOnly.length).toBe(15)
    expect(l.notes.join('\n')).toContain('The label carries 6 of the 15 precautionary statements')
  })
  it('sulfuric acid (US): no six-statement rule in 29 CFR 1910.1200: every statement stays on the label', async () => {
    const l = await label('7664-93-9', 'us')
    expect(l.sheetOnly).toEqual([])
    expect(l.onLabel.length).toBeGreaterThan(6)
  })
  it('zinc oxide (EU, H410 only): six or fewer statements are all on the label, no split', async () => {
    const l = await label('1314-13-2', 'eu')
    expect(l.onLabel.length).toBeGreaterThan(0)
    expect(l.sheetOnly).toEqual([])
    expect(l.onLabel.length).toBeLessThanOrEqual(6)
  })
})

describe('every "…" is filled or a labelled placeholder', () => {
  it('sulfuric acid (EU): P264, P310, P321 and P406 say what the supplier must complete', async () => {
    const all = Object.fromEntries(
      [...(await label('7664-93-9', 'eu')).onLabel, ...(await label('7664-93-9', 'eu')).sheetOnly].map((s) => [s.code, s.text])
    )
    expect(all.P264).toBe('Wash [… to be completed by the supplier: the parts of the body to wash] thoroughly after handling.')
    expect(all.P310).toContain('POISON CENTRE/doctor/[… to be completed by the supplier: the emergency medical contact]')
    expect(all.P406).toContain('[… to be completed by the supplier: other compatible container materials]')
  })
  it('P302+P352 drops "/…" (water is the default cleansing agent)', async () => {
    const l = await label('108-95-2', 'us')
    const p352 = l.onLabel.find((s) => s.code.includes('P352'))
    expect(p352?.text).toMatch(/Wash with plenty of water\.?$/)
  })
  it.each([
    '7664-93-9',
    '7697-37-2',
    '7647-01-0',
    '1310-73-2',
    '67-64-1',
    '108-88-3',
    '110-54-3',
    '109-99-9',
    '121-44-8',
    '10099-74-8',
    '7758-98-7',
    '50-00-0',
    '75-09-2',
    '7722-84-1',
    '7681-52-9',
    '143-33-9',
    '108-95-2',
    '7664-39-3',
    '7782-50-5',
    '64-19-7',
    '75-05-8',
    '107-21-1',
    '7439-97-6',
    '1314-13-2',
    '7784-46-5',
  ])('%s: no bare "…" on either sheet, at most six statements on the EU label', async (cas) => {
    const r = await resolveIdentifier(cas)
    // Ambiguous CAS numbers (hydrogen chloride / hydrochloric acid) are covered by their names elsewhere.
    if (!r.ok) return expect(r.code).toBe('AMBIGUOUS_IDENTIFIER')
    for (const j of ['us', 'eu'] as const) {
      const l = await label(cas, j)
      for (const s of [...l.onLabel, ...l.sheetOnly]) expect(s.text, `${j} ${s.code}`).not.toMatch(BARE_ELLIPSIS)
      if (j === 'eu') expect(l.onLabel.length).toBeLessThanOrEqual(6)
    }
  })
})
