/**
 * The bounds of a line diff between two versions of a drop, decided before any work (issue 35
 * §3): Myers' O(ND) algorithm (E. W. Myers, "An O(ND) Difference Algorithm and Its
 * Variations", Algorithmica 1, 1986) costs one step per diagonal visited and one per line
 * compared along a snake; past `maxSteps` it stops and the page says the versions are too
 * different to show line by line. Splitting, the shared head and tail, and the output are
 * linear in the two inputs; the rows shown are capped by `maxRows`.
 */
export const DIFF_LIMITS = {
  /** Work of the search between the first and last changed lines (diagonals + compared lines). */
  maxSteps: 1_000_000,
  /** Unchanged lines shown around each change (as `diff -u` does). */
  contextLines: 3,
  /** Rows of the diff shown at most; the rest is counted, not shown. */
  maxRows: 5_000,
} as const

export type DiffLimits = { maxSteps: number; contextLines: number; maxRows: number }
