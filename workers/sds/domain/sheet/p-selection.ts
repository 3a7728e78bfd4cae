/**
 * CLP Article 28(3): normally no more than six precautionary statements on the label; the others
 * stay in Section 2 of the sheet. The choice follows the order of p-selection.json, then the
 * order the statements were allocated in, so it is the same on every run.
 */
import type { Statement } from '../ghs/engine'
import selection from './p-selection.json'

export function selectForLabel(all: Statement[]): { label: Statement[]; sheetOnly: Statement[] } {
  if (all.length <= selection.limit) return { label: all, sheetOnly: [] }
  const rank = (s: Statement) => {
    const i = selection.order.indexOf(s.code)
    return i < 0 ? selection.order.length : i
  }
  const chosen = new Set(
    all
      .map((s, i) => ({ s, i }))
      .sort((a, b) => rank(a.s) - rank(b.s) || a.i - b.i)
      .slice(0, selection.limit)
      .map((x) => x.s)
  )
  return { label: all.filter((s) => chosen.has(s)), sheetOnly: all.filter((s) => !chosen.has(s)) }
}
