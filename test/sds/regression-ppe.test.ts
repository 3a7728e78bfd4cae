// Issue 32 points 2, 3 and 6: the regression set's 61 substances (regression-sheets-rows.ts), EU
// and US sheets, against the frozen rows of fixtures/regression-ppe-rows.ts, each naming its
// source: the French binding value of Code du travail art. R4412-149 (version of 11 May 2012) on
// the EU sheet, labelled as France's, and the glove materials of the UNR EH&S glove chart
// (January 2022) on both sheets; no French row and no material where the source has none.
import { describe, expect, it } from 'vitest'
import { resolveRequest } from '../../workers/sds/domain/chem/request'
import { protectionBlocks } from '../../workers/sds/domain/sheet/content'
import { gatherFacts } from '../../workers/sds/domain/sheet/facts'
import { PPE_ROWS } from './fixtures/regression-ppe-rows'
import { SHEET_ROWS } from './fixtures/regression-sheets-rows'

/** How the sheet spells each of the chart's material names. */
const PRINTED: Record<string, RegExp> = {
  Butyl: /^butyl rubber$/,
  Viton: /^Viton \(fluorocarbon rubber\)$/,
  '4H': /^4H \(laminate\)$/,
  Latex: /^latex \(natural rubber\)$/,
  Nitrile: /^nitrile rubber$/,
}

async function facts(id: string, j: 'us' | 'eu') {
  const res = await resolveRequest({ chemical_identifier: id })
  if (!res.ok) throw new Error(`${id}: ${res.code}`)
  return gatherFacts(res.substance, j)
}

function hands(f: Awaited<ReturnType<typeof facts>>): string {
  const block = protectionBlocks(f)[0]
  if (block.kind !== 'table') throw new Error('no protection table')
  return block.rows[1][1]
}

describe('regression set: French limit values and glove materials against their sources', () => {
  it('covers at least 60 substances, with French values and glove materials for some of them', () => {
    expect(SHEET_ROWS.length).toBeGreaterThanOrEqual(60)
    const rows = Object.values(PPE_ROWS)
    expect(rows.filter((r) => r.fr).length).toBeGreaterThanOrEqual(20)
    expect(rows.filter((r) => r.gloves).length).toBeGreaterThanOrEqual(20)
  })
  it.each(SHEET_ROWS)(
    '$id ($cas) EU: the R4412-149 value where the article has one, as France’s, else none',
    { timeout: 60_000 },
    async (r) => {
      const expected = PPE_ROWS[r.cas]?.fr
      const fr = ((await facts(r.id, 'eu')).exposureLimits?.eu ?? []).filter((x) => x.list.includes('R4412-149'))
      if (!expected) return expect(fr).toEqual([])
      expect(fr.map((x) => x.values).join(' | '), expected.source).toContain(expected.value)
      for (const x of fr) {
        expect(x.list).toMatch(/^France: Code du travail art\. R4412-149/)
        expect(x.notes).toContain('directive not stated in the source')
      }
    }
  )
  it.each(SHEET_ROWS)(
    '$id ($cas) EU and US: glove materials exactly as the chart lists them, else none',
    { timeout: 60_000 },
    async (r) => {
      const expected = PPE_ROWS[r.cas]?.gloves
      for (const j of ['eu', 'us'] as const) {
        const text = hands(await facts(r.id, j))
        if (!expected) {
          expect(text).toContain('does not list this substance')
          continue
        }
        const printed = /Material for direct contact: (.*?) \(the chart lists/.exec(text)?.[1]?.split(' or ') ?? []
        expect(printed.length, expected.source).toBe(expected.materials.length)
        expected.materials.forEach((m, i) => expect(printed[i], expected.source).toMatch(PRINTED[m]))
        expect(text).toContain('Breakthrough time: not in the source')
      }
    }
  )
})
