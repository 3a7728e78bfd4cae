import { type Comparison, compareVersions } from '../domain/diff/compare'
import { getRevision, listRevisions, type ListedRevision, type Revision } from '../revisions'
import type { DropRecord } from '../schemas'
import type { DropStore } from '../store'
import type { DiffTarget } from '../pages/history'

/**
 * The kept versions of a drop the caller may already see (the route found it live). A
 * burn-after-reading drop has none, and says so without asking D1.
 */
export async function historyOf(store: DropStore, drop: DropRecord): Promise<ListedRevision[] | null> {
  if (drop.burn) return null
  return listRevisions(store, drop.slug)
}

export type RevisionDiff = { from: Revision; to: DiffTarget; comparison: Comparison }

/**
 * What the edit after version `n` changed: version n against version n + 1, or against the
 * current version when n is the last kept. Null when version n is not kept.
 */
export async function diffAfter(store: DropStore, drop: DropRecord, n: number): Promise<RevisionDiff | null> {
  if (drop.burn) return null
  const [from, next] = await Promise.all([getRevision(store, drop.slug, n), getRevision(store, drop.slug, n + 1)])
  if (!from) return null
  const to = next ? { n: next.n, title: next.title, markdown: next.markdown } : { n: null, title: drop.title, markdown: drop.markdown }
  return { from, to: { n: to.n, title: to.title }, comparison: compareVersions(from.markdown, to.markdown) }
}
