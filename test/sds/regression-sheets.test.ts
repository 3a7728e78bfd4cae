// Issue 32 §6: a regression set of 61 substances, the US and the EU sheet each, field by
// field against the source that sets the value. Frozen: the rows were written from the staged
// sources (../shared/data/sds: OSHA Table Z-1, the EU IOELV/BOELV transcription, CLP Annex VI ATP 21)
// and the NIOSH Pocket Guide copy (harej/niosh@2cce688), never from the sheet; do not tune them.
//   us: the Table Z-1 value the US sheet must print (or the NIOSH page that gives the PEL)
//   npg: the Pocket Guide page that gives REL/IDLH and the respirator bands
//   eu: the EU limit value the EU sheet must print, with its directive
//   signal, h: the Annex VI entry's signal word and label H statements (EU sheet)
// Section 14's UN numbers for the same substances: regression-transport.test.ts.
import { describe, expect, it } from 'vitest'
import { resolveRequest } from '../../workers/sds/domain/chem/request'
import { hCodes } from '../../workers/sds/domain/sheet/codes'
import { protectionBlocks } from '../../workers/sds/domain/sheet/content'
import { gatherFacts } from '../../workers/sds/domain/sheet/facts'
import { SHEET_ROWS } from './fixtures/regression-sheets-rows'

const ROWS = SHEET_ROWS

async function facts(id: string, j: 'us' | 'eu') {
  const res = await resolveRequest({ chemical_identifier: id })
  if (!res.ok) throw new Error(`${id}: ${res.code}`)
  return gatherFacts(res.substance, j)
}

describe('regression set: Sections 2 and 8 against their sources', () => {
  it('has at least 60 substances', () => {
    expect(new Set(ROWS.map((r) => r.cas)).size).toBeGreaterThanOrEqual(60)
  })
  it.each(ROWS)('$id ($cas) US: limit values present where a source has one, PPE rows with their rules', { timeout: 60_000 }, async (r) => {
    const f = await facts(r.id, 'us')
    const l = f.exposureLimits
    if (r.us || r.npg) expect((l?.osha.length ?? 0) + (l?.niosh.length ?? 0), 'OEL present').toBeGreaterThan(0)
    if (r.us?.value) expect(l?.osha.map((x) => x.values).join(' | '), r.us.source).toContain(r.us.value)
    if (r.npg) expect(l?.niosh.map((x) => x.list).join(' | ')).toContain(r.npg)
    const block = protectionBlocks(f)[0]
    if (block.kind !== 'table') throw new Error('no protection table')
    expect(block.rows.map((x) => x[0])).toEqual(['Eyes/face', 'Hands', 'Respiratory'])
    for (const row of block.rows) expect(row[2].length, `${row[0]} cites its rule`).toBeGreaterThan(10)
    // A Pocket Guide page without respirator bands (potassium hydroxide, glycerin) is named, not hidden.
    if (r.npg) expect(block.rows[2][1]).toMatch(new RegExp(`APF|${r.npg}`))
  })
  it.each(ROWS)('$id ($cas) EU: limit value, signal word and H statements of the Annex VI entry', { timeout: 60_000 }, async (r) => {
    const f = await facts(r.id, 'eu')
    if (r.eu) expect(f.exposureLimits?.eu.map((x) => `${x.list}: ${x.values}`).join(' | '), r.eu.source).toContain(r.eu.value)
    if (r.signal) expect(f.label?.signalWord, `Annex VI ${r.annex}`).toBe(r.signal)
    if (r.h) {
      const codes = hCodes(f)
      for (const h of r.h) expect(codes.has(h), `${h} of Annex VI ${r.annex}`).toBe(true)
    }
    const eyes = protectionBlocks(f)[0]
    if (eyes.kind === 'table' && r.h?.some((h) => ['H314', 'H318', 'H319'].includes(h))) expect(eyes.rows[0][1]).toMatch(/^Goggles/)
  })
})
