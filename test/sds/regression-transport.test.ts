// Issue 32 §6 (Section 14 part): a regression set of 66 substances, the US and the EU sheet each,
// against the entry the regulation names. Source per row: the 49 CFR 172.101 entry (eCFR of
// 2026-06-01) whose proper shipping name is given; '-' rows: no entry of the table names the
// substance. `want` is what the sheet must print; where our data cannot reach the regulation's
// answer the row says so (`gap`) and the sheet must not print a wrong entry instead.
import { describe, expect, it } from 'vitest'
import { resolveRequest } from '../../workers/sds/domain/chem/request'
import { gatherFacts } from '../../workers/sds/domain/sheet/facts'
import { TRANSPORT_ROWS } from './fixtures/regression-transport-rows'

const ROWS = TRANSPORT_ROWS

describe('Section 14 regression set (49 CFR 172.101 entry per row)', () => {
  it('has at least 60 substances', () => {
    expect(new Set(ROWS.map((r) => r.id)).size).toBeGreaterThanOrEqual(60)
  })
  it.each(ROWS.flatMap((r) => (['us', 'eu'] as const).map((j) => ({ ...r, j }))))(
    '$id ($j): $un, $source',
    { timeout: 60_000 },
    async (r) => {
      const res = await resolveRequest({ chemical_identifier: r.id })
      if (!res.ok) throw new Error(`${r.id}: ${res.code}`)
      const t = gatherFacts(res.substance, r.j).transport!
      if (!r.gap) {
        expect(t.entry?.id).toBe(r.un)
        return
      }
      expect(t.how).toBe(r.gap)
      expect(t.entry).toBeNull()
      if (r.gap === 'choice') expect(t.candidates.map((c) => c.id)).toContain(r.un)
    }
  )
})
