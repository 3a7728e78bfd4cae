/**
 * Read-across: the most similar substances of the knowledge base by Tanimoto similarity of
 * openchemlib FragFp fingerprints, over the precomputed pool of data/analogues.json (every
 * compound with a harmonised classification or an LD50). The search is one pass over ~1,000
 * fingerprints of 16 words whatever the input, keeping the best few.
 */
import analogues from './data/analogues.json'
import rules from './data/rules.json'
import { fpFromHex, FP_WORDS, tanimoto } from './fingerprint'

export type Analogue = { cas: string; tanimoto: number; ld50_mg_per_kg: number | null; close: boolean }

type Pool = { cas: string[]; fps: Uint32Array; ld50: Array<number | null> }
let pool: Pool | null = null

function load(): Pool {
  if (pool) return pool
  const rows = analogues.rows as Array<[string, string, number | null]>
  const fps = new Uint32Array(rows.length * FP_WORDS)
  for (const [i, r] of rows.entries()) fpFromHex(r[1], fps, i * FP_WORDS)
  return (pool = { cas: rows.map((r) => r[0]), fps, ld50: rows.map((r) => r[2]) })
}

export const READ_ACROSS_SOURCE = analogues.source

/**
 * The `k` most similar pool substances, best first (ties by CAS for a stable order). `exclude`
 * takes substances out of the pool, for leave-one-out validation.
 */
export function nearestAnalogues(fp: Uint32Array, k = rules.read_across.analogues, exclude: ReadonlySet<string> = new Set()): Analogue[] {
  const p = load()
  const best: Array<{ i: number; s: number }> = []
  for (let i = 0; i < p.cas.length; i++) {
    if (exclude.has(p.cas[i])) continue
    const s = tanimoto(fp, p.fps, i * FP_WORDS)
    if (best.length === k && s <= best[k - 1].s) continue
    best.push({ i, s })
    best.sort((a, b) => b.s - a.s || p.cas[a.i].localeCompare(p.cas[b.i]))
    if (best.length > k) best.pop()
  }
  return best.map(({ i, s }) => ({
    cas: p.cas[i],
    tanimoto: Math.round(s * 1000) / 1000,
    ld50_mg_per_kg: p.ld50[i],
    close: s >= rules.read_across.close_analogue_tanimoto,
  }))
}
