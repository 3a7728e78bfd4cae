import type { DiffOp } from './line-diff'

/** A run of changes with the unchanged lines around it; line numbers count from 1. */
export type Hunk = { oldStart: number; newStart: number; rows: DiffOp[] }

export type Hunks = { hunks: Hunk[]; added: number; removed: number; rowsLeftOut: number }

/**
 * The changed lines with `context` unchanged lines around each change (closer changes share a
 * hunk), as `diff -u` shows them; at most `maxRows` rows in all, the rest counted. One pass. `ops` start at line
 * `skipped` + 1 of both versions.
 */
export function toHunks(ops: DiffOp[], limits: { contextLines: number; maxRows: number }, skipped = 0): Hunks {
  const changed: number[] = []
  let added = 0
  let removed = 0
  for (let i = 0; i < ops.length; i++) {
    if (ops[i].op === '+') added++
    else if (ops[i].op === '-') removed++
    else continue
    changed.push(i)
  }
  const hunks: Hunk[] = []
  let shown = 0
  let rowsLeftOut = 0
  // Line numbers of ops[i] in the old and new versions, advanced as i moves forward.
  let at = 0
  let oldLine = skipped + 1
  let newLine = skipped + 1
  const advanceTo = (i: number) => {
    for (; at < i; at++) {
      if (ops[at].op !== '+') oldLine++
      if (ops[at].op !== '-') newLine++
    }
  }
  let c = 0
  while (c < changed.length) {
    const from = Math.max(0, changed[c] - limits.contextLines)
    let to = changed[c]
    while (c + 1 < changed.length && changed[c + 1] - to <= 2 * limits.contextLines + 1) to = changed[++c]
    c++
    const end = Math.min(ops.length, to + limits.contextLines + 1)
    advanceTo(from)
    const room = Math.max(0, limits.maxRows - shown)
    const rows = ops.slice(from, from + Math.min(room, end - from))
    rowsLeftOut += end - from - rows.length
    if (rows.length > 0) hunks.push({ oldStart: oldLine, newStart: newLine, rows })
    shown += rows.length
  }
  return { hunks, added, removed, rowsLeftOut }
}
